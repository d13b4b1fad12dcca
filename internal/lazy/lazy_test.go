package lazy

import (
	"sync"
	"testing"
)

var built int

var table = Value[map[string]int]{Make: func() map[string]int {
	built++
	return map[string]int{"a": 1}
}}

// TestValueBuildsOnce: the value is built on the first Get only, whatever
// the number of goroutines asking.
func TestValueBuildsOnce(t *testing.T) {
	if built != 0 {
		t.Fatalf("built %d times before the first Get", built)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if table.Get()["a"] != 1 {
				t.Error("wrong value")
			}
		}()
	}
	wg.Wait()
	if built != 1 {
		t.Fatalf("built %d times, want 1", built)
	}
}
