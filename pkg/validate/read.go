package validate

// This file implements reading manifests as kubectl does: a stream split
// into documents at "---" lines (a line that starts with "---" and holds
// nothing else but a comment), each document kept only up to a size, each
// input read only up to a size, so that no input (a 100 MB file, a pipe
// that never ends) makes a run hang or take all memory.

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"io"

	"github.com/crdgen/crdgen/pkg/markers"
)

// Input is a stream of manifests: a file, or standard input.
type Input struct {
	// Name is what positions name it: its path, or "<stdin>".
	Name string
	R    io.Reader
}

// Limits bound what is read.
type Limits struct {
	// Document is the most bytes of one document kept; a larger document
	// is an error (the API server takes at most 3 MiB of JSON in a
	// request).
	Document int64
	// Input is the most bytes read of one input.
	Input int64
	// Nodes is the most nodes a document may hold once its aliases are
	// expanded (a YAML bomb expands a few lines to billions).
	Nodes int
}

// DefaultLimits are the limits of crdgen validate.
func DefaultLimits() Limits {
	return Limits{Document: 16 << 20, Input: 256 << 20, Nodes: 1_000_000}
}

// document is one YAML document of an input.
type document struct {
	file string
	// line is the line its text starts on.
	line int
	text []byte
	// size is its size in bytes; tooLarge says text was not kept.
	size     int64
	tooLarge bool
}

// readDocuments splits an input into documents, calling emit for each in
// order. A problem with the input itself (a read error, the input over
// its limit) is returned as a diagnostic, after the documents before it.
func readDocuments(in Input, lim Limits, emit func(document)) *markers.Diagnostic {
	br := bufio.NewReaderSize(in.R, 64<<10)
	line := 1
	doc := document{file: in.Name, line: 1}
	var total int64
	start := true // at the start of a line
	for {
		chunk, err := br.ReadSlice('\n')
		total += int64(len(chunk))
		if total > lim.Input {
			return &markers.Diagnostic{Pos: token.Position{Filename: in.Name, Line: line, Column: 1}, Code: markers.CodeManifest,
				Msg: fmt.Sprintf("the input is over %s: crdgen validate reads no more of it", sizeString(lim.Input))}
		}
		whole := err == nil || errors.Is(err, io.EOF)
		if start && whole && isSeparator(chunk) {
			emit(doc)
			line++
			doc = document{file: in.Name, line: line}
			if err != nil {
				return nil
			}
			continue
		}
		doc.size += int64(len(chunk))
		switch {
		case doc.tooLarge:
		case doc.size > lim.Document:
			doc.tooLarge, doc.text = true, nil
		default:
			doc.text = append(doc.text, chunk...)
		}
		switch {
		case err == nil:
			line++
			start = true
		case errors.Is(err, bufio.ErrBufferFull):
			start = false
		case errors.Is(err, io.EOF):
			emit(doc)
			return nil
		default:
			emit(doc)
			return &markers.Diagnostic{Pos: token.Position{Filename: in.Name, Line: line, Column: 1}, Code: markers.CodeManifest,
				Msg: fmt.Sprintf("reading: %v", err)}
		}
	}
}

// isSeparator reports whether a line separates documents, as kubectl's
// YAML reader says: "---", then nothing but spaces or a comment.
func isSeparator(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("---"))
	if !ok {
		return false
	}
	rest = bytes.TrimSpace(rest)
	return len(rest) == 0 || rest[0] == '#'
}

// sizeString is a size in MiB or bytes.
func sizeString(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
