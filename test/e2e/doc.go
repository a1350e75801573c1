// Package e2e proves that the CRDs crdgen generates behave as their markers
// say on a real API server: defaulting, pruning, OpenAPI and CEL validation,
// the status and scale subresources, printer columns, several versions
// under the None conversion strategy, selectable fields, and conversion
// through a webhook that serves crdgen's generated conversion functions.
//
// Apart from this file, the package holds tests only. TestMain
// (main_test.go) runs an embedded etcd and the apiextensions API server
// inside the test binary (nothing to install), generates every CRD of
// testdata/e2e_api and of the conversion cases testdata/conversion_pizza_toppings
// and testdata/conversion_three_versions (apiPatterns) with crdgen's own
// parser and schemagen packages, creates
// them and waits until they are Established; each Test then creates custom
// resources with client-go's dynamic client and checks the server's
// answers. A test per behaviour:
//
//	defaulting_test.go          TestDefaulting
//	pruning_test.go             TestPruning
//	validation_test.go          TestOpenAPIValidation
//	cel_test.go                 TestCELRules
//	subresources_test.go        TestStatusSubresource, TestScaleSubresource
//	printer_columns_test.go     TestPrinterColumns
//	versions_test.go            TestVersionsWithNoneConversion
//	selectable_fields_test.go   TestSelectableFields
//	conversion_webhook_test.go  TestConversionWebhookKeepsWhatOldVersionsCannotHold,
//	                            TestConversionWebhookPizzaToppings
//
// envOptions.Patch (main_test.go) changes the CRDs before they are created;
// the conversion webhook (webhook_test.go, TLS on 127.0.0.1) plugs in there,
// pointing the CRDs' spec.conversion at itself.
//
// The package links the API server, so its first compile takes minutes; it
// lives apart from the other packages so that their tests stay fast.
package e2e
