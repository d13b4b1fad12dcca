// Package audittest helps test what sends audit records to a socket: a unix
// datagram socket to send them to, and a reader of what arrives.
package audittest

import (
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// ListenGram listens on a unix datagram socket in a fresh short directory (a
// socket path must stay under ~104 bytes, which t.TempDir may not) and
// returns its path and a function that reads the next datagram. It skips the
// test where no such socket can be had; both go at the test's end.
func ListenGram(t testing.TB) (string, func() []byte) {
	t.Helper()
	dir, err := os.MkdirTemp("", "pg")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	path := filepath.Join(dir, "s")
	c, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: path, Net: "unixgram"})
	if err != nil {
		t.Skipf("cannot listen on a unix datagram socket here: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return path, func() []byte {
		t.Helper()
		buf := make([]byte, 1<<17)
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		n, _, err := c.ReadFromUnix(buf)
		if err != nil {
			t.Fatalf("no datagram: %v", err)
		}
		return buf[:n]
	}
}
