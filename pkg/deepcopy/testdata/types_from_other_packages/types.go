// Fields of types from other packages: hand-written DeepCopy methods
// (metav1.Time's DeepCopyInto, resource.Quantity's value DeepCopy,
// runtime.RawExtension's DeepCopyInto), structs a shallow copy copies
// (metav1.TypeMeta, intstr.IntOrString, metav1.Duration) and structs that
// need their DeepCopyInto (metav1.ObjectMeta, metav1.Condition, corev1
// types), each as a value, a pointer, and in slices and maps.
// +kubebuilder:object:generate=true
// +groupName=example.com
package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Times uses metav1.Time, which has a hand-written DeepCopyInto.
type Times struct {
	Time      metav1.Time
	TimePtr   *metav1.Time
	MicroTime metav1.MicroTime
	TimeMap   map[string]metav1.Time
	TimePtrs  map[string]*metav1.Time
	Times     []metav1.Time
	Duration  metav1.Duration
	DurPtr    *metav1.Duration
}

// Quantities uses resource.Quantity, whose DeepCopy takes the value.
type Quantities struct {
	Quantity  resource.Quantity
	QtyPtr    *resource.Quantity
	QtyMap    map[string]resource.Quantity
	Qtys      []resource.Quantity
	Resources corev1.ResourceList
	Limits    map[corev1.ResourceName]resource.Quantity
	ResPtr    *corev1.ResourceList
	ResMap    map[string]corev1.ResourceList
	Requests  corev1.ResourceRequirements
}

// Meta uses the meta/v1 structs.
type Meta struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	List       metav1.ListMeta
	Conditions []metav1.Condition
	Condition  *metav1.Condition
	Selector   *metav1.LabelSelector
	Owner      metav1.OwnerReference
	Owners     []metav1.OwnerReference
}

// Others uses intstr, runtime and apiextensions types.
type Others struct {
	Port    intstr.IntOrString
	PortPtr *intstr.IntOrString
	Ports   []intstr.IntOrString
	PortMap map[string]intstr.IntOrString
	Raw     runtime.RawExtension
	RawPtr  *runtime.RawExtension
	Raws    []runtime.RawExtension
	RawMap  map[string]runtime.RawExtension
	JSON    apiextensionsv1.JSON
	JSONPtr *apiextensionsv1.JSON
	JSONs   []apiextensionsv1.JSON
	JSONMap map[string]apiextensionsv1.JSON
}

// Core uses corev1 types.
type Core struct {
	Template    corev1.PodTemplateSpec
	Containers  []corev1.Container
	Env         []corev1.EnvVar
	Ref         corev1.ObjectReference
	LocalRef    *corev1.LocalObjectReference
	Tolerations []corev1.Toleration
	Affinity    *corev1.Affinity
	Protocol    corev1.Protocol
	Volumes     map[string]corev1.Volume
}
