// Package celcost checks the CEL validation rules of generated CRDs the way
// the API server will, before anyone applies them: it compiles every rule
// and messageExpression with the API server's own compiler, environment and
// per-call limit, costs them with its own estimator and cardinality rules,
// and reports what the server would reject at the Go line that wrote it,
// with suggested bounds for expensive rules.
//
// It sits after schemagen in crdgen's data flow:
//
//	markers -> parser -> schemagen -> celcost -> cmd/crdgen
//
// Analyze returns a Report (per CRD, per schema, per rule) and diagnostics;
// Render writes a report as text, JSON or Markdown.
//
// The figures equal the server's because they come from the server's code:
// the schema walk mirrors ValidateCustomResourceDefinitionOpenAPISchema and
// uses its exported CEL schema contexts (RootCELContext, Child*Context,
// TypeInfo, TotalCost), cel.Compile does the compiling and estimating, and
// the environment is environment.MustBaseEnvSet at the compatibility version
// an API server of the chosen Kubernetes version uses for new rules.
package celcost
