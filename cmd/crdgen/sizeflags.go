package main

// This file implements the flags of a CRD's size: its budget, what a CRD
// over etcd's limit is, and the types whose descriptions are left out.

import (
	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/schemagen"
)

// sizeFlags are --max-crd-bytes, --size-limits and --omit-descriptions.
type sizeFlags struct {
	maxBytes   cli.Bytes
	sizeLimits cli.Choice
	omit       cli.CheckedList
	// report is set by crdgen size: a CRD over a limit is a warning there,
	// and the report says which.
	report bool
}

func (f *sizeFlags) register(fs *cli.FlagSet, cfg *config.Config) {
	if cfg.MaxCRDBytes != nil {
		f.maxBytes = cli.Bytes{Valid: true, Value: int64(*cfg.MaxCRDBytes)}
	}
	fs.Var(&f.maxBytes, "max-crd-bytes", "SIZE",
		"trim descriptions below the top two levels of spec and status until each CRD's annotations, kubectl apply's included, fit SIZE (bytes, or 256KiB); a CRD that cannot fit is an error")
	f.sizeLimits = cli.Choice{Value: "error", Allowed: []string{"error", "warn"}}
	if cfg.SizeLimits != "" {
		f.sizeLimits.Value = cfg.SizeLimits
	}
	fs.Var(&f.sizeLimits, "size-limits", "MODE", "error or warn: what a CRD over etcd's default request limit (1.5 MiB as JSON) is")
	f.omit.Check = config.CheckOmit
	if cfg.Descriptions != nil {
		f.omit.Items = cfg.Descriptions.Omit
	}
	fs.Var(&f.omit, "omit-descriptions", "TYPE[,TYPE]",
		"leave out the descriptions of these types' schemas (import/path.Type, or import/path.* for a package), as +kubebuilder:skip:description does")
}

// apply sets the schema options of the flags.
func (f *sizeFlags) apply(opts *schemagen.Options) {
	if f.maxBytes.Valid {
		opts.MaxCRDBytes = f.maxBytes.Value
	}
	if f.sizeLimits.Value == "warn" || f.report {
		opts.SizeLimits = markers.Warning
	}
	opts.OmitDescriptions = f.omit.Items
}

// budget is --max-crd-bytes (0: none).
func (f *sizeFlags) budget() int64 {
	if f.maxBytes.Valid {
		return f.maxBytes.Value
	}
	return 0
}
