package cmd

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/permgate/permgate/audit"
	"github.com/permgate/permgate/config"
	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/internal/textclip"
	"github.com/permgate/permgate/policy"
	"github.com/permgate/permgate/runfiles"
	"github.com/permgate/permgate/validator"
)

// TestOnlyStall makes every analysis first spin for this long, paying no
// heed to its deadline: an analysis that does not cooperate, for the tests
// of the watchdog. Only the test binary sets it (PERMGATE_TEST_STALL).
var TestOnlyStall time.Duration

// TestOnlyFileDelay makes every read of a file a command runs (a script,
// package.json, a hook) take this long first: a slow disk or network file
// system, for the tests of the deadline over file reading. Only the test
// binary sets it (PERMGATE_TEST_FILE_DELAY).
var TestOnlyFileDelay time.Duration

// slowFiles is a reader whose every read takes TestOnlyFileDelay first.
type slowFiles struct{ runfiles.Files }

// Read implements runfiles.Files.
func (s slowFiles) Read(p string) (string, error) {
	time.Sleep(TestOnlyFileDelay)
	return s.Files.Read(p)
}

// stall is TestOnlyStall's spin: it burns a CPU and never looks at the
// deadline, as a runaway analysis would.
func stall() {
	if TestOnlyStall <= 0 {
		return
	}
	for start := time.Now(); time.Since(start) < TestOnlyStall; {
	}
}

// byDeadline is who decided when the deadline passed first.
const byDeadline = "deadline"

// late is what a watchdog knows when an answer's deadline passed first.
type late struct {
	// phase names the work that was cut short, for the reason.
	phase string
	// limit is the deadline that passed.
	limit time.Duration
}

// settled is one run's result, or the panic it ended in.
type settled[T any] struct {
	value    T
	panicked any
	done     bool
}

// within runs work in a goroutine of its own and returns its result, or,
// when the deadline (end) passes first, ok false: the caller then answers as
// for a command too complex to judge, and stop is set so that the abandoned
// work (an analysis reads it at every step) ends at its next step. The
// watchdog is a timer: it does not wait for the work to cooperate, and
// nothing the work does later reaches the answer. A panic in the work is
// raised again in the caller, where the entry point's own recovery answers
// for it.
func within[T any](end time.Time, stop *atomic.Bool, work func() T) (T, bool) {
	results := make(chan settled[T], 1)
	go func() {
		var r settled[T]
		defer func() {
			if !r.done {
				r.panicked = recover()
			}
			results <- r
		}()
		r.value = work()
		r.done = true
	}()
	timer := time.NewTimer(time.Until(end))
	defer timer.Stop()
	select {
	case r := <-results:
		if !r.done {
			panic(r.panicked)
		}
		return r.value, true
	case <-timer.C:
		stop.Store(true)
		var zero T
		return zero, false
	}
}

// lateAnalysis is the analysis an answer stands on when its deadline passed:
// one too_complex finding that says so. policy.Decide then answers as for
// any command too complex to read: ask (deny in plan mode, under
// fail-closed and where no one can be asked).
func lateAnalysis(command string, l late) validator.Analysis {
	reason := fmt.Sprintf("permgate could not %s within its %s deadline ([limits] deadline): too costly to judge", l.phase, l.limit)
	f := validator.Finding{Kind: finding.TooComplex, Severity: validator.NonSevere, ID: string(finding.TooComplex) + ".deadline",
		Reason: reason, Command: textclip.Clip(command, 200)}
	return validator.Analysis{Findings: []validator.Finding{f}, Severity: validator.NonSevere}
}

// timed runs work on a copy of the session whose analyses stop when the
// deadline of the answer now being given passes; ok is false when it passed
// first. The copy keeps the abandoned work from sharing anything the answer
// goes on to use.
func timed[T any](s *session, work func(*session) T) (T, bool) {
	stop := new(atomic.Bool)
	c := s.stoppedBy(stop)
	return within(s.answerEnd(), stop, func() T { return work(c) })
}

// stoppedBy is a copy of the session whose analyses stop at their next step
// once stop is set.
func (s *session) stoppedBy(stop *atomic.Bool) *session {
	c := *s
	c.env.Limits.Stop = stop.Load
	return &c
}

// decideTimed analyses and decides one CMD… form within the deadline; past
// it, the decision is that of lateAnalysis.
func (s *session) decideTimed(args []string) (string, validator.Analysis, policy.Outcome) {
	type decided struct {
		command string
		a       validator.Analysis
		out     policy.Outcome
	}
	r, ok := timed(s, func(c *session) decided {
		command, a, out := c.decide(args)
		return decided{command, a, out}
	})
	if !ok {
		return s.decidedLate(args)
	}
	return r.command, r.a, r.out
}

// decidedLate is the decision of a CMD… form whose deadline passed before
// it was judged: that of lateAnalysis.
func (s *session) decidedLate(args []string) (string, validator.Analysis, policy.Outcome) {
	command := commandText(args)
	a := lateAnalysis(command, late{phase: "judge the command", limit: s.deadline()})
	out := s.decideAnalysis(a, s.matcher())
	out.By = byDeadline
	return command, a, out
}

// auditGrace is how long an audit record may still take when the answer's
// deadline has passed or nearly so: a record is usually written, and the
// answer never waits long for one.
const auditGrace = 250 * time.Millisecond

// writeWithin writes an audit record within what is left of the answer's
// deadline (at least auditGrace): a lock another process holds or a slow
// sink loses the record, it does not hold the answer. A record lost this
// way is an error like any other failed write.
func (s *session) writeWithin(sink audit.Sink, rec audit.Record) error {
	err, ok := within(s.auditEnd(), new(atomic.Bool), func() error { return sink.Write(rec) })
	if !ok {
		return s.errAuditLate()
	}
	return err
}

// auditEnd is when an audit record must be written: the answer's deadline,
// or auditGrace from now when that is later.
func (s *session) auditEnd() time.Time {
	end := s.answerEnd()
	if min := time.Now().Add(auditGrace); end.Before(min) {
		end = min
	}
	return end
}

// auditAnswer records a decision under the watchdog, in a phase that ends
// at auditEnd, and answers with the outcome to act on: past auditEnd, the
// watchdog answers with the outcome of a record lost (a deny under [audit]
// required).
func (s *session) auditAnswer(dog *watchdog, io streams, source, command string, a validator.Analysis, out policy.Outcome, decidedBy string, answer func(policy.Outcome) int) int {
	rec, sink, err := s.auditRecord(source, command, a, out, decidedBy)
	if !dog.arm(s.auditEnd(), nil, func() int { return answer(s.audited(io, out, s.errAuditLate())) }) {
		return dog.wait()
	}
	if err == nil {
		err = sink.Write(rec)
	}
	if !dog.claim() {
		return dog.wait()
	}
	return answer(s.audited(io, out, err))
}

// errAuditLate is the error of a record not written by auditEnd.
func (s *session) errAuditLate() error {
	return fmt.Errorf("writing it took past the answer's %s deadline (a lock another process holds, or a slow sink)", s.deadline())
}

// answerEnd is when the answer now being given must be ready.
func (s *session) answerEnd() time.Time {
	return s.started.Add(s.deadline())
}

// deadline is the wall-clock budget of one answer: [limits] deadline.
func (s *session) deadline() time.Duration {
	return s.cfg.Deadline.Value
}

// commandText is how a CMD… form is shown: a script as written, an argv
// quoted.
func commandText(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	return quoteArgv(args)
}

// errLoadLate is the error of a config and state that could not be read
// within the deadline: a lock another process holds, or a slow disk.
func errLoadLate() error {
	return fmt.Errorf("could not read the config and state within the %s deadline (a lock another process holds, or a slow disk)", config.DefaultDeadline)
}

// loadSessionWithin is loadSession within the default deadline counted from
// permgate's start: the configured one is not known before the config is
// read.
func loadSessionWithin(g *globalFlags, io streams, modeFlag string, failClosed bool) (*session, error) {
	type loaded struct {
		s   *session
		err error
	}
	r, ok := loadWithin(io, func(quiet streams) loaded {
		s, err := loadSession(g, quiet, modeFlag, failClosed)
		return loaded{s, err}
	})
	if !ok {
		return nil, errLoadLate()
	}
	return r.s, r.err
}

// loadWithin runs work (reading the call, the config and the state) within
// the default deadline counted from permgate's start, reporting whether it
// finished. Its warnings are written only when it did, so that an abandoned
// load never writes into an answer already given.
func loadWithin[T any](io streams, work func(quiet streams) T) (T, bool) {
	type loaded struct {
		value    T
		warnings *bytes.Buffer
	}
	r, ok := within(loadEnd(io), new(atomic.Bool), func() loaded {
		quiet, warnings := heldBack(io)
		return loaded{work(quiet), warnings}
	})
	if !ok {
		var zero T
		return zero, false
	}
	io.err.Write(r.warnings.Bytes())
	return r.value, true
}

// loadEnd is when reading the call, the config and the state must be done:
// the default deadline counted from permgate's start (the configured one is
// not known before the config is read).
func loadEnd(io streams) time.Time {
	return startOf(io).Add(config.DefaultDeadline)
}

// heldBack is io with its warnings held in a buffer, for work whose answer
// a deadline may give first: the caller writes them once the work's answer
// still stands, so that abandoned work never writes into an answer given.
func heldBack(io streams) (streams, *bytes.Buffer) {
	warnings := new(bytes.Buffer)
	io.err = warnings
	return io, warnings
}

// startOf is when permgate started, or now for streams made without it.
func startOf(io streams) time.Time {
	if io.start.IsZero() {
		return time.Now()
	}
	return io.start
}
