//go:build !js

package signal_test

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rawWS is a WebSocket client written by hand, for what a library client
// will not do: flood control frames, stop reading, send bad bytes.
type rawWS struct {
	net.Conn
	br *bufio.Reader
}

// rawUpgrade opens a TCP connection to the hub at url (ws://host/path) and
// upgrades it, with extra header lines. It must run on the test's
// goroutine; others use upgrade.
func rawUpgrade(t testing.TB, url string, header http.Header) *rawWS {
	t.Helper()
	ws, err := upgrade(url, header)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return ws
}

// upgrade is rawUpgrade for any goroutine; the caller closes the
// connection.
func upgrade(url string, header http.Header) (*rawWS, error) {
	hostPath := strings.TrimPrefix(url, "ws://")
	host, path, _ := strings.Cut(hostPath, "/")
	nc, err := net.DialTimeout("tcp", host, 5*time.Second)
	if err != nil {
		return nil, fmt.Errorf("dial %s: %w", host, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n", path, host)
	fmt.Fprintf(&b, "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")
	for k, vs := range header {
		for _, v := range vs {
			fmt.Fprintf(&b, "%s: %s\r\n", k, v)
		}
	}
	b.WriteString("\r\n")
	if _, err := io.WriteString(nc, b.String()); err != nil {
		nc.Close()
		return nil, err
	}
	br := bufio.NewReader(nc)
	nc.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		nc.Close()
		return nil, fmt.Errorf("upgrade: %v %v", resp, err)
	}
	nc.SetReadDeadline(time.Time{})
	return &rawWS{Conn: nc, br: br}, nil
}

const (
	opText  = 1
	opClose = 8
	opPing  = 9
	opPong  = 10
)

// frame writes one masked frame with fin set.
func (c *rawWS) frame(op byte, payload []byte) error {
	_, err := c.Write(c.encode(op, payload))
	return err
}

// encode is a masked frame with fin set.
func (c *rawWS) encode(op byte, payload []byte) []byte {
	hdr := []byte{0x80 | op}
	switch n := len(payload); {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n < 1<<16:
		hdr = append(hdr, 0x80|126, byte(n>>8), byte(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	var key [4]byte
	rand.Read(key[:])
	hdr = append(hdr, key[:]...)
	masked := make([]byte, len(payload))
	for i, b := range payload {
		masked[i] = b ^ key[i%4]
	}
	return append(hdr, masked...)
}

// readFrame reads one frame from the hub (unmasked).
func (c *rawWS) readFrame() (op byte, payload []byte, err error) {
	var h [2]byte
	if _, err := io.ReadFull(c.br, h[:]); err != nil {
		return 0, nil, err
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var b [2]byte
		if _, err := io.ReadFull(c.br, b[:]); err != nil {
			return 0, nil, err
		}
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		if _, err := io.ReadFull(c.br, b[:]); err != nil {
			return 0, nil, err
		}
		n = binary.BigEndian.Uint64(b[:])
	}
	payload = make([]byte, n)
	_, err = io.ReadFull(c.br, payload)
	return h[0] & 0x0f, payload, err
}

// rawClose is how a raw connection ended: the text messages that came
// before the close frame, and the close frame itself.
type rawClose struct {
	texts  []string
	code   int
	reason string
	frame  bool // a close frame came (not a bare TCP close)
}

// untilClose reads until the hub closes, answering its close frame.
func (c *rawWS) untilClose() rawClose {
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	var out rawClose
	for {
		op, p, err := c.readFrame()
		if err != nil {
			return out
		}
		switch op {
		case opText:
			out.texts = append(out.texts, string(p))
		case opClose:
			out.frame = true
			if len(p) >= 2 {
				out.code = int(binary.BigEndian.Uint16(p))
				out.reason = string(p[2:])
			}
			c.frame(opClose, p)
			return out
		}
	}
}
