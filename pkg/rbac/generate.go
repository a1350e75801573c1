package rbac

import (
	"cmp"
	"go/token"
	"slices"

	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/internal/objyaml"
	"github.com/crdgen/crdgen/pkg/markers"
	"github.com/crdgen/crdgen/pkg/model"
)

// Options are the rbac generator's settings (controller-gen's rbac
// generator options but fileName, which is where the caller writes).
type Options struct {
	// RoleName is the name of the roles whose markers set no roleName
	// (controller-gen's required roleName).
	RoleName string
	// Header is written before the first document as it is, " YEAR" already
	// replaced; nil writes none.
	Header []byte
}

// roleKey is the role a rule goes to: a ClusterRole when namespace is
// empty, a Role in namespace otherwise.
type roleKey struct {
	namespace, name string
}

// Generate returns role.yaml's content, or nil when no root package has an
// RBAC marker (controller-gen then writes no file), and the diagnostics. The
// content is nil, too, when there is an error.
func Generate(m *model.Model, opts Options) ([]byte, markers.ErrorList) {
	var diags markers.ErrorList
	if opts.RoleName == "" {
		diags.Errorf(token.Position{}, markers.CodeRBAC, "the rbac generator needs a role name (controller-gen's roleName)")
		return nil, diags
	}
	roles := map[roleKey][]*rule{}
	for _, pkg := range m.Packages {
		if !pkg.Root {
			continue
		}
		for _, mk := range pkg.Markers {
			v, ok := mk.Value.(markers.RBAC)
			if !ok {
				continue
			}
			checkMarker(mk, v, &diags)
			k := roleKey{namespace: v.Namespace, name: cmp.Or(v.RoleName, opts.RoleName)}
			roles[k] = append(roles[k], splitRule(v)...)
		}
	}
	if len(roles) == 0 || diags.HasErrors() {
		return nil, diags
	}
	out, err := objyaml.Write(opts.Header, genRoles(roles)...)
	if err != nil {
		diags.Errorf(token.Position{}, markers.CodeRBAC, "role.yaml: %v", err)
		return nil, diags
	}
	return out, diags
}

// splitRule makes one rule per resource of a marker, or one rule without
// resources when it names none (controller-gen's GenerateRoles).
func splitRule(v markers.RBAC) []*rule {
	one := func(resources []string) *rule {
		return &rule{
			groups: slices.Clone(v.Groups), resources: resources, resourceNames: slices.Clone(v.ResourceNames),
			urls: slices.Clone(v.URLs), verbs: slices.Clone(v.Verbs),
		}
	}
	if len(v.Resources) == 0 {
		return []*rule{one(nil)}
	}
	out := make([]*rule, 0, len(v.Resources))
	for _, res := range v.Resources {
		out = append(out, one([]string{res}))
	}
	return out
}

// genRoles makes the roles, sorted by namespace then name, so ClusterRoles
// come first; a role left with no rules is dropped.
func genRoles(roles map[roleKey][]*rule) []any {
	keys := make([]roleKey, 0, len(roles))
	for k := range roles {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b roleKey) int {
		return cmp.Or(cmp.Compare(a.namespace, b.namespace), cmp.Compare(a.name, b.name))
	})
	var objs []any
	for _, k := range keys {
		rules := normalizeRules(roles[k])
		if len(rules) == 0 {
			continue
		}
		objs = append(objs, genRole(k, rules))
	}
	return objs
}

// genRole makes a ClusterRole, or a Role when the key has a namespace.
func genRole(k roleKey, rules []rbacv1.PolicyRule) any {
	if k.namespace == "" {
		return rbacv1.ClusterRole{
			TypeMeta:   metav1.TypeMeta{Kind: "ClusterRole", APIVersion: rbacv1.SchemeGroupVersion.String()},
			ObjectMeta: metav1.ObjectMeta{Name: k.name},
			Rules:      rules,
		}
	}
	return rbacv1.Role{
		TypeMeta:   metav1.TypeMeta{Kind: "Role", APIVersion: rbacv1.SchemeGroupVersion.String()},
		ObjectMeta: metav1.ObjectMeta{Name: k.name, Namespace: k.namespace},
		Rules:      rules,
	}
}
