//go:build compat && linux

package suite

import (
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// loopbackNet is a network namespace with only a loopback interface, held
// open by a process of its own, in which OpenCode runs: nothing it sends can
// leave the machine. The fake model server stays in the test's namespace;
// a listener made inside the namespace forwards to it.
type loopbackNet struct {
	holder *exec.Cmd
	ns     string // /proc/PID/ns/net
}

// newLoopbackNet makes the namespace, or returns nil (and logs why) where
// this machine does not permit it: the run then uses the machine's network.
func newLoopbackNet(t *testing.T) *loopbackNet {
	t.Helper()
	holder := exec.Command("unshare", "-n", "sh", "-c", "ip link set lo up && echo up && exec sleep 3600")
	out, err := holder.StdoutPipe()
	if err == nil {
		err = holder.Start()
	}
	if err != nil {
		t.Logf("no network namespace (%v): OpenCode runs with this machine's network", err)
		return nil
	}
	line := make([]byte, 3)
	if _, err := io.ReadFull(out, line); err != nil || string(line) != "up\n" {
		holder.Process.Kill()
		holder.Wait()
		t.Logf("no network namespace (unshare -n or ip failed: %v): OpenCode runs with this machine's network", err)
		return nil
	}
	n := &loopbackNet{holder: holder, ns: fmt.Sprintf("/proc/%d/ns/net", holder.Process.Pid)}
	t.Cleanup(func() { holder.Process.Kill(); holder.Wait() })
	return n
}

// forward listens on 127.0.0.1 inside the namespace and forwards every
// connection to target (host:port in the test's namespace); it returns the
// address inside the namespace. The listener is closed at the test's end.
func (n *loopbackNet) forward(t testing.TB, target string) string {
	t.Helper()
	l, err := n.listen()
	if err != nil {
		t.Fatalf("listen in the network namespace: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go pipe(c, target)
		}
	}()
	return l.Addr().String()
}

// listen makes a listener inside the namespace: a thread of its own enters
// it, the socket is made there (a socket stays in the namespace it was made
// in), and the thread goes back.
func (n *loopbackNet) listen() (net.Listener, error) {
	type result struct {
		l   net.Listener
		err error
	}
	done := make(chan result)
	go func() {
		runtime.LockOSThread()
		// Not unlocked: if going back failed, the thread ends with the goroutine.
		self, err := os.Open("/proc/thread-self/ns/net")
		if err != nil {
			done <- result{err: err}
			return
		}
		defer self.Close()
		target, err := os.Open(n.ns)
		if err != nil {
			done <- result{err: err}
			return
		}
		defer target.Close()
		if err := setns(target); err != nil {
			done <- result{err: fmt.Errorf("setns: %w", err)}
			return
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err := setns(self); err != nil {
			if l != nil {
				l.Close()
			}
			done <- result{err: fmt.Errorf("setns back: %w", err)}
			return
		}
		runtime.UnlockOSThread()
		done <- result{l, err}
	}()
	r := <-done
	return r.l, r.err
}

// setns moves the calling thread into the network namespace f names.
func setns(f *os.File) error {
	return unix.Setns(int(f.Fd()), unix.CLONE_NEWNET)
}

// pipe copies a connection both ways to target.
func pipe(c net.Conn, target string) {
	defer c.Close()
	up, err := net.DialTimeout("tcp", target, 5*time.Second)
	if err != nil {
		return
	}
	defer up.Close()
	go func() { io.Copy(up, c); up.(*net.TCPConn).CloseWrite() }()
	io.Copy(c, up)
}

// command is name and args run inside the namespace (nsenter), or as they
// are when n is nil.
func (n *loopbackNet) command(name string, args ...string) (string, []string) {
	if n == nil {
		return name, args
	}
	return "nsenter", append([]string{"--net=" + n.ns, "--", name}, args...)
}

// hostPort is the host:port of a URL http://HOST:PORT.
func hostPort(url string) string { return strings.TrimPrefix(url, "http://") }
