// Command judge is the API server's CRD validation and nothing else:
// bench/compare runs it to measure the part of the floor that comes from
// "the API server is the judge", which no change to crdgen can remove.
//
// Without arguments it does nothing: its start-up is what linking the
// judge costs any binary (every linked package's init runs before main).
// With a directory, it decodes every CRD file in it, then defaults,
// converts and validates them all with the API server's code, on every core
// with the largest first, as a create request does, and prints the wall
// and CPU time of that last part (not of the decoding, which crdgen does
// not do):
//
//	judge DIR   prints "validated N CRDs in WALL_NS ns, CPU_NS ns of CPU"
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/install"
	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/runtime/serializer"

	k8sruntime "k8s.io/apimachinery/pkg/runtime"
)

func main() {
	if len(os.Args) < 2 {
		return
	}
	if err := judge(os.Stdout, os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "judge:", err)
		os.Exit(1)
	}
}

// judge validates every CRD file of dir and prints the times to w. A CRD
// the server rejects is an error: the floor is the cost of accepting.
func judge(w io.Writer, dir string) error {
	scheme := k8sruntime.NewScheme()
	install.Install(scheme)
	decoder := serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	type file struct {
		size int
		crd  *apiextv1.CustomResourceDefinition
	}
	var files []file
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".yaml") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return err
		}
		obj, _, err := decoder.Decode(data, nil, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", e.Name(), err)
		}
		crd, ok := obj.(*apiextv1.CustomResourceDefinition)
		if !ok {
			return fmt.Errorf("%s: decoded %T, want a v1 CustomResourceDefinition", e.Name(), obj)
		}
		files = append(files, file{len(data), crd})
	}
	slices.SortStableFunc(files, func(a, b file) int { return b.size - a.size })

	cpu0 := cpuTime()
	start := time.Now()
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, len(files))
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(files); i = int(next.Add(1) - 1) {
				errs[i] = validate(scheme, files[i].crd)
			}
		})
	}
	wg.Wait()
	wall, cpu := time.Since(start), cpuTime()-cpu0
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "validated %d CRDs in %d ns, %d ns of CPU\n", len(files), wall.Nanoseconds(), cpu.Nanoseconds())
	return nil
}

// validate defaults and converts a CRD as the API server does for a create
// request, and runs its create-time validation.
func validate(scheme *k8sruntime.Scheme, crd *apiextv1.CustomResourceDefinition) error {
	scheme.Default(crd)
	internal := &apiextensions.CustomResourceDefinition{}
	if err := scheme.Convert(crd, internal, nil); err != nil {
		return err
	}
	internal.Generation = 1
	for _, v := range internal.Spec.Versions {
		if v.Storage {
			internal.Status.StoredVersions = []string{v.Name}
		}
	}
	if errs := validation.ValidateCustomResourceDefinition(context.Background(), internal); len(errs) > 0 {
		return fmt.Errorf("%s: %v", crd.Name, errs.ToAggregate())
	}
	return nil
}

// cpuTime is the CPU time the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
