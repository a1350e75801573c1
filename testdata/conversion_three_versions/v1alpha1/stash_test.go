package v1alpha1

// These tests pin what the conversion-data annotation does for a client that
// only knows v1alpha1: what v1 holds and v1alpha1 cannot comes back, a
// change the client makes wins over it, and it never reaches v1 objects.

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/diff"
	"k8s.io/utils/ptr"

	v1 "github.com/crdgen/crdgen/testdata/conversion_three_versions/v1"
)

const dataKey = "fleet.example.com/crdgen-conversion-data"

// hub is a v1 cluster with values v1alpha1 cannot hold.
func hub() *v1.Cluster {
	return &v1.Cluster{
		TypeMeta:   metav1.TypeMeta{APIVersion: "fleet.example.com/v1", Kind: "Cluster"},
		ObjectMeta: metav1.ObjectMeta{Name: "c", Namespace: "ns", Annotations: map[string]string{"team": "a"}, Labels: map[string]string{"env": "prod"}},
		Spec: v1.ClusterSpec{
			Capacity: "large",
			Scaling:  &v1.ScalingSpec{Replicas: 3, MaxSurge: ptr.To[int32](1)},
			Storage:  v1.StorageSpec{Class: "fast", Size: resource.MustParse("10Gi")},
			Ports: []v1.Port{
				{Name: "http", Port: 80, AppProtocol: ptr.To("h2c")},
				{Name: "metrics", Port: 9090, AppProtocol: ptr.To("http")},
			},
			Tier:   "gold",
			Paused: ptr.To(false),
		},
	}
}

func toSpoke(t *testing.T, h *v1.Cluster) *Cluster {
	t.Helper()
	s := &Cluster{}
	if err := ConvertClusterFromHub(context.Background(), h, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func toHub(t *testing.T, s *Cluster) *v1.Cluster {
	t.Helper()
	h := &v1.Cluster{}
	if err := ConvertClusterToHub(context.Background(), s, h); err != nil {
		t.Fatal(err)
	}
	return h
}

func TestWhatOnlyTheHubHoldsComesBack(t *testing.T) {
	want := hub()
	s := toSpoke(t, want)
	if s.Spec.Size != "large" || s.Spec.Replicas != 3 || s.Spec.Storage != "fast:10Gi" || s.Spec.Paused {
		t.Errorf("v1alpha1 spec = %+v, want size large, replicas 3, storage fast:10Gi, not paused", s.Spec)
	}
	if _, ok := s.Annotations[dataKey]; !ok {
		t.Fatalf("v1alpha1 annotations = %v, want %s", s.Annotations, dataKey)
	}
	if got := toHub(t, s); !equality.Semantic.DeepEqual(want, got) {
		t.Errorf("v1 -> v1alpha1 -> v1 (-want +got):\n%s", diff.Diff(want, got))
	}
}

func TestTheStashHoldsOnlyWhatIsLost(t *testing.T) {
	h := hub()
	h.Spec.Scaling.MaxSurge, h.Spec.Ports, h.Spec.Paused = nil, nil, nil
	s := toSpoke(t, h)
	// Everything but the tier survives v1alpha1, so the tier is all there is.
	want := `[{"p":["spec","tier"],"v":"gold"}]`
	if got := s.Annotations[dataKey]; got != want {
		t.Errorf("annotation = %s, want %s", got, want)
	}
}

func TestAChangeInTheSpokeWinsOverTheStash(t *testing.T) {
	s := toSpoke(t, hub())
	s.Spec.Paused = true            // v1 had an explicit false
	s.Spec.Replicas = 5             // moved field, changed
	s.Spec.Ports = s.Spec.Ports[1:] // http removed: its appProtocol must not come back
	s.Spec.Ports[0].Port = 9100     // metrics changed: its appProtocol stays
	s.Spec.Size = "small"           // renamed field, changed
	got := toHub(t, s)
	want := hub()
	want.Spec.Paused = ptr.To(true)
	want.Spec.Scaling.Replicas = 5
	want.Spec.Ports = []v1.Port{{Name: "metrics", Port: 9100, AppProtocol: ptr.To("http")}}
	want.Spec.Capacity = "small"
	if !equality.Semantic.DeepEqual(want, got) {
		t.Errorf("edited v1alpha1 -> v1 (-want +got):\n%s", diff.Diff(want, got))
	}
}

func TestAHubOnlyStructComesBackWhenTheSpokeFillsIt(t *testing.T) {
	h := hub()
	h.Spec.Scaling = &v1.ScalingSpec{MaxSurge: ptr.To[int32](2)} // no replicas: v1alpha1 shows none
	s := toSpoke(t, h)
	if s.Spec.Replicas != 0 {
		t.Fatalf("v1alpha1 replicas = %d, want 0", s.Spec.Replicas)
	}
	s.Spec.Replicas = 4
	got := toHub(t, s)
	if want := (&v1.ScalingSpec{Replicas: 4, MaxSurge: ptr.To[int32](2)}); !equality.Semantic.DeepEqual(want, got.Spec.Scaling) {
		t.Errorf("scaling = %+v, want %+v", got.Spec.Scaling, want)
	}
}

func TestTheAnnotationNeverReachesTheHub(t *testing.T) {
	s := toSpoke(t, hub())
	before := s.DeepCopyObject()
	h := toHub(t, s)
	if _, ok := h.Annotations[dataKey]; ok {
		t.Errorf("v1 annotations = %v, want no %s", h.Annotations, dataKey)
	}
	if h.Annotations["team"] != "a" {
		t.Errorf("v1 annotations = %v, want team=a kept", h.Annotations)
	}
	if !equality.Semantic.DeepEqual(before, s) {
		t.Errorf("converting to v1 changed the v1alpha1 object (-want +got):\n%s", diff.Diff(before, s))
	}
}

func TestMetadataIsCopiedNotShared(t *testing.T) {
	h := hub()
	s := toSpoke(t, h)
	s.Annotations["team"] = "b"
	s.Labels["env"] = "dev"
	if h.Annotations["team"] != "a" || h.Labels["env"] != "prod" {
		t.Errorf("changing the v1alpha1 metadata changed v1: annotations %v, labels %v", h.Annotations, h.Labels)
	}
	back := toHub(t, s)
	back.Annotations["team"] = "c"
	if s.Annotations["team"] != "b" {
		t.Errorf("changing the v1 metadata changed v1alpha1: annotations %v", s.Annotations)
	}
}

func TestTooMuchToStashIsAnError(t *testing.T) {
	h := hub()
	h.Spec.Tier = strings.Repeat("x", 70<<10)
	err := ConvertClusterFromHub(context.Background(), h, &Cluster{})
	if err == nil || !strings.Contains(err.Error(), "more than the 65536 the "+dataKey+" annotation may use") {
		t.Errorf("error = %v, want the annotation size limit", err)
	}
}

func TestAnAnnotationThatIsNotStashDataIsAnError(t *testing.T) {
	s := toSpoke(t, hub())
	s.Annotations[dataKey] = "{not json"
	err := ConvertClusterToHub(context.Background(), s, &v1.Cluster{})
	if err == nil || !strings.Contains(err.Error(), "ns/c: annotation "+dataKey+" is not crdgen conversion data") {
		t.Errorf("error = %v, want the annotation named", err)
	}
}
