package cmd

import (
	"sync"
	"sync/atomic"
	"time"
)

// watchdog gives the late answer of an entry point that answers once and
// ends (hook, check) when a deadline passes before its own answer is ready.
// The work runs on the entry point's goroutine, so an answer in time costs
// no hand-off to another goroutine (and, with idle processors, another
// thread); the watchdog is one timer, armed phase by phase with the answer
// that phase gives when it is late. When its deadline passes first, the
// timer's goroutine sets the phase's stop flag (an analysis that cooperates
// ends at its next step), gives the late answer and ends the process with
// its exit code: it does not wait for the work to cooperate, and nothing
// the work does later reaches the answer. The work claims the answer before
// writing its own, which disarms the watchdog; a work that finds the late
// answer given writes nothing and waits for the process to end.
//
// The timer is set once and moved only to an earlier deadline: a timer
// that fires before the armed phase's deadline sets itself again for it.
// Setting a runtime timer wakes a thread to wait for it, so a call whose
// phases share a deadline (the default) sets it once, not once a phase.
type watchdog struct {
	mu    sync.Mutex
	timer *time.Timer
	// at is when the timer fires; pending reports that it is set.
	at      time.Time
	pending bool
	// armed reports a phase armed and not claimed; end is its deadline,
	// late its answer and stop its stop flag.
	armed bool
	end   time.Time
	late  func() int
	stop  *atomic.Bool
	// given is set once the late answer is given.
	given bool
	// code receives the late answer's exit code.
	code chan int
	// exit ends the process with the late answer's code (os.Exit); nil
	// leaves it to the caller of wait.
	exit func(int)
}

// newWatchdog is a watchdog that ends the process with exit.
func newWatchdog(exit func(int)) *watchdog {
	return &watchdog{code: make(chan int, 1), exit: exit}
}

// arm starts a phase: from now on, when end passes before the next arm or
// claim, stop (when not nil) is set and late gives the answer. It reports
// false when the late answer of an earlier phase was given: the caller then
// returns wait().
func (w *watchdog) arm(end time.Time, stop *atomic.Bool, late func() int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.given {
		return false
	}
	w.armed, w.end, w.late, w.stop = true, end, late, stop
	w.setLocked(end)
	return true
}

// setLocked makes the timer fire at end at the latest.
func (w *watchdog) setLocked(end time.Time) {
	switch {
	case w.timer == nil:
		w.timer = time.AfterFunc(time.Until(end), w.fire)
	case !w.pending || end.Before(w.at):
		w.timer.Reset(time.Until(end))
	default:
		return // it fires earlier, and then sets itself for end
	}
	w.at, w.pending = end, true
}

// fire gives the armed phase's late answer once its deadline has passed,
// unless the work claimed the answer first.
func (w *watchdog) fire() {
	w.mu.Lock()
	w.pending = false
	if w.given || !w.armed {
		w.mu.Unlock()
		return
	}
	if time.Now().Before(w.end) {
		// Set for an earlier phase's deadline: wait for this one's.
		w.setLocked(w.end)
		w.mu.Unlock()
		return
	}
	w.given = true
	late, stop := w.late, w.stop
	w.mu.Unlock()
	if stop != nil {
		stop.Store(true)
	}
	code := lateCode(late)
	w.code <- code
	if w.exit != nil {
		w.exit(code)
	}
}

// claim takes the answer for the work and disarms the watchdog until the
// next arm. It reports false when the late answer was given first: the
// caller then returns wait() and writes nothing.
func (w *watchdog) claim() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.given {
		return false
	}
	w.armed = false
	return true
}

// release stops the timer once the entry point has answered, so that a
// process that goes on (a test, a benchmark) keeps no timer of a call that
// is over.
func (w *watchdog) release() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.armed = false
	if w.timer != nil && w.pending {
		w.timer.Stop()
		w.pending = false
	}
}

// wait returns the late answer's exit code once it is given; where the
// watchdog ends the process, the process ends first.
func (w *watchdog) wait() int {
	return <-w.code
}

// lateCode runs a late answer and returns its exit code; a late answer that
// panics (it runs on the timer's goroutine, out of reach of the entry
// point's recovery) exits 2, which blocks in every harness and is check's
// deny.
func lateCode(late func() int) (code int) {
	defer func() {
		if r := recover(); r != nil {
			code = exitDeny
		}
	}()
	return late()
}
