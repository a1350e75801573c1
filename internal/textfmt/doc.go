// Package textfmt holds what crdgen's text reports share (the CEL cost
// report and the size report): aligned columns and numbers with thousands
// separators.
//
// Inputs: rows of cells, and decimal numbers as strings. Outputs: text.
package textfmt
