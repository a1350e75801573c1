package pipeline

// This file implements remembering built CRDs: a CRD whose build has the
// same key as one remembered (schemagen.Plan.Key: everything its build
// reads) is the same CRD, so its YAML and diagnostics are taken back
// instead of building, encoding and validating it again. After a one-line
// edit, only the CRDs whose types it touched are built.

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// Builds remembers built CRDs. Lookup must give back only what Keep was
// given for the key, under the same crdgen build; both are called from
// every core.
type Builds interface {
	Lookup(key string) (Built, bool)
	Keep(key string, b Built)
}

// Built is what a CRD's build made, as the run keeps it: its file name,
// its YAML and its diagnostics (warnings: a build with errors is not
// kept), and it was accepted by the API server's validation with nothing
// to say.
type Built struct {
	FileName string
	YAML     []byte
	Diags    markers.ErrorList
	// SHA256 is YAML's SHA-256: the pipeline's for a new build (the
	// store keeps it and need not hash the YAML again), the store's check
	// for a build taken back.
	SHA256 [sha256.Size]byte
	// ReadFrom, for a build taken back, is the file the store read YAML
	// from and checked against SHA256, and Holds reports whether that file
	// is still as it was then: the write compares the output with the file
	// it would replace, and need not read it again.
	ReadFrom string
	Holds    func() bool
}

// reuse looks the i-th CRD up in the remembered builds; ok says r holds it.
// key is the build's key ("" when builds are not remembered for it).
func (b *crdBuilder) reuse(i int, r *crdResult) (key string, ok bool) {
	if b.builds == nil || b.failed || b.keep || b.analyzeAll {
		return "", false
	}
	h := sha256.Sum256([]byte("crdgen build 1\x00" + b.kubeVersion + "\x00" + b.plan.Key(i)))
	key = hex.EncodeToString(h[:])
	got, ok := b.builds.Lookup(key)
	if !ok {
		return key, false
	}
	r.build = got.Diags
	if got.ReadFrom != "" && got.Holds != nil {
		r.yaml, r.err = b.sp.KeepRead(got.YAML, got.SHA256, got.ReadFrom, got.Holds)
	} else {
		r.yaml, r.err = b.sp.Keep(got.YAML)
	}
	*r = b.kept(*r, b.plan.Reused(i, got.FileName))
	r.reused = true
	return key, true
}

// remember keeps a CRD's build, when it is to be kept: built without
// errors, written, and accepted with nothing to say.
func (b *crdBuilder) remember(key string, crd *schemagen.CRD, yaml []byte, r crdResult) {
	if key == "" || yaml == nil || r.build.HasErrors() || len(r.check) > 0 {
		return
	}
	b.builds.Keep(key, Built{FileName: crd.FileName, YAML: yaml, Diags: r.build, SHA256: r.yaml.sum})
}
