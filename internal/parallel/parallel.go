package parallel

import (
	"runtime"
	"sync"
)

// ForEach calls fn(i) for i in [0, n) on up to GOMAXPROCS goroutines. Callers
// store results by index, so the output never depends on scheduling.
func ForEach(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
