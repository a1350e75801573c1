package cache

// This file implements keeping the go command's listing between runs: the
// listing of the last run with the same directory, packages, build tags,
// environment and crdgen, with what it depends on (parser.ListingWatch:
// the go command's files, every directory and Go file header outside the
// module cache, the directories a "..." pattern walks). When all of it is
// as it was, listing again would give the same, and the go command is not
// run: an edit inside a function or a type's fields changes no header. A
// listing with errors, an overlay, //go:embed lines, an import path
// pattern with "...", or a packages driver is not kept.

import (
	"context"
	"encoding/json"
	"os"
	"strings"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/parser"
)

// keptListing is a listing as the cache keeps it.
type keptListing struct {
	Key     string              `json:"key"`
	Watch   parser.ListingWatch `json:"watch"`
	Listing json.RawMessage     `json:"listing"`
}

// List lists patterns with opts (see parser.List), from the cache when
// nothing they depend on changed; a nil Dir always runs the go command.
func (d *Dir) List(ctx context.Context, patterns []string, opts parser.Options) (*parser.Listing, error) {
	if d == nil {
		return parser.List(ctx, patterns, opts)
	}
	file, key := d.listingSlot(patterns, opts)
	var kept keptListing
	var earlier *parser.ListingWatch
	if data, err := safefile.Read(file); err == nil && json.Unmarshal(data, &kept) == nil && kept.Key == key {
		if kept.Watch.Holds() {
			if l, err := parser.DecodeListing(kept.Listing, patterns, opts); err == nil {
				return l, nil
			}
		}
		earlier = &kept.Watch
	}
	before := parser.StateBefore(opts.Dir, patterns, nil, earlier)
	l, err := parser.List(ctx, patterns, opts)
	if err != nil {
		return nil, err
	}
	if w, err := l.Watch(nil, before); err == nil {
		if enc, err := l.Encode(); err == nil {
			if data, err := json.Marshal(keptListing{Key: key, Watch: *w, Listing: enc}); err == nil {
				safefile.WriteAtomic(file, data)
			}
		}
	}
	return l, nil
}

// listingSlot returns where a listing is kept and the key it must have.
func (d *Dir) listingSlot(patterns []string, opts parser.Options) (file, key string) {
	env := EnvironmentStamp()
	for _, v := range []string{"GOROOT", "GO111MODULE", "GOENV", "PATH", "CC", "CGO_CFLAGS", "CGO_LDFLAGS"} {
		env += "\n" + v + "=" + os.Getenv(v)
	}
	key = HashStrings(d.build, env, opts.Dir, strings.Join(patterns, "\x00"), strings.Join(opts.BuildTags, ","))
	return d.path("listing-" + HashStrings(opts.Dir, strings.Join(patterns, "\x00"))[:32] + ".json"), key
}
