package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

// tableAccept asks the server for a meta.k8s.io/v1 Table, as kubectl get does.
const tableAccept = "application/json;as=Table;v=v1;g=meta.k8s.io"

// TestPrinterColumns checks that a Table request returns the declared
// +kubebuilder:printcolumn columns, in order, with their type, format,
// description and priority, and each object's values in them.
func TestPrinterColumns(t *testing.T) {
	t.Parallel()
	c := newClient(t)
	c.mustCreate(t, newObject(t, "v1", "Job", "job-a", `{"queue":"batch","parallelism":2,"urgent":true,"owner":"alice"}`))
	c.mustCreate(t, newObject(t, "v1", "Job", "job-b", `{"queue":"web"}`))

	table := getTable(t, c, "Job", "")
	type column struct {
		Name, Type, Format, Description string
		Priority                        int32
	}
	var got []column
	for _, d := range table.ColumnDefinitions {
		got = append(got, column{d.Name, d.Type, d.Format, d.Description, d.Priority})
	}
	want := []column{
		{"Name", "string", "name", metav1.ObjectMeta{}.SwaggerDoc()["name"], 0},
		{"Queue", "string", "", "Queue the job runs in", 0},
		{"Parallelism", "integer", "int32", "Custom resource definition column (in JSONPath format): .spec.parallelism", 0},
		{"Urgent", "boolean", "", "Custom resource definition column (in JSONPath format): .spec.urgent", 0},
		{"Owner", "string", "", "Custom resource definition column (in JSONPath format): .spec.owner", 1},
		{"Age", "date", "", "Custom resource definition column (in JSONPath format): .metadata.creationTimestamp", 0},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got columns\n%+v\nwant\n%+v", got, want)
	}

	if len(table.Rows) != 2 {
		t.Fatalf("got %d rows, want 2", len(table.Rows))
	}
	// Cells come as JSON: numbers are float64; a missing value is null.
	wantCells := [][]any{
		{"job-a", "batch", float64(2), true, "alice"},
		{"job-b", "web", nil, nil, nil},
	}
	age := regexp.MustCompile(`^[0-9]+s$`)
	for i, row := range table.Rows {
		if len(row.Cells) != len(want) {
			t.Errorf("row %d: got %d cells %v, want %d", i, len(row.Cells), row.Cells, len(want))
			continue
		}
		if cells := row.Cells[:len(want)-1]; !reflect.DeepEqual(cells, wantCells[i]) {
			t.Errorf("row %d: got cells %v, want %v", i, cells, wantCells[i])
		}
		if a, _ := row.Cells[len(want)-1].(string); !age.MatchString(a) {
			t.Errorf("row %d: got age %v, want a duration in seconds", i, row.Cells[len(want)-1])
		}
	}

	// Each row carries the object's metadata unless asked otherwise.
	for _, tc := range []struct {
		includeObject string
		// wantKind is the kind of rows[0].object, "" for none.
		wantKind string
	}{
		{"", "PartialObjectMetadata"},
		{"Metadata", "PartialObjectMetadata"},
		{"Object", "Job"},
		{"None", ""},
	} {
		t.Run("includeObject="+tc.includeObject, func(t *testing.T) {
			table := getTable(t, c, "Job", tc.includeObject)
			var obj struct {
				Kind string         `json:"kind"`
				Spec map[string]any `json:"spec"`
			}
			if raw := table.Rows[0].Object.Raw; len(raw) > 0 {
				if err := json.Unmarshal(raw, &obj); err != nil {
					t.Fatal(err)
				}
			}
			if obj.Kind != tc.wantKind {
				t.Errorf("got object kind %q, want %q", obj.Kind, tc.wantKind)
			}
			if (obj.Spec != nil) != (tc.wantKind == "Job") {
				t.Errorf("got spec %v in the row's object, want it only for the whole object", obj.Spec)
			}
		})
	}
}

// getTable lists kind in c's namespace as a Table; includeObject, when not
// "", is passed as the includeObject parameter.
func getTable(t *testing.T, c *client, kind, includeObject string) *metav1.Table {
	t.Helper()
	hc, err := rest.HTTPClientFor(env.config)
	if err != nil {
		t.Fatal(err)
	}
	url := fmt.Sprintf("%s/apis/%s/v1/namespaces/%s/%s", env.config.Host, env.crds[kind].Spec.Group, c.ns, env.crds[kind].Spec.Names.Plural)
	if includeObject != "" {
		url += "?includeObject=" + includeObject
	}
	var resp *http.Response
	var body []byte
	// The server may still answer 429 with Retry-After while a CRD's
	// storage (re)starts; client-go retries that, so this raw request does too.
	for try := 0; ; try++ {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept", tableAccept)
		resp, err = hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err = io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusTooManyRequests || try == 10 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("got %s: %s, want 200", resp.Status, body)
	}
	table := &metav1.Table{}
	if err := json.Unmarshal(body, table); err != nil {
		t.Fatal(err)
	}
	if table.Kind != "Table" {
		t.Fatalf("got kind %q, want Table", table.Kind)
	}
	return table
}
