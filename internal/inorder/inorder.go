// Package inorder runs numbered jobs on several workers and hands their
// results on in the jobs' order, so that what is written from them (the
// self-play data of seega tune and seega nnue) is the same file whatever
// the number of workers.
package inorder

import "sync"

// Run does jobs 0 to jobs−1 on workers goroutines. Each goroutine builds
// its own work function with newWorker, on that goroutine and so at the
// same time as the others (the function may own state, such as a pair of
// engines, that must not be shared), and calls it on the jobs it takes,
// in no set order. emit gets every result in the order of the
// jobs, one call at a time, as soon as the results before it are in. Run
// stops taking jobs at the first error of work or emit and returns it;
// results after a failed job are never emitted.
func Run[T any](jobs, workers int, newWorker func() func(job int) (T, error), emit func(job int, result T) error) error {
	var (
		mu      sync.Mutex
		next    int
		done    = map[int]T{}
		emitted int
		failed  error
		wg      sync.WaitGroup
	)
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work := newWorker()
			for {
				mu.Lock()
				if next >= jobs || failed != nil {
					mu.Unlock()
					return
				}
				job := next
				next++
				mu.Unlock()
				result, err := work(job)
				mu.Lock()
				if err != nil {
					if failed == nil {
						failed = err
					}
					mu.Unlock()
					return
				}
				done[job] = result
				for r, ok := done[emitted]; ok && failed == nil; r, ok = done[emitted] {
					delete(done, emitted)
					if err := emit(emitted, r); err != nil {
						failed = err
					}
					emitted++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return failed
}
