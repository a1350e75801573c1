// Package parallel runs independent work on every core while keeping the
// result independent of scheduling: callers store results by index.
package parallel
