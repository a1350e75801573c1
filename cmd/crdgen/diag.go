package main

// This file implements printing a run's result: diagnostics in the form
// --format asks (markers.Formats), without the warnings --suppress names,
// the error, and what the run prints.

import (
	"fmt"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/app"
)

// print prints a run's result, in the order app.Result gives, and returns
// its exit code.
func (a *invocation) print(res *app.Result) int {
	code := res.Code
	if len(res.Before) > 0 {
		if _, err := a.stdout.Write(res.Before); err != nil {
			res.Err, code = err, app.ExitFail
		}
	}
	format := res.Format
	if format == "" {
		format = "text"
	}
	res.Diags.Without(res.Suppress).Print(a.stderr, format, a.Rel)
	if res.Err != nil {
		fmt.Fprintf(a.stderr, "crdgen: %v\n", res.Err)
	}
	if len(res.Stdout) > 0 {
		if _, err := a.stdout.Write(res.Stdout); err != nil {
			fmt.Fprintf(a.stderr, "crdgen: %v\n", err)
			code = app.ExitFail
		}
	}
	fmt.Fprint(a.stderr, res.Stderr)
	return code
}
