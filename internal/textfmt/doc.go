// Package textfmt holds what crdgen's text reports share (the CEL cost
// report and the size report): aligned columns, numbers with thousands
// separators, and the choice of format (text, JSON, Markdown).
//
// Inputs: rows of cells, and decimal numbers as strings. Outputs: text.
package textfmt
