package parser

// These tests evaluate constants declared in dependencies, from source, and
// give each the type go/types gives it: enum values, whatever the form of
// their declaration.

import (
	"slices"
	"strings"
	"testing"

	"github.com/crdgen/crdgen/pkg/model"
)

func TestDependencyConstantsAreEvaluated(t *testing.T) {
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24
-- shared/shared.go --
package shared

const prefix = "very-"

// N is a length from an expression.
const N = 2 * 3

// Level is built from other constants.
// +k8s:enum
type Level string

const (
	Low  Level = "low"
	Mid  Level = Low + "-mid"
	High Level = prefix + "high"
	Same       = Low
)

// Priority counts from iota.
// +k8s:enum
type Priority string

const (
	P0 Priority = "p" + Priority(rune('0'+iota))
	P1
	P8 Priority = "p" + Priority(rune('0'+max(7, 8)))
	P9 Priority = "p" + Priority(rune('0'+imag(9i)))
)
-- api/types.go --
// +groupName=m.example.com
package api

import "example.com/m/shared"

// Spec uses the shared types.
type Spec struct {
	Level shared.Level `+"`json:\"level\"`"+`
	Six   [shared.N]int32 `+"`json:\"six\"`"+`
	P     shared.Priority `+"`json:\"p\"`"+`
}
`)
	m, diags := load(t, dir, Options{}, "./api/...")
	level := m.Lookup(model.GoIdent{ImportPath: "example.com/m/shared", Name: "Level"})
	if level == nil || !slices.Equal(level.EnumValues, []string{"low", "low-mid", "very-high"}) {
		t.Errorf("Level's values: %+v", level)
	}
	spec := m.Lookup(model.GoIdent{ImportPath: "example.com/m/api", Name: "Spec"})
	if arr, ok := spec.Underlying.(*model.Struct).Fields[1].Type.(*model.Array); !ok || arr.Len != 6 {
		t.Errorf("[shared.N]int32: %v", spec.Underlying.(*model.Struct).Fields[1].Type)
	}
	priority := m.Lookup(model.GoIdent{ImportPath: "example.com/m/shared", Name: "Priority"})
	if priority == nil || !slices.Equal(priority.EnumValues, []string{"p0", "p1", "p8"}) {
		t.Errorf("Priority's values: %+v", priority)
	}
	// The builtin imag is beyond the evaluator: it says so at the
	// declaration.
	if !strings.Contains(diagText(diags), "shared/shared.go:27:2: warning: crdgen cannot evaluate constant P9 (imag(9i) is not a conversion crdgen evaluates)") {
		t.Errorf("no warning for the constant it cannot evaluate:\n%s", diagText(diags))
	}
}

// enumModes declares a +k8s:enum type whose constants get their type in
// every way Go gives one: declared with it, from an expression with a typed
// operand, from a conversion of an expression, from a conversion of another
// package's typed constant, and repeated in a group with iota.
const enumModes = `package modes

import "example.com/dep/other"

const prefix = "fast"

// Mode is a mode.
// +k8s:enum
type Mode string

const (
	ModeA Mode = "slow"
	ModeB Mode = prefix + "-start"
	ModeC      = ModeA + "er"
	ModeD      = Mode(prefix + "-stop")
	ModeE      = Mode(other.Flavor)
	ModeF      = ModeC + "-still"
	Untyped    = prefix + "-not-a-mode"
	Other      = other.Flavor
)

const (
	Gear0 = Mode("gear-") + Mode(rune('0'+iota))
	Gear1
	Gear2
)
`

const enumOther = `package other

// Taste is another package's string type.
type Taste string

// Flavor is a typed constant of it.
const Flavor Taste = "vanilla"
`

// TestEnumConstantsTypedByTheirExpression checks that an enum's values are
// every constant go/types gives the enum's type, whether the enum is
// declared in a dependency module (built from source by crdgen) or in the
// main module (type-checked by go/types).
func TestEnumConstantsTypedByTheirExpression(t *testing.T) {
	want := []string{"fast-start", "fast-stop", "gear-0", "gear-1", "gear-2", "slow", "slower", "slower-still", "vanilla"}
	api := `-- api/types.go --
// +groupName=m.example.com
package api

import "example.com/dep/modes"

// Spec uses the enum.
type Spec struct {
	Mode modes.Mode ` + "`json:\"mode\"`" + `
}
`
	dir := fixture(t, `
-- go.mod --
module example.com/m

go 1.24

require example.com/dep v1.0.0

replace example.com/dep => ./dep
-- dep/go.mod --
module example.com/dep

go 1.24
-- dep/modes/modes.go --
`+enumModes+`
-- dep/other/other.go --
`+enumOther+api)
	m, diags := load(t, dir, Options{}, "./api/...")
	if diags.HasErrors() || strings.Contains(diagText(diags), "warning") {
		t.Errorf("diagnostics: %s", diagText(diags))
	}
	if pkg(t, m, "example.com/dep/modes").Root {
		t.Error("the dependency's package was loaded as an API package")
	}
	if mode := m.Lookup(model.GoIdent{ImportPath: "example.com/dep/modes", Name: "Mode"}); mode == nil || !slices.Equal(mode.EnumValues, want) {
		t.Errorf("a dependency's enum values: %+v, want %v", mode, want)
	}

	// The same declarations in the main module, loaded as API packages.
	dir = fixture(t, `
-- go.mod --
module example.com/dep
-- modes/modes.go --
// +groupName=m.example.com
`+enumModes+`
-- other/other.go --
`+enumOther)
	m, diags = load(t, dir, Options{}, "./modes/...")
	if diags.HasErrors() {
		t.Errorf("diagnostics: %s", diagText(diags))
	}
	if mode := m.Lookup(model.GoIdent{ImportPath: "example.com/dep/modes", Name: "Mode"}); mode == nil || !slices.Equal(mode.EnumValues, want) {
		t.Errorf("the main module's enum values: %+v, want %v", mode, want)
	}
}
