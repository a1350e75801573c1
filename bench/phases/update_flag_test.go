package phases

// This package has no golden files. Importing the golden helpers defines
// their -update flag here too, so that "go test ./... -update" (which
// rewrites the golden files of the other packages) runs in every package.
import _ "github.com/crdgen/crdgen/internal/golden"
