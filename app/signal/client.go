package signal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Client is a peer's side of the signalling protocol. It is built on
// coder/websocket alone, so the same code runs natively and in the
// browser (GOOS=js). Send may be called from any goroutine; Recv from one
// goroutine at a time.
type Client struct {
	ws      *websocket.Conn
	welcome Message
	mu      sync.Mutex // serialises writes
	// Device, if set before Create or Join, names this device to the hub
	// (a secret it keeps across games): a Join that lost the seat's
	// token takes back the seat the device held.
	Device string
}

// ErrClosed reports that the connection was closed; a *CloseError carries
// the hub's reason.
var ErrClosed = errors.New("signal: connection closed")

// ErrRefused reports a create or join the hub refused, with its reason:
// no such room, room is full, a limit.
var ErrRefused = errors.New("signal: refused")

// Dial connects to a hub at url (ws:// or wss://) and reads its welcome.
// The context bounds the dial and the welcome only.
func Dial(ctx context.Context, url string) (*Client, error) {
	ws, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, fmt.Errorf("signal: dial %s: %w", url, err)
	}
	ws.SetReadLimit(1 << 20)
	c := &Client{ws: ws}
	m, err := c.recvCtx(ctx)
	if err != nil {
		ws.CloseNow()
		return nil, fmt.Errorf("signal: %s: waiting for welcome: %w", url, err)
	}
	if m.Type != TypeWelcome {
		ws.Close(websocket.StatusProtocolError, "expected welcome")
		return nil, fmt.Errorf("%w: %s sent %q before its welcome", ErrProtocol, url, m.Type)
	}
	if m.Version != Version {
		ws.Close(websocket.StatusProtocolError, "version mismatch")
		return nil, fmt.Errorf("%w: %s speaks signalling version %d, this client %d", ErrProtocol, url, m.Version, Version)
	}
	c.welcome = m
	return c, nil
}

// ICEServers returns the STUN and TURN servers the hub handed out.
func (c *Client) ICEServers() []ICEServer { return c.welcome.ICEServers }

// ICELife returns how long the TURN credentials of ICEServers stay valid
// from the welcome on, or 0 when none expire.
func (c *Client) ICELife() time.Duration {
	return time.Duration(c.welcome.ICESeconds) * time.Second
}

// ICE returns the welcome's ICE servers and their life as an ice
// message, the form of the hub's answer to AskICE.
func (c *Client) ICE() Message {
	return Message{Type: TypeICE, ICEServers: c.welcome.ICEServers, ICESeconds: c.welcome.ICESeconds}
}

// AskICE asks the hub for the ICE servers with fresh TURN credentials.
// The answer comes through Recv as a message of TypeICE with ICEServers
// and ICESeconds.
func (c *Client) AskICE(ctx context.Context) error {
	return c.Send(ctx, Message{Type: TypeICE})
}

// KeepAliveEvery returns how often to send a keepalive so that the room
// does not expire while the game runs over the data channel.
func (c *Client) KeepAliveEvery() time.Duration {
	idle := time.Duration(c.welcome.IdleSeconds) * time.Second
	if idle <= 0 {
		return time.Minute
	}
	return max(idle/3, time.Second)
}

// Create makes a room and takes its first seat. The reply carries the
// room id (for the share link) and the seat's token (to rejoin after a
// reload). It must be called before Recv is used.
func (c *Client) Create(ctx context.Context) (Message, error) {
	if err := c.Send(ctx, Message{Type: TypeCreate, Device: c.Device}); err != nil {
		return Message{}, err
	}
	return c.expect(ctx, TypeCreated, "create")
}

// Join takes a seat in room: with the token of an earlier Create or Join,
// that same seat again; else the seat this Device held; else the free
// guest seat. It must be called before Recv is used.
func (c *Client) Join(ctx context.Context, room, token string) (Message, error) {
	if err := c.Send(ctx, Message{Type: TypeJoin, Room: room, Token: token, Device: c.Device}); err != nil {
		return Message{}, err
	}
	return c.expect(ctx, TypeJoined, "join")
}

func (c *Client) expect(ctx context.Context, want, what string) (Message, error) {
	m, err := c.recvCtx(ctx)
	if err != nil {
		return Message{}, fmt.Errorf("signal: %s: %w", what, err)
	}
	if m.Type == TypeError {
		return Message{}, fmt.Errorf("%w: %s: %s", ErrRefused, what, m.Reason)
	}
	if m.Type != want {
		return Message{}, fmt.Errorf("%w: %s answered with %q", ErrProtocol, what, m.Type)
	}
	return m, nil
}

// Send writes one message.
func (c *Client) Send(ctx context.Context, m Message) error {
	data, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("signal: encode %s: %w", m.Type, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.ws.Write(ctx, websocket.MessageText, data); err != nil {
		return fmt.Errorf("signal: send %s: %w", m.Type, wrapClose(err))
	}
	return nil
}

// Recv returns the next message from the hub. It blocks until one comes
// or the connection ends; an error message from the hub is returned as a
// message (the hub closes the connection right after it).
func (c *Client) Recv() (Message, error) { return c.recvCtx(context.Background()) }

// recvCtx reads one message. coder/websocket closes the connection when
// ctx ends during a read, so only bounded handshakes pass a deadline.
func (c *Client) recvCtx(ctx context.Context) (Message, error) {
	typ, data, err := c.ws.Read(ctx)
	if err != nil {
		return Message{}, wrapClose(err)
	}
	if typ != websocket.MessageText {
		return Message{}, fmt.Errorf("%w: binary message from the hub", ErrProtocol)
	}
	return decode(data)
}

// Close ends the connection normally; the hub tells the other peer.
func (c *Client) Close() error {
	return c.ws.Close(websocket.StatusNormalClosure, "bye")
}

// CloseError is the error Recv and Send return when the connection was
// closed with a close frame: by the hub (with its reason for refusing
// the client) or by this side. It matches ErrClosed under errors.Is.
type CloseError struct {
	Code   int    // WebSocket close status, e.g. 1008 for a policy violation
	Reason string // the hub's reason, e.g. "rate limit: more than 10 messages per second"
}

func (e *CloseError) Error() string {
	return fmt.Sprintf("signal: connection closed (%d): %s", e.Code, e.Reason)
}

// Is makes errors.Is(err, ErrClosed) true.
func (e *CloseError) Is(target error) bool { return target == ErrClosed }

// wrapClose turns a close frame into a *CloseError.
func wrapClose(err error) error {
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		return &CloseError{Code: int(ce.Code), Reason: ce.Reason}
	}
	return err
}
