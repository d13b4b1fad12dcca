package cmd

import (
	"sync/atomic"
	"testing"
	"time"
)

// TestWatchdogLetsTheWorkAnswer: work that claims the answer before its
// deadline answers itself; the late answer is never given, even once the
// deadline has passed.
func TestWatchdogLetsTheWorkAnswer(t *testing.T) {
	var lateRan atomic.Bool
	exited := make(chan int, 1)
	dog := newWatchdog(func(code int) { exited <- code })
	if !dog.arm(time.Now().Add(50*time.Millisecond), nil, func() int { lateRan.Store(true); return 2 }) {
		t.Fatal("arm refused before any answer")
	}
	if !dog.claim() {
		t.Fatal("the work could not claim an answer it gave in time")
	}
	time.Sleep(100 * time.Millisecond)
	if lateRan.Load() {
		t.Fatal("the late answer was given after the work's")
	}
	select {
	case code := <-exited:
		t.Fatalf("the process was ended (%d) after the work's answer", code)
	default:
	}
	if !dog.claim() {
		t.Fatal("a second claim by the work (a panic after its answer) was refused")
	}
}

// TestWatchdogAnswersForStuckWork: work that never ends (it waits on a
// channel no one writes to until the test is done) does not hold the
// answer: the late answer is given, the stop flag set, the process ended
// with the late answer's code; the work, once it ends, cannot answer.
func TestWatchdogAnswersForStuckWork(t *testing.T) {
	exited := make(chan int, 1)
	dog := newWatchdog(func(code int) { exited <- code })
	stop := new(atomic.Bool)
	dog.arm(time.Now().Add(time.Hour), nil, func() int { return 9 })
	// The second phase replaces the first: its answer is the one given.
	dog.arm(time.Now().Add(10*time.Millisecond), stop, func() int { return 2 })
	release := make(chan struct{})
	worked := make(chan bool)
	go func() {
		<-release // stuck until the test lets it go
		worked <- dog.claim()
	}()
	select {
	case code := <-exited:
		if code != 2 {
			t.Fatalf("process ended with %d, want the second phase's late answer 2", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the watchdog never answered for stuck work")
	}
	if !stop.Load() {
		t.Fatal("the stuck work was not told to stop")
	}
	close(release)
	if <-worked {
		t.Fatal("the work claimed an answer the watchdog gave")
	}
	if code := dog.wait(); code != 2 {
		t.Fatalf("wait = %d, want the late answer's code 2", code)
	}
}

// TestWatchdogWithoutExit: with no exit function (in tests), the late
// answer is given and its code waits for the caller.
func TestWatchdogWithoutExit(t *testing.T) {
	dog := newWatchdog(nil)
	dog.arm(time.Now(), nil, func() int { return 3 })
	if code := dog.wait(); code != 3 {
		t.Fatalf("wait = %d, want 3", code)
	}
	if dog.claim() {
		t.Fatal("claim succeeded after the late answer")
	}
	if dog.arm(time.Now().Add(time.Hour), nil, func() int { return 0 }) {
		t.Fatal("a phase was armed after the late answer")
	}
}

// TestWatchdogLateAnswerPanics: a late answer that panics still ends the
// process, with the deny's exit code.
func TestWatchdogLateAnswerPanics(t *testing.T) {
	dog := newWatchdog(nil)
	dog.arm(time.Now(), nil, func() int { panic("broken") })
	if code := dog.wait(); code != exitDeny {
		t.Fatalf("wait = %d, want %d", code, exitDeny)
	}
}

// TestWatchdogWaitsForTheArmedPhase: the timer, set for a first phase's
// deadline, does not answer for the next phase before that phase's own
// (later) deadline; a phase with an earlier deadline moves it forward.
func TestWatchdogWaitsForTheArmedPhase(t *testing.T) {
	exited := make(chan int, 1)
	dog := newWatchdog(func(code int) { exited <- code })
	dog.arm(time.Now().Add(10*time.Millisecond), nil, func() int { return 9 })
	dog.arm(time.Now().Add(time.Hour), nil, func() int { return 2 })
	time.Sleep(100 * time.Millisecond) // the first phase's deadline passes
	noAnswer(t, exited, "before the armed phase's deadline")
	dog.arm(time.Now(), nil, func() int { return 3 })
	wantAnswer(t, exited, 3, "a phase whose deadline had passed")
}

// TestWatchdogArmsAfterAClaimedFire: a timer that fires after its phase was
// claimed does nothing, and the next phase still has its deadline kept.
func TestWatchdogArmsAfterAClaimedFire(t *testing.T) {
	exited := make(chan int, 1)
	dog := newWatchdog(func(code int) { exited <- code })
	dog.arm(time.Now().Add(10*time.Millisecond), nil, func() int { return 9 })
	dog.claim()
	time.Sleep(100 * time.Millisecond) // the claimed phase's timer fires
	noAnswer(t, exited, "for a claimed phase")
	dog.arm(time.Now().Add(20*time.Millisecond), nil, func() int { return 4 })
	wantAnswer(t, exited, 4, "the phase armed after a claimed fire")
}

// noAnswer fails when the watchdog has ended the process already.
func noAnswer(t *testing.T, exited <-chan int, when string) {
	t.Helper()
	select {
	case code := <-exited:
		t.Fatalf("answered %d %s", code, when)
	default:
	}
}

// wantAnswer waits for the watchdog to end the process with want.
func wantAnswer(t *testing.T, exited <-chan int, want int, phase string) {
	t.Helper()
	select {
	case code := <-exited:
		if code != want {
			t.Fatalf("%s: answered %d, want %d", phase, code, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%s was never answered", phase)
	}
}

// TestWatchdogReleaseStopsTheTimer: once the entry point has answered, no
// timer of its call is left set (a benchmark or a test making calls in one
// process would otherwise pile them up).
func TestWatchdogReleaseStopsTheTimer(t *testing.T) {
	dog := newWatchdog(nil)
	dog.arm(time.Now().Add(time.Hour), nil, func() int { return 2 })
	dog.claim()
	dog.release()
	if dog.timer.Stop() {
		t.Fatal("the call's timer was still set after release")
	}
}
