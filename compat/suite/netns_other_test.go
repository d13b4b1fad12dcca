//go:build compat && !linux

package suite

import (
	"errors"
	"net"
	"testing"
)

// loopbackNS is a loopback-only network namespace; there is none off Linux.
type loopbackNS struct {
	// path is never set: there is no namespace to enter.
	path string
}

// newLoopbackNS says that no namespace can be made here: the suite then runs
// on the machine's own network, the fake model still on 127.0.0.1.
func newLoopbackNS(t *testing.T) (*loopbackNS, error) {
	return nil, errors.New("network namespaces are Linux's")
}

// listen is never called: newLoopbackNS made no namespace.
func (ns *loopbackNS) listen(t *testing.T) net.Listener {
	t.Fatal("no loopback namespace off Linux")
	return nil
}
