package cmd

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestWithinReturnsWhatFinishes: work that finishes is returned as it is.
func TestWithinReturnsWhatFinishes(t *testing.T) {
	stop := new(atomic.Bool)
	got, ok := within(time.Now().Add(time.Hour), stop, func() int { return 42 })
	if !ok || got != 42 || stop.Load() {
		t.Fatalf("within = %d, %v (stop %v), want 42, true, no stop", got, ok, stop.Load())
	}
}

// TestWithinAnswersWithoutTheWork: work that never finishes (it waits on a
// channel no one writes to) does not hold the answer: past the deadline,
// within returns at once, says so, and tells the work to stop.
func TestWithinAnswersWithoutTheWork(t *testing.T) {
	stop := new(atomic.Bool)
	never := make(chan int)
	got, ok := within(time.Now(), stop, func() int { return <-never })
	if ok || got != 0 {
		t.Fatalf("within = %d, %v, want the deadline's answer", got, ok)
	}
	if !stop.Load() {
		t.Fatal("the abandoned work was not told to stop")
	}
}

// TestWithinRaisesPanics: a panic in the work reaches the caller, whose
// recovery answers for it (a hook denies).
func TestWithinRaisesPanics(t *testing.T) {
	defer func() {
		if r := recover(); r != "broken" {
			t.Fatalf("recovered %v, want the work's panic", r)
		}
	}()
	within(time.Now().Add(time.Hour), new(atomic.Bool), func() int { panic("broken") })
	t.Fatal("the work's panic was lost")
}

// TestLateAnalysisNeverAllows: the analysis an answer stands on when its
// deadline passed is too_complex, so no mode allows it.
func TestLateAnalysisNeverAllows(t *testing.T) {
	a := lateAnalysis("ls", late{phase: "judge the command", limit: time.Second})
	if !a.Incomplete() || a.AllReadOnly || len(a.IDs()) != 1 || a.IDs()[0] != "too_complex.deadline" {
		t.Fatalf("late analysis %+v", a)
	}
}
