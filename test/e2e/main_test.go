package e2e

// This file implements the test environment: etcd, the apiextensions API
// server and crdgen's CRDs, set up once per test binary by TestMain.

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"sync"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/test/integration/fixtures"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"

	_ "github.com/crdgen/crdgen/internal/golden" // for its -update flag, which go test ./... passes to every test binary
)

// apiPatterns are the package patterns of the API types the tests use,
// relative to the module root: the e2e API, the conversion cases whose
// generated conversions the webhook serves, and the cases whose CRD test
// suites run against the server too (suites_test.go).
func apiPatterns() []string {
	return append([]string{"./testdata/e2e_api/...", "./testdata/conversion_pizza_toppings/...", "./testdata/conversion_three_versions/...", validateCase}, suiteCases()...)
}

// suiteCases are the golden cases whose CRD test suites the e2e suite runs.
func suiteCases() []string {
	return []string{"./testdata/crd_tests_pass_in_process/...", "./testdata/crd_tests_that_fail_say_why/...", "./testdata/crd_tests_init_writes_a_starter_suite/..."}
}

// env is the environment TestMain sets up before running the tests. It is
// written once, before m.Run, and only read afterwards.
var env *environment

// environment is a running API server with crdgen's CRDs Established.
type environment struct {
	// config is the API server's loopback client configuration. Tests copy
	// it (rest.CopyConfig) before changing anything.
	config *rest.Config
	// crds are the CRDs as the server returned them once Established, by kind.
	crds map[string]*apiextv1.CustomResourceDefinition
	// generated are the CRDs as crdgen wrote them, by name.
	generated map[string]*apiextv1.CustomResourceDefinition
	// stop tears everything down, in reverse order of start.
	stop []func()
}

// envOptions configure startEnvironment.
type envOptions struct {
	// Patch, when set, is called on every generated CRD before it is
	// created, for what the test server needs and markers cannot say: the
	// conversion webhook (webhook_test.go) replaces the Service that
	// +crdgen:conversion:webhook names with its loopback URL and CA, since
	// the test server resolves no Services. (It turns off admission
	// webhooks, but it does call CRD conversion webhooks.)
	Patch func(*apiextv1.CustomResourceDefinition) error
}

// TestMain starts the environment, runs the tests and tears it down.
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

// run is TestMain with an exit code, so that the tear-down defers run
// before os.Exit.
func run(m *testing.M) int {
	flag.Parse()
	if testing.Short() {
		// Every test skips itself (newClient) when env is nil.
		return m.Run()
	}
	quietKlog()
	hook, err := startConversionWebhook()
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: starting the conversion webhook: %v\n", err)
		return 1
	}
	defer hook.Close()
	e, err := startEnvironment(envOptions{Patch: hook.patch})
	if e != nil {
		defer e.Stop()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: setting up the API server: %v\n", err)
		return 1
	}
	env = e
	return m.Run()
}

// startEnvironment generates the CRDs, starts etcd and the API server, then
// creates the CRDs and waits until they are served. On error the returned environment, when not nil,
// must still be stopped.
func startEnvironment(opts envOptions) (*environment, error) {
	// Generating first reports crdgen's errors without waiting for servers.
	crds, err := generateCRDs()
	if err != nil {
		return nil, err
	}
	e := &environment{generated: map[string]*apiextv1.CustomResourceDefinition{}}
	for _, g := range crds {
		e.generated[g.obj.Name] = g.obj
	}
	etcd, err := startEtcd()
	if err != nil {
		return nil, err
	}
	e.stop = append(e.stop, etcd.Stop)

	// fixtures reads the etcd address from the environment only.
	if err := os.Setenv("KUBE_INTEGRATION_ETCD_URL", etcd.ClientURL); err != nil {
		return e, err
	}
	log := &setupLog{}
	tearDown, config, _, err := fixtures.StartDefaultServer(log)
	if err != nil {
		return e, fmt.Errorf("%w\n%s", err, log.String())
	}
	e.stop = append(e.stop, tearDown)
	e.config = config

	e.crds, err = createCRDs(config, crds, opts.Patch)
	return e, err
}

// Stop tears the environment down.
func (e *environment) Stop() {
	for i := len(e.stop) - 1; i >= 0; i-- {
		e.stop[i]()
	}
}

// quietKlog stops the API server's klog output, which would bury the
// tests' own output (the server logs every request it finds odd, and its
// shutdown). It changes klog's global settings, which is fine for a test
// binary that owns the process.
func quietKlog() {
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	fs.Set("logtostderr", "false")
	fs.Set("alsologtostderr", "false")
	fs.Set("stderrthreshold", "FATAL")
	klog.SetOutput(io.Discard)
}

// setupLog collects what the test server logs while it starts, to print
// it if the start fails. It is the servertesting.Logger that
// fixtures.StartDefaultServer asks for in place of a testing.TB, which
// TestMain does not have.
type setupLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Logf records a line.
func (l *setupLog) Logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(&l.buf, format+"\n", args...)
}

// Errorf records an error; the server's start returns it as well.
func (l *setupLog) Errorf(format string, args ...any) { l.Logf("error: "+format, args...) }

// Fatalf records a fatal error; StartDefaultServer returns errors rather
// than calling it.
func (l *setupLog) Fatalf(format string, args ...any) { l.Logf("fatal: "+format, args...) }

// String returns everything logged.
func (l *setupLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
