package generators

// This file implements the rows of the manifests beside the CRDs:
// controller-gen's rbac (role.yaml) and webhook (manifests.yaml).

import (
	"fmt"
	"go/token"
	"path/filepath"

	"github.com/crdgen/crdgen/cmd/crdgen/internal/cli"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/config"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/header"
	"github.com/crdgen/crdgen/cmd/crdgen/internal/output"
	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/rbac"
	"github.com/crdgen/crdgen/pkg/webhook"
)

func rbacRow() *Generator {
	var roleName, dir string
	g := &Generator{
		Name: "rbac", Doc: "the RBAC role of the +kubebuilder:rbac markers, role.yaml (controller-gen's rbac)",
		Section: "rbac",
		Reads:   []string{"role-name", "rbac-dir", "year"},
		flags: func(fs *cli.FlagSet, d Defaults) {
			fs.StringVar(&roleName, "role-name", "NAME", d.Layout.RoleName, "the name of the ClusterRole and Roles of +kubebuilder:rbac")
			fs.StringVar(&dir, "rbac-dir", "DIR", d.Layout.RBACDir, "where the rbac generator writes "+d.Layout.RBACFile)
		},
		check: func() error {
			if roleName == "" {
				return fmt.Errorf("the rbac generator needs a role name: --role-name, or rbac.roleName in %s", config.Name)
			}
			return nil
		},
	}
	g.run = func(in *Input) (*output.Set, markers.ErrorList, error) {
		return placed(genRBAC(in, roleName, filepath.Join(in.Abs(dir), in.Layout.RBACFile)))
	}
	return g
}

func webhookRow() *Generator {
	var dir string
	g := &Generator{
		Name: "webhook", Doc: "the webhook configurations of the +kubebuilder:webhook markers, manifests.yaml (controller-gen's webhook)",
		Section: "webhook",
		Reads:   []string{"webhook-dir", "year"},
		flags: func(fs *cli.FlagSet, d Defaults) {
			fs.StringVar(&dir, "webhook-dir", "DIR", d.Layout.WebhookDir, "where the webhook generator writes manifests.yaml")
		},
	}
	g.run = func(in *Input) (*output.Set, markers.ErrorList, error) {
		return placed(genWebhook(in, filepath.Join(in.Abs(dir), "manifests.yaml")))
	}
	return g
}

// genRBAC writes the role of the +kubebuilder:rbac markers.
func genRBAC(in *Input, roleName, path string) (*Input, []File, []output.Stale, markers.ErrorList, error) {
	head, hdiags, err := header.Read(in.FS, in.Layout.RBACHeader, in.Year, false, header.YAMLComments)
	if err != nil || hdiags != nil {
		return in, nil, nil, hdiags, err
	}
	data, diags := rbac.Generate(in.Model, rbac.Options{RoleName: roleName, Header: head})
	if data == nil {
		diags.Append(outlived(in.FS, path, "+kubebuilder:rbac", "the permissions it grants", "ClusterRole", "Role"))
		return in, nil, nil, diags, nil
	}
	return in, []File{{Path: path, Content: data, Owner: output.Manifests("the RBAC role", "ClusterRole", "Role")}}, nil, diags, nil
}

// genWebhook writes the webhook configurations of the +kubebuilder:webhook
// markers.
func genWebhook(in *Input, path string) (*Input, []File, []output.Stale, markers.ErrorList, error) {
	head, hdiags, err := header.Read(in.FS, in.Layout.WebhookHeader, in.Year, false, header.YAMLComments)
	if err != nil || hdiags != nil {
		return in, nil, nil, hdiags, err
	}
	data, diags := webhook.Generate(in.Model, webhook.Options{Header: head})
	if data == nil {
		diags.Append(outlived(in.FS, path, "+kubebuilder:webhook", "the webhooks it configures", "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration"))
		return in, nil, nil, diags, nil
	}
	return in, []File{{Path: path, Content: data,
		Owner: output.Manifests("the webhook configurations", "MutatingWebhookConfiguration", "ValidatingWebhookConfiguration")}}, nil, diags, nil
}

// outlived warns of a manifest crdgen (or controller-gen) wrote that no
// marker makes any more: it is left, as controller-gen leaves it, but
// what it deploys outlives the code that asked for it. The file is read
// through fsys, so that the rerun record sees it come and go.
func outlived(fsys safefile.FS, path, marker, what string, kinds ...string) markers.ErrorList {
	data, err := fsys.ReadFile(path)
	if err != nil || !output.OwnsManifest(data, kinds...) {
		return nil
	}
	var diags markers.ErrorList
	diags.Warnf(token.Position{Filename: path, Line: 1, Column: 1}, markers.CodeStale,
		"no %s marker makes this file any more, so crdgen leaves it as it is (as controller-gen does) and %s outlive the code that asked for them; remove it, or add the markers back", marker, what)
	return diags
}
