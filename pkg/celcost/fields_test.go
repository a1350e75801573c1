package celcost

import (
	"slices"
	"testing"
)

func TestFieldsRead(t *testing.T) {
	for _, c := range []struct {
		expr string
		want []string
	}{
		{"self.name.startsWith('a') && self.short != ''", []string{"name", "short"}},
		{"self['name'] == oldSelf.other", []string{"name", "other"}},
		{"has(self.name) || has(self.other)", nil},
		{"'self.name' == self.kind", []string{"kind"}},
		{"self.spec.name == ''", []string{"spec"}},
		{"self.items.all(i, i.name != '')", []string{"items"}},
		{"self.name ==", nil},
		{"myself.name == ''", nil},
	} {
		if got := FieldsRead(c.expr); !slices.Equal(got, c.want) {
			t.Errorf("FieldsRead(%q) = %q, want %q", c.expr, got, c.want)
		}
	}
}

func TestFieldsMentioned(t *testing.T) {
	for _, c := range []struct {
		expr string
		want []string
	}{
		{"!has(self.primary) || !has(self.secondary)", []string{"primary", "secondary"}},
		{"!oldSelf.hasValue() || !has(oldSelf.value().primary) || has(self.primary)", []string{"primary"}},
		{"self.min <= self.max", []string{"max", "min"}},
		{"has(other.name)", nil},
	} {
		if got := FieldsMentioned(c.expr); !slices.Equal(got, c.want) {
			t.Errorf("FieldsMentioned(%q) = %q, want %q", c.expr, got, c.want)
		}
	}
}
