package main

// This file implements keeping the go command's listing between runs: the
// listing of the last run with the same directory, packages, build tags,
// environment and crdgen, with what it depends on (parser.ListingWatch:
// the go command's files, every directory and Go file header outside the
// module cache, the directories a "..." pattern walks). When all of it is
// as it was, listing again would give the same, and the go command is not
// run: an edit inside a function or a type's fields changes no header. A
// listing with errors, an overlay, //go:embed lines, an import path
// pattern with "...", or a packages driver is not kept. --no-cache,
// CRDGEN_CACHE=off and --check, which CI trusts, always run the go
// command.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/crdgen/crdgen/pkg/parser"
)

// keptListing is a listing as the cache keeps it.
type keptListing struct {
	Key     string              `json:"key"`
	Watch   parser.ListingWatch `json:"watch"`
	Listing json.RawMessage     `json:"listing"`
}

// list lists the run's packages, from the cache when nothing they depend
// on changed.
func (r *runState) list() (*parser.Listing, error) {
	a := r.a
	opts := parser.Options{Dir: a.dir, BuildTags: r.tags}
	file, key := r.listingSlot()
	if file == "" {
		return parser.List(a.ctx, r.patterns, opts)
	}
	var kept keptListing
	var earlier *parser.ListingWatch
	if data, err := os.ReadFile(file); err == nil && json.Unmarshal(data, &kept) == nil && kept.Key == key {
		if kept.Watch.Holds() {
			if l, err := parser.DecodeListing(kept.Listing, r.patterns, opts); err == nil {
				return l, nil
			}
		}
		earlier = &kept.Watch
	}
	before := parser.StateBefore(a.dir, r.patterns, nil, earlier)
	l, err := parser.List(a.ctx, r.patterns, opts)
	if err != nil {
		return nil, err
	}
	if w, err := l.Watch(nil, before); err == nil {
		if enc, err := l.Encode(); err == nil {
			if data, err := json.Marshal(keptListing{Key: key, Watch: *w, Listing: enc}); err == nil {
				writeAtomic(file, data)
			}
		}
	}
	return l, nil
}

// listingSlot returns where the run's listing is kept and the key it must
// have; "" when listings are not kept for the run.
func (r *runState) listingSlot() (file, key string) {
	if r.noCache || r.check {
		return "", ""
	}
	dir := r.a.cacheRoot()
	exe, err := executableStamp()
	if dir == "" || err != nil {
		return "", ""
	}
	env := environmentStamp()
	for _, v := range []string{"GOROOT", "GO111MODULE", "GOENV", "PATH", "CC", "CGO_CFLAGS", "CGO_LDFLAGS"} {
		env += "\n" + v + "=" + os.Getenv(v)
	}
	key = hashStrings(r.a.version, exe, env, r.a.dir, strings.Join(r.patterns, "\x00"), strings.Join(r.tags, ","))
	return filepath.Join(dir, "listing-"+hashStrings(r.a.dir, strings.Join(r.patterns, "\x00"))[:32]+".json"), key
}
