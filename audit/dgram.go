package audit

import (
	"fmt"
	"io"
	"net"
	"time"
)

// SendTimeout bounds how long a datagram waits for room in a socket whose
// reader has fallen behind: a stuck log daemon costs a decision this much,
// never a hang.
const SendTimeout = 2 * time.Second

// dgram is a unix datagram socket a sink sends to.
type dgram struct {
	kind string // syslog or journald, for messages
	path string
}

// String names the sink and its socket.
func (d dgram) String() string { return d.kind + " unixgram:" + d.path }

// dial connects to the socket.
func (d dgram) dial() (*net.UnixConn, error) {
	c, err := net.DialUnix("unixgram", nil, &net.UnixAddr{Name: d.path, Net: "unixgram"})
	if err != nil {
		return nil, fmt.Errorf("audit %s: %w", d, err)
	}
	return c, nil
}

// Check reports whether the socket exists and takes a connection; nothing is
// sent.
func (d dgram) Check() error {
	c, err := d.dial()
	if err != nil {
		return err
	}
	return c.Close()
}

// send delivers one datagram: the whole message or, on an error, none of it.
func (d dgram) send(msg []byte) error {
	c, err := d.dial()
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.SetWriteDeadline(time.Now().Add(SendTimeout)); err != nil {
		return fmt.Errorf("audit %s: %w", d, err)
	}
	n, err := c.Write(msg)
	if err == nil && n != len(msg) {
		err = io.ErrShortWrite
	}
	if err != nil {
		return fmt.Errorf("audit %s: %w", d, err)
	}
	return nil
}
