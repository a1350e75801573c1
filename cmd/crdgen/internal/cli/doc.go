// Package cli is crdgen's command line machinery: a command's flag set,
// which also writes the flags' part of the usage text (so the text cannot
// drift from the flags), parsing that accepts flags anywhere among the
// positional arguments (crdgen crd ./api/... -o dir), package patterns
// written as controller-gen's paths= lists them (Patterns), and the
// flag.Value types crdgen's flags use.
//
// Input: the flags a command registers, and its arguments. Output: the
// parsed values, the positional arguments, the usage lines (FlagSet.Lines)
// and usage errors. It prints nothing; cmd/crdgen declares the flags and
// prints. Two things beside the flags are process-wide and live here too:
// how crdgen was run (Invocation, which reads the module's go.mod), for
// the commands crdgen prints, and the profiles of --cpuprofile and
// --memprofile (Profiles, which write them).
//
// The main type is FlagSet. The values (Choice, CommaList, CheckedList,
// OptionalInt, OptionalBool, Percent, Bytes, StringList, TagList, CodeSet,
// KubeVersion) are in values.go.
package cli
