package celcost

// This file implements reading a rule: which fields of the object it
// reads, from its syntax tree (crddiff's lint asks).

import (
	"slices"
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
)

// parseEnv parses rules; parsing needs no declarations.
var parseEnv = sync.OnceValue(func() *cel.Env {
	env, err := cel.NewEnv()
	if err != nil {
		panic("crdgen: the CEL parser: " + err.Error())
	}
	return env
})

// FieldsRead returns the fields of self (and of oldSelf) that a CEL
// expression reads, sorted: self.name, self["name"] and oldSelf.name read
// name; has(self.name) does not (it reads only whether name is set). An
// expression that does not parse reads nothing that can be named.
func FieldsRead(expr string) []string {
	return fields(expr, false)
}

// FieldsMentioned returns the fields of self (and of oldSelf, optional or
// not) an expression reads or tests with has(), sorted.
func FieldsMentioned(expr string) []string {
	return fields(expr, true)
}

func fields(expr string, tested bool) []string {
	a, iss := parseEnv().Parse(expr)
	if iss.Err() != nil {
		return nil
	}
	var out []string
	for _, e := range ast.MatchDescendants(ast.NavigateAST(a.NativeRep()), ast.AllMatcher()) {
		switch e.Kind() {
		case ast.SelectKind:
			s := e.AsSelect()
			if (tested || !s.IsTestOnly()) && (isSelf(s.Operand()) || tested && isOldValue(s.Operand())) {
				out = append(out, s.FieldName())
			}
		case ast.CallKind:
			c := e.AsCall()
			if c.FunctionName() != operators.Index || len(c.Args()) != 2 || !isSelf(c.Args()[0]) || c.Args()[1].Kind() != ast.LiteralKind {
				continue
			}
			if name, ok := c.Args()[1].AsLiteral().(types.String); ok {
				out = append(out, string(name))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// isOldValue reports whether an expression is oldSelf.value() (an
// optional oldSelf's value).
func isOldValue(e ast.Expr) bool {
	if e.Kind() != ast.CallKind {
		return false
	}
	c := e.AsCall()
	return c.FunctionName() == "value" && c.IsMemberFunction() && len(c.Args()) == 0 && isSelf(c.Target())
}

// isSelf reports whether an expression is self or oldSelf.
func isSelf(e ast.Expr) bool {
	return e.Kind() == ast.IdentKind && (e.AsIdent() == "self" || e.AsIdent() == "oldSelf")
}
