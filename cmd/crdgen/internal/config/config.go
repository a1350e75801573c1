package config

// This file implements crdgen.yaml: settings kept in the module root so that
// go:generate lines and Makefile targets stay short. Every setting has a
// flag, and a flag on the command line wins over the file.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/crdgen/crdgen/internal/safefile"
	"github.com/crdgen/crdgen/pkg/apidocs"
	"github.com/crdgen/crdgen/pkg/celcost"
	"github.com/crdgen/crdgen/pkg/convgen"
	"github.com/crdgen/crdgen/pkg/crdsize"
	"github.com/crdgen/crdgen/pkg/jsonschema"
	"github.com/crdgen/crdgen/pkg/markers"
)

// Name is the file crdgen reads settings from, in the module root.
const Name = "crdgen.yaml"

// Config is crdgen.yaml. Paths in it are relative to the file's directory.
type Config struct {
	// Packages are the package patterns used when the command line gives none.
	Packages []string `json:"packages,omitempty"`
	// OutputDir is where CRD files go.
	OutputDir string `json:"outputDir,omitempty"`
	// UnknownMarkers is error or warn.
	UnknownMarkers string `json:"unknownMarkers,omitempty"`
	// AllowDangerousTypes accepts float32 and float64 fields.
	AllowDangerousTypes *bool `json:"allowDangerousTypes,omitempty"`
	// MaxDescriptionLength truncates descriptions.
	MaxDescriptionLength *int `json:"maxDescriptionLength,omitempty"`
	// Descriptions holds which descriptions crdgen leaves out.
	Descriptions *Descriptions `json:"descriptions,omitempty"`
	// MaxCRDBytes is each CRD's budget (a number of bytes or a size such as
	// 256KiB), as kubectl apply's last-applied annotation measures it.
	MaxCRDBytes *Bytes `json:"maxCRDBytes,omitempty"`
	// SizeLimits is error or warn: what a CRD over etcd's default request
	// limit is.
	SizeLimits string `json:"sizeLimits,omitempty"`
	// OmitVersionAnnotation leaves out crdgen.dev/version.
	OmitVersionAnnotation *bool `json:"omitVersionAnnotation,omitempty"`
	// GenerateEmbeddedObjectMeta describes a template's metav1.ObjectMeta.
	GenerateEmbeddedObjectMeta *bool `json:"generateEmbeddedObjectMeta,omitempty"`
	// KubeVersion is the oldest Kubernetes whose API server must accept the CEL rules.
	KubeVersion string `json:"kubeVersion,omitempty"`
	// CostOverBudget is error or warn: what a CEL rule or schema over the
	// API server's cost budget is.
	CostOverBudget string `json:"costOverBudget,omitempty"`
	// DeclarativeValidation holds which +k8s: tags of declarative
	// validation apply in dependencies' types.
	DeclarativeValidation *DeclarativeValidation `json:"declarativeValidation,omitempty"`
	// CostReport is the file "crdgen generate" writes the CEL cost report to.
	CostReport string `json:"costReport,omitempty"`
	// Suppress are the codes of warnings not to print.
	Suppress []string `json:"suppress,omitempty"`
	// BuildTags are build tags for the go command, as --tags gives them.
	BuildTags []string `json:"buildTags,omitempty"`
	// Conversion holds the settings of conversion generation.
	Conversion *Conversion `json:"conversion,omitempty"`
	// Test holds the settings of crdgen test.
	Test *Test `json:"test,omitempty"`
	// FeatureSets are named sets of feature gates, each with CRDs of its
	// own (sets.go); FeatureGates declares gates no set turns on.
	FeatureSets  map[string]*FeatureSet `json:"featureSets,omitempty"`
	FeatureGates []string               `json:"featureGates,omitempty"`
	// Generators are what crdgen generate makes (Generators lists them);
	// none: crd and conversion, or in a kubebuilder project every one.
	Generators []string `json:"generators,omitempty"`
	// HeaderFile is the boilerplate at the top of generated Go files, its
	// YEAR replaced by Year (default: the current year, or the year an
	// existing file already has).
	HeaderFile string `json:"headerFile,omitempty"`
	Year       string `json:"year,omitempty"`
	// RBAC holds the settings of the rbac generator.
	RBAC *RBAC `json:"rbac,omitempty"`
	// Webhook holds the settings of the webhook generator.
	Webhook *Webhook `json:"webhook,omitempty"`
	// ApplyConfiguration holds the settings of the applyconfiguration generator.
	ApplyConfiguration *ApplyConfiguration `json:"applyConfiguration,omitempty"`
	// JSONSchema holds the settings of crdgen jsonschema; with it, crdgen
	// generate writes the JSON Schemas too.
	JSONSchema *JSONSchema `json:"jsonSchema,omitempty"`
	// Docs holds the settings of the API reference.
	Docs *Docs `json:"docs,omitempty"`
	// OpenShift reads openshift/api's feature sets, layout and overrides
	// (openshift.go).
	OpenShift *OpenShift `json:"openshift,omitempty"`

	// path is the file, for messages; dir resolves relative paths; module
	// is the root of its module ("": none, or not known).
	path, dir, module string
	data              []byte
}

// Descriptions is the descriptions section of crdgen.yaml.
type Descriptions struct {
	// Omit are types whose schemas carry no descriptions, as if marked
	// +kubebuilder:skip:description: <import path>.<Type>, or <import
	// path>.* for every type of a package.
	Omit []string `json:"omit,omitempty"`
}

// DeclarativeValidation is the declarativeValidation section of
// crdgen.yaml.
type DeclarativeValidation struct {
	// Dependencies says which +k8s: tags of declarative validation that
	// controller-gen v0.23.0 does not read apply in the types of packages
	// outside the main module (k8s.io/api's): none (the default, what
	// controller-gen writes), stable, or all.
	Dependencies string `json:"dependencies,omitempty"`
}

// K8sDependencies are the values of declarativeValidation.dependencies.
func K8sDependencies() []string { return []string{"none", "stable", "all"} }

// Bytes is a size: a number of bytes, or a string such as 256KiB.
type Bytes int64

// UnmarshalJSON reads a number or a size string (crdsize.ParseBytes).
func (b *Bytes) UnmarshalJSON(data []byte) error {
	var n int64
	if err := json.Unmarshal(data, &n); err == nil {
		if n < 0 {
			return errors.New("maxCRDBytes must not be negative")
		}
		*b = Bytes(n)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("maxCRDBytes: want a size in bytes, such as 262144 or 256KiB, got %s", data)
	}
	n, err := crdsize.ParseBytes(s)
	if err != nil {
		return fmt.Errorf("maxCRDBytes: %v", err)
	}
	*b = Bytes(n)
	return nil
}

// Conversion is the conversion section of crdgen.yaml.
type Conversion struct {
	Style string `json:"style,omitempty"`
	Tests *bool  `json:"tests,omitempty"`
}

// RBAC is the rbac section of crdgen.yaml.
type RBAC struct {
	// RoleName names the ClusterRole and Roles (controller-gen's roleName).
	RoleName string `json:"roleName,omitempty"`
	// OutputDir and FileName place the file (config/rbac, role.yaml).
	OutputDir string `json:"outputDir,omitempty"`
	FileName  string `json:"fileName,omitempty"`
	// HeaderFile is the boilerplate written before the first document.
	HeaderFile string `json:"headerFile,omitempty"`
}

// Webhook is the webhook section of crdgen.yaml.
type Webhook struct {
	// OutputDir is where manifests.yaml goes (config/webhook).
	OutputDir string `json:"outputDir,omitempty"`
	// HeaderFile is the boilerplate written before the first document.
	HeaderFile string `json:"headerFile,omitempty"`
}

// ApplyConfiguration is the applyConfiguration section of crdgen.yaml.
type ApplyConfiguration struct {
	// External are controller-gen's externalApplyConfigurations:
	// <package>.<Type>@<applyconfiguration package>.
	External []string `json:"external,omitempty"`
}

// JSONSchema is the jsonSchema section of crdgen.yaml.
type JSONSchema struct {
	// OutputDir is where the files go (config/jsonschema).
	OutputDir string `json:"outputDir,omitempty"`
	// Layout is kubeconform ({kind}_{version}.json) or catalog
	// ({group}/{kind}_{version}.json).
	Layout string `json:"layout,omitempty"`
	// Strict writes the strict variant.
	Strict bool `json:"strict,omitempty"`
}

// Docs is the docs section of crdgen.yaml: the API reference crdgen docs
// writes, and crdgen generate too when OutputDir is set.
type Docs struct {
	// OutputDir is where the Markdown files go.
	OutputDir string `json:"outputDir,omitempty"`
	// Split is group-version (one file per group and version) or kind.
	Split string `json:"split,omitempty"`
}

// Test is the test section of crdgen.yaml.
type Test struct {
	// Suites are more suite files or directories, besides the tests
	// directory of each API version.
	Suites []string `json:"suites,omitempty"`
	// Generate makes crdgen generate run the suites too, and write
	// nothing when a case fails.
	Generate bool `json:"generate,omitempty"`
	// Harness is "openshift" to read the suites as openshift/api's
	// harness reads them (crtest.Tolerant).
	Harness string `json:"harness,omitempty"`
}

// configKeys lists the keys crdgen.yaml may hold, for did-you-mean.
func configKeys() map[string][]string {
	out := map[string][]string{}
	top := reflect.TypeFor[Config]()
	out[""] = jsonKeys(top)
	for i := range top.NumField() {
		f := top.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if t := f.Type; name != "" && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct && !t.Implements(reflect.TypeFor[json.Unmarshaler]()) {
			out[name] = jsonKeys(t.Elem())
		}
	}
	return out
}

// jsonKeys are the JSON names of a struct's fields.
func jsonKeys(t reflect.Type) []string {
	var out []string
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// CheckGenerators refuses a name of crdgen.yaml's generators that is not
// one of names (the table of generators), at its line.
func (c *Config) CheckGenerators(names []string) error {
	for _, g := range c.Generators {
		if !slices.Contains(names, g) {
			msg := fmt.Sprintf("%s:%d: generators: want one of %s, got %q", c.path, keyLine(c.data, "generators"), strings.Join(names, ", "), g)
			if s := markers.Suggest(g, names); s != "" {
				msg += fmt.Sprintf(", did you mean %q", s)
			}
			return fmt.Errorf("%s", msg)
		}
	}
	return nil
}

// Find reads file when it is not "" ($CRDGEN_CONFIG, an absolute path),
// and otherwise looks for crdgen.yaml in dir and its parents up to the
// module root (the first directory with a go.mod), reading through fsys.
// It returns nil when there is none. rel names the file in messages.
func Find(dir, file string, rel func(string) string, fsys safefile.FS) (*Config, error) {
	if file != "" {
		data, err := fsys.ReadFile(file)
		if err != nil {
			return nil, err
		}
		c, err := Parse(rel(file), filepath.Dir(file), data)
		if c != nil {
			c.module = moduleRoot(fsys, filepath.Dir(file))
		}
		return c, err
	}
	for d := dir; ; d = filepath.Dir(d) {
		path := filepath.Join(d, Name)
		data, err := fsys.ReadFile(path)
		if err == nil {
			c, err := Parse(rel(path), d, data)
			if c != nil {
				c.module = moduleRoot(fsys, d)
			}
			return c, err
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		if _, err := fsys.Stat(filepath.Join(d, "go.mod")); err == nil || filepath.Dir(d) == d {
			return nil, nil
		}
	}
}

// Parse reads crdgen.yaml strictly: an unknown key is an error with a
// did-you-mean, reported at its line. name names the file in messages;
// dir is its directory, which paths in it are relative to.
func Parse(name, dir string, data []byte) (*Config, error) {
	path := name
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if diags := unknownKeys(path, data); diags != nil {
		return nil, diags.Err()
	}
	c := &Config{path: path, dir: dir, data: data}
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil && !bytes.Equal(bytes.TrimSpace(js), []byte("null")) {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			key := te.Field[strings.LastIndexByte(te.Field, '.')+1:]
			return nil, fmt.Errorf("%s:%d: %s: want %s, got %s", path, keyLine(data, key), te.Field, describeType(te.Type), yamlKind(te.Value))
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return c, c.check()
}

// describeType says in words what a setting's Go type takes.
func describeType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "a whole number"
	case reflect.Slice:
		return "a list of " + strings.TrimPrefix(describeType(t.Elem()), "a ") + "s"
	case reflect.Map, reflect.Struct:
		return "a mapping"
	}
	return t.String()
}

// yamlKind names a JSON value kind as YAML calls it.
func yamlKind(v string) string {
	switch v {
	case "array":
		return "a list"
	case "object":
		return "a mapping"
	case "number":
		return "a number"
	}
	return "a " + v
}

// keyLine finds the line of a key in YAML text, in block or flow style,
// plain or quoted (1 when it cannot tell).
func keyLine(data []byte, key string) int {
	q := regexp.QuoteMeta(key)
	re := regexp.MustCompile(`(?m)(^|[\s{,])(` + q + `|"` + q + `"|'` + q + `')\s*:`)
	if key == "" {
		re = regexp.MustCompile(`(?m)(^|[\s{,])(""|'')\s*:`)
	}
	loc := re.FindIndex(data)
	if loc == nil {
		return 1
	}
	return bytes.Count(data[:loc[0]], []byte("\n")) + 1 + bytes.Count(data[loc[0]:loc[1]], []byte("\n"))
}

// check validates the values of the settings.
func (c *Config) check() error {
	bad := func(key, value string, allowed []string) error {
		msg := fmt.Sprintf("%s:%d: %s: want one of %s, got %q", c.path, keyLine(c.data, key), key, strings.Join(allowed, ", "), value)
		if s := markers.Suggest(value, allowed); s != "" {
			msg += fmt.Sprintf(", did you mean %q", s)
		}
		return fmt.Errorf("%s", msg)
	}
	if v := c.UnknownMarkers; v != "" && v != "error" && v != "warn" {
		return bad("unknownMarkers", v, []string{"error", "warn"})
	}
	if v := c.SizeLimits; v != "" && v != "error" && v != "warn" {
		return bad("sizeLimits", v, []string{"error", "warn"})
	}
	if c.Descriptions != nil {
		for _, p := range c.Descriptions.Omit {
			if err := CheckOmit(p); err != nil {
				return fmt.Errorf("%s:%d: descriptions.omit: %v", c.path, keyLine(c.data, "omit"), err)
			}
		}
	}
	if d := c.DeclarativeValidation; d != nil && d.Dependencies != "" && !slices.Contains(K8sDependencies(), d.Dependencies) {
		return bad("dependencies", d.Dependencies, K8sDependencies())
	}
	if v := c.CostOverBudget; v != "" && v != "error" && v != "warn" {
		return bad("costOverBudget", v, []string{"error", "warn"})
	}
	if c.Conversion != nil && c.Conversion.Style != "" && c.Conversion.Style != string(convgen.StyleMethods) && c.Conversion.Style != string(convgen.StyleFunctions) {
		return bad("style", c.Conversion.Style, []string{string(convgen.StyleFunctions), string(convgen.StyleMethods)})
	}
	if c.JSONSchema != nil && c.JSONSchema.Layout != "" && !slices.Contains(jsonschema.Layouts(), c.JSONSchema.Layout) {
		return bad("layout", c.JSONSchema.Layout, jsonschema.Layouts())
	}
	if c.KubeVersion != "" {
		if _, _, err := celcost.EnvFor(c.KubeVersion); err != nil {
			return fmt.Errorf("%s: kubeVersion: %v", c.path, err)
		}
	}
	for _, name := range c.Suppress {
		if _, err := markers.ParseCode(name); err != nil {
			return fmt.Errorf("%s:%d: suppress: %v", c.path, keyLine(c.data, "suppress"), err)
		}
	}
	if c.Docs != nil && c.Docs.Split != "" && !slices.Contains(apidocs.Splits(), c.Docs.Split) {
		return bad("split", c.Docs.Split, apidocs.Splits())
	}
	if c.Year != "" && !yearRE.MatchString(c.Year) {
		return fmt.Errorf("%s:%d: year: want a year of four digits, got %q", c.path, keyLine(c.data, "year"), c.Year)
	}
	if c.RBAC != nil && c.RBAC.FileName != "" && (!filepath.IsLocal(c.RBAC.FileName) || filepath.Base(c.RBAC.FileName) != c.RBAC.FileName) {
		return fmt.Errorf("%s:%d: rbac.fileName: want a file name (the role goes in rbac.outputDir), got %q", c.path, keyLine(c.data, "fileName"), c.RBAC.FileName)
	}
	if c.MaxDescriptionLength != nil && *c.MaxDescriptionLength < 0 {
		return fmt.Errorf("%s: maxDescriptionLength must not be negative", c.path)
	}
	if c.Test != nil && c.Test.Harness != "" && c.Test.Harness != "openshift" {
		return bad("harness", c.Test.Harness, []string{"openshift"})
	}
	if err := c.checkOpenShift(); err != nil {
		return err
	}
	return c.checkSets()
}

// CheckOmit checks a type of descriptions.omit: <import path>.<Type> or
// <import path>.*.
func CheckOmit(p string) error {
	dot := strings.LastIndexByte(p, '.')
	slash := strings.LastIndexByte(p, '/')
	if dot <= 0 || dot < slash || dot == len(p)-1 {
		return fmt.Errorf("want <import path>.<Type> or <import path>.*, such as k8s.io/api/core/v1.PodSpec, got %q", p)
	}
	return nil
}

// yearRE is a year as YEAR is replaced with.
var yearRE = regexp.MustCompile(`^[0-9]{4}$`)

// Dir is the directory of crdgen.yaml ("" when there is none).
func (c *Config) Dir() string { return c.dir }

// Resolve makes a path from the file absolute.
func (c *Config) Resolve(path string) string {
	if path == "" || filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(c.dir, path)
}

// Patterns returns the configured package patterns; relative directory
// patterns (./api/...) are made absolute so that they mean the same from
// any working directory.
func (c *Config) Patterns() []string {
	var out []string
	for _, p := range c.Packages {
		if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || p == "." {
			p = c.Resolve(p)
		}
		out = append(out, p)
	}
	return out
}

// OrDefault returns the configured value, or def.
func OrDefault[T any](v *T, def T) T {
	if v != nil {
		return *v
	}
	return def
}
