// This case proves that text from the Go types cannot inject HTML, links, headings or table cells into the API reference, and that anchors stay unique when names collide.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/crdgen/crdgen/testdata/api_docs_escape_hostile_text/shared"
)

// Config is a type whose name shared.Config has too.
type Config struct {
	// Level is `a | b` or `c`.
	// +optional
	Level string `json:"level,omitempty"`
}

// Odd_Name has an underscore in its name.
type Odd_Name struct {
	// Value is a value.
	// +optional
	Value string `json:"value,omitempty"`
}

// MODE is one of two types whose names differ only in case.
// +kubebuilder:validation:Enum="a|b";"<i>x</i>";"`tick`"
type MODE string

// Mode is the other.
// +kubebuilder:validation:Pattern=`^(a|b)+$`
type Mode string

// GadgetSpec holds hostile text in blocks: <script>alert("x")</script>
// `code | <tag>` and an unpaired ` backtick, [a link](#nowhere).
//
// # Not a heading
//
//   - # not a heading in a list item
//   - ```
//
// Not a setext heading
// ===
//
// <div>an HTML block</div>
//
//	indented code <b>kept</b> as text
//
// ```sh onerror="x"
// an unclosed fence with <script>
// +kubebuilder:validation:XValidation:rule="self.name != '<script>'",message="name must not be <script>alert(1)</script> | or [a link](javascript:alert(1))"
//
// [1]: https://example.com
type GadgetSpec struct {
	// Name is hostile.
	// <script>alert("x")</script> & <img src=x onerror=alert(1)>
	// | not | a | table |
	// `code with | pipe and <tag>` and ``double `tick` code`` and an unpaired ` backtick
	// [a link](javascript:alert(1)) and [an anchor](#nowhere) and ![img](x.png) and [ref][1]
	// <https://example.com> is an autolink, <!-- a comment --> is HTML.
	// \<escaped\> and \* and &amp; and &#60;script&#62;
	//
	// # Not a heading
	//
	// Setext?
	// ---
	//
	// - # not a heading in a list
	// - ```
	//
	Name string `json:"name"`

	// Blocks is hostile in a cell.
	//
	//   - # not a heading in a list item
	//   - ```
	//
	// [1]: https://example.com
	//
	// ```
	// an unclosed fence with <script>
	// +optional
	Blocks string `json:"blocks,omitempty"`

	// Mode is MODE.
	// +optional
	Mode MODE `json:"mode,omitempty"`

	// Other is Mode.
	// +kubebuilder:default="ab"
	// +optional
	Other Mode `json:"other,omitempty"`

	// Odd is Odd_Name.
	// +optional
	Odd *Odd_Name `json:"odd,omitempty"`

	// Config is ours.
	// +optional
	Config *Config `json:"config,omitempty"`

	// Shared is shared.Config.
	// +optional
	Shared *shared.Config `json:"shared,omitempty"`

	// Pattern has backticks and pipes.
	// +kubebuilder:validation:Pattern=`^[|]+$`
	// +kubebuilder:default="|"
	// +optional
	Pattern string `json:"pattern,omitempty"`
}

// Gadget is a kind <em>with</em> hostile text, and a column whose
// description is hostile too.
// +kubebuilder:printcolumn:name="Na|me",type=string,JSONPath=`.spec.name`,description="<script>x</script> | [l](#x)"
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GadgetSpec `json:"spec"`
}

// Gizmo is a second kind; it uses Config too.
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	// Config is ours.
	// +optional
	Config *Config `json:"config,omitempty"`
}
