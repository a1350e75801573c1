// This case proves that a type defined over another named type keeps that type's markers, as controller-gen does: bounds, patterns, enums and CEL rules, through aliases and packages, and the well-known types (Duration, Time, Quantity, IntOrString) keep their schemas.
package v1

import (
	"net/url"
	"strconv"
	"time"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/crdgen/crdgen/testdata/defined_types_keep_their_base_markers/shared"
)

// Base is a bounded string.
// +kubebuilder:validation:MaxLength=10
// +kubebuilder:validation:Pattern=`^[a-z]+$`
type Base string

// Derived is defined over Base; it has its own doc and no markers.
type Derived Base

// Tighter is defined over Base with a marker of its own.
// +kubebuilder:validation:MinLength=2
type Tighter Base

type Undocumented Base

// Color is an enum.
// +kubebuilder:validation:Enum=red;green
type Color string

// Shade is defined over Color.
type Shade Color

// Pair must have its first value below its second.
// +kubebuilder:validation:XValidation:rule="self.low < self.high",message="low must be below high"
type Pair struct {
	// Low end.
	Low int32 `json:"low"`
	// High end.
	High int32 `json:"high"`
}

// DerivedPair is defined over Pair.
type DerivedPair Pair

// Level is an enum reached through an alias.
// +kubebuilder:validation:Enum=low;high
type Level string

// LevelAlias is an alias of Level.
type LevelAlias = Level

// Grade is defined over an alias of an enum.
type Grade LevelAlias

// HTTPHeaderName is defined over a type of another package, as Gateway API's is.
type HTTPHeaderName shared.HeaderName

// Transport is defined over another package's enum.
type Transport shared.Protocol

// Timeout is defined over metav1.Duration.
type Timeout metav1.Duration

// Stamp is defined over metav1.Time.
type Stamp metav1.Time

// Amount is defined over resource.Quantity.
type Amount resource.Quantity

// PortOrName is defined over intstr.IntOrString.
type PortOrName intstr.IntOrString

// Link is defined over url.URL and writes itself as text: a string, as
// its own marshaler says (controller-gen's order: marshalers first).
type Link url.URL

// MarshalText writes the URL.
func (l *Link) MarshalText() ([]byte, error) { return (*url.URL)(l).MarshalBinary() }

// Millis is defined over time.Time and writes itself as milliseconds.
// +kubebuilder:validation:Type=integer
// +kubebuilder:validation:Format=int64
type Millis time.Time

// MarshalJSON writes the milliseconds since the epoch.
func (m Millis) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, time.Time(m).UnixMilli(), 10), nil
}

// Names is a list of a defined type.
type Names []Derived

// DerivedSpec has one field of each defined type.
type DerivedSpec struct {
	// Derived keeps Base's bounds and pattern.
	Derived Derived `json:"derived"`
	// Tighter has Base's bounds and its own.
	Tighter Tighter `json:"tighter"`
	// +optional
	Undocumented Undocumented `json:"undocumented,omitempty"`
	// Shade keeps Color's enum.
	Shade Shade `json:"shade"`
	// Pair keeps Pair's rule.
	Pair DerivedPair `json:"pair"`
	// Grade keeps Level's enum through the alias.
	Grade Grade `json:"grade"`
	// Header keeps the bounds and pattern of the other package's type.
	// +optional
	Header HTTPHeaderName `json:"header,omitempty"`
	// Transport keeps the other package's enum.
	// +optional
	Transport Transport `json:"transport,omitempty"`
	// Timeout is a duration string.
	// +optional
	Timeout *Timeout `json:"timeout,omitempty"`
	// Stamp is a date-time string.
	// +optional
	Stamp *Stamp `json:"stamp,omitempty"`
	// Amount is a quantity.
	// +optional
	Amount *Amount `json:"amount,omitempty"`
	// Port is an int or a string.
	// +optional
	Port *PortOrName `json:"port,omitempty"`
	// Link is a URL.
	// +optional
	Link *Link `json:"link,omitempty"`
	// Since is a time in milliseconds.
	// +optional
	Since *Millis `json:"since,omitempty"`
	// Names is a list of derived values.
	// +optional
	Names Names `json:"names,omitempty"`
}

// Widget uses defined types.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec DerivedSpec `json:"spec"`
}
