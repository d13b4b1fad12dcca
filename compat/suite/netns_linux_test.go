//go:build compat && linux

package suite

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// loopbackNS is a network namespace with nothing but a loopback interface,
// held open by a sleeping process: what runs in it reaches no other
// machine.
type loopbackNS struct {
	// path is the namespace's /proc/PID/ns/net.
	path string
}

// newLoopbackNS makes a loopback-only network namespace for the test's
// length, or says why it cannot (no unshare, not permitted).
func newLoopbackNS(t *testing.T) (*loopbackNS, error) {
	t.Helper()
	holder := exec.Command("unshare", "--net", "sh", "-c", "ip link set lo up && [ \"$(ip -o link | wc -l)\" = 1 ] && echo up && exec sleep 3600")
	out, err := holder.StdoutPipe()
	if err != nil {
		return nil, err
	}
	holder.Stderr = os.Stderr
	if err := holder.Start(); err != nil {
		return nil, fmt.Errorf("unshare --net: %w", err)
	}
	t.Cleanup(func() { _ = holder.Process.Kill(); _ = holder.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "up" {
		return nil, fmt.Errorf("unshare --net gave no loopback namespace (%q, %v)", line, err)
	}
	return &loopbackNS{path: fmt.Sprintf("/proc/%d/ns/net", holder.Process.Pid)}, nil
}

// listen opens a listener on 127.0.0.1 inside the namespace: a thread of
// its own enters it, and the socket stays there once made. The thread is
// never handed back (its goroutine ends locked, so it exits).
func (ns *loopbackNS) listen(t *testing.T) net.Listener {
	t.Helper()
	type made struct {
		l   net.Listener
		err error
	}
	ch := make(chan made, 1)
	go func() {
		runtime.LockOSThread()
		f, err := os.Open(ns.path)
		if err != nil {
			ch <- made{err: err}
			return
		}
		defer f.Close()
		if err := unix.Setns(int(f.Fd()), unix.CLONE_NEWNET); err != nil {
			ch <- made{err: fmt.Errorf("setns %s: %w", ns.path, err)}
			return
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		ch <- made{l, err}
	}()
	m := <-ch
	if m.err != nil {
		t.Fatalf("listen in the loopback namespace: %v", m.err)
	}
	return m.l
}
