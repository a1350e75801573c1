// Package celcost is crdgen's CEL package: it checks the CEL validation
// rules of generated CRDs the way the API server will, before anyone
// applies them. It compiles every rule and messageExpression with the API
// server's own compiler, environment and per-call limit, costs them with
// its own estimator and cardinality rules, and reports what the server
// would reject at the Go line that wrote it, with suggested bounds for
// expensive rules. It also says which of the server's validation findings
// are about CEL rules, and speaks for them (Judge), and reads which fields a
// rule reads (FieldsRead, for crddiff's lint).
//
// It takes the CRD objects schemagen builds (with the model, for the Go
// positions of rules) and gives a Report and diagnostics; the pipeline,
// crddiff and crtest call it. docs/contributing/architecture.md draws
// crdgen's whole data flow.
//
// Main entry points:
//
//   - Analyzer.CRD analyzes one CRD; Analyze many, on every core;
//   - Analyzer.Judge is the CEL side of judging a CRD after the server's
//     validation (schemagen.Validator.Validate);
//   - Render writes a Report as text, JSON or Markdown;
//   - FieldsRead lists the fields a rule reads, from its syntax tree;
//     FieldsMentioned those it reads or tests with has().
//
// The figures equal the server's because they come from the server's code:
// the schema walk (schemapath.Descend) follows
// ValidateCustomResourceDefinitionOpenAPISchema and uses its exported CEL
// schema contexts (RootCELContext, Child*Context, TypeInfo, TotalCost),
// cel.Compile does the compiling and estimating, and the environment is
// environment.MustBaseEnvSet at the compatibility version an API server of
// the chosen Kubernetes version uses for new rules.
package celcost
