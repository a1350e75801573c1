package main

// This file implements the flags of a CRD's size: its budget, what a CRD
// over etcd's limit is, and the types whose descriptions are left out.

import (
	"strings"

	"github.com/crdgen/crdgen/internal/cli"
	"github.com/crdgen/crdgen/internal/config"
	"github.com/crdgen/crdgen/pkg/crdsize"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// sizeFlags are --max-crd-bytes, --size-limits and --omit-descriptions.
type sizeFlags struct {
	maxBytes   bytesFlag
	sizeLimits cli.Choice
	omit       omitList
	// report is set by crdgen size: a CRD over a limit is a warning there,
	// and the report says which.
	report bool
}

func (f *sizeFlags) register(fs *cli.FlagSet, cfg *config.Config) {
	if cfg.MaxCRDBytes != nil {
		f.maxBytes = bytesFlag{set: true, value: int64(*cfg.MaxCRDBytes)}
	}
	fs.Var(&f.maxBytes, "max-crd-bytes", "SIZE",
		"trim descriptions below the top two levels of spec and status until each CRD's annotations, kubectl apply's included, fit SIZE (bytes, or 256KiB); a CRD that cannot fit is an error")
	f.sizeLimits = cli.Choice{Value: "error", Allowed: []string{"error", "warn"}}
	if cfg.SizeLimits != "" {
		f.sizeLimits.Value = cfg.SizeLimits
	}
	fs.Var(&f.sizeLimits, "size-limits", "MODE", "error or warn: what a CRD over etcd's default request limit (1.5 MiB as JSON) is")
	if cfg.Descriptions != nil {
		f.omit.types = cfg.Descriptions.Omit
	}
	fs.Var(&f.omit, "omit-descriptions", "TYPE[,TYPE]",
		"leave out the descriptions of these types' schemas (import/path.Type, or import/path.* for a package), as +kubebuilder:skip:description does")
}

// apply sets the schema options of the flags.
func (f *sizeFlags) apply(opts *schemagen.Options) {
	if f.maxBytes.set {
		opts.MaxCRDBytes = f.maxBytes.value
	}
	if f.sizeLimits.Value == "warn" || f.report {
		opts.SizeLimits = markers.Warning
	}
	opts.OmitDescriptions = f.omit.types
}

// budget is --max-crd-bytes (0: none).
func (f *sizeFlags) budget() int64 {
	if f.maxBytes.set {
		return f.maxBytes.value
	}
	return 0
}

// bytesFlag is a size in bytes: a number, or one with a unit (256KiB).
type bytesFlag struct {
	set   bool
	value int64
}

func (b *bytesFlag) String() string {
	if !b.set {
		return ""
	}
	return crdsize.FormatBytes(b.value)
}

func (b *bytesFlag) Set(s string) error {
	n, err := crdsize.ParseBytes(s)
	if err != nil {
		return err
	}
	b.set, b.value = n > 0, n
	return nil
}

// omitList is --omit-descriptions: types, comma-separated, which may be
// repeated; the first use on the command line replaces crdgen.yaml's.
type omitList struct {
	types    []string
	fromFlag bool
}

func (o *omitList) String() string {
	if o == nil {
		return ""
	}
	return strings.Join(o.types, ",")
}

func (o *omitList) Set(s string) error {
	if !o.fromFlag {
		o.types, o.fromFlag = nil, true
	}
	for p := range strings.SplitSeq(s, ",") {
		p = strings.TrimSpace(p)
		if err := config.CheckOmit(p); err != nil {
			return err
		}
		o.types = append(o.types, p)
	}
	return nil
}
