//go:build !js

package rtc

import "github.com/pion/webrtc/v4"

// API makes peer connections with one set of pion's network options.
type API struct{ api *webrtc.API }

// NewAPI returns an API with pion's network options se (timeouts,
// interfaces, ICE credentials...), which only exist natively.
func NewAPI(se webrtc.SettingEngine) *API {
	return &API{api: webrtc.NewAPI(webrtc.WithSettingEngine(se))}
}

// PeerConnection is a pion peer connection.
type PeerConnection struct{ pc *webrtc.PeerConnection }

// DataChannel is a pion data channel.
type DataChannel struct{ dc *webrtc.DataChannel }

// NewPeerConnection makes a peer connection.
func (a *API) NewPeerConnection(c Config) (*PeerConnection, error) {
	pc, err := a.api.NewPeerConnection(pionConfig(c))
	if err != nil {
		return nil, err
	}
	return &PeerConnection{pc: pc}, nil
}

func pionConfig(c Config) webrtc.Configuration {
	conf := webrtc.Configuration{ICEServers: make([]webrtc.ICEServer, 0, len(c.ICEServers))}
	for _, s := range c.ICEServers {
		conf.ICEServers = append(conf.ICEServers, webrtc.ICEServer{URLs: s.URLs, Username: s.Username, Credential: s.Credential})
	}
	if c.RelayOnly {
		conf.ICETransportPolicy = webrtc.ICETransportPolicyRelay
	}
	return conf
}

// OnICECandidate sets the handler of each local candidate; nil at the end.
func (p *PeerConnection) OnICECandidate(f func(*Candidate)) {
	p.pc.OnICECandidate(func(c *webrtc.ICECandidate) {
		if c == nil {
			f(nil)
			return
		}
		init := Candidate(c.ToJSON())
		f(&init)
	})
}

// OnConnectionStateChange sets the handler of the connection's state.
func (p *PeerConnection) OnConnectionStateChange(f func(ConnState)) {
	p.pc.OnConnectionStateChange(func(st webrtc.PeerConnectionState) { f(ConnState(st.String())) })
}

// OnDataChannel sets the handler of a data channel the other side made.
func (p *PeerConnection) OnDataChannel(f func(*DataChannel)) {
	p.pc.OnDataChannel(func(dc *webrtc.DataChannel) { f(&DataChannel{dc: dc}) })
}

// CreateDataChannel makes a reliable, ordered data channel.
func (p *PeerConnection) CreateDataChannel(label string) (*DataChannel, error) {
	dc, err := p.pc.CreateDataChannel(label, nil)
	if err != nil {
		return nil, err
	}
	return &DataChannel{dc: dc}, nil
}

// CreateOffer makes an offer, with new ICE credentials if iceRestart.
func (p *PeerConnection) CreateOffer(iceRestart bool) (Description, error) {
	var opts *webrtc.OfferOptions
	if iceRestart {
		opts = &webrtc.OfferOptions{ICERestart: true}
	}
	sd, err := p.pc.CreateOffer(opts)
	return Description{Type: SDPType(sd.Type.String()), SDP: sd.SDP}, err
}

// CreateAnswer answers the remote offer.
func (p *PeerConnection) CreateAnswer() (Description, error) {
	sd, err := p.pc.CreateAnswer(nil)
	return Description{Type: SDPType(sd.Type.String()), SDP: sd.SDP}, err
}

// SetLocalDescription applies a description this side made.
func (p *PeerConnection) SetLocalDescription(d Description) error {
	return p.pc.SetLocalDescription(pionDescription(d))
}

// SetRemoteDescription applies the other side's description.
func (p *PeerConnection) SetRemoteDescription(d Description) error {
	return p.pc.SetRemoteDescription(pionDescription(d))
}

func pionDescription(d Description) webrtc.SessionDescription {
	return webrtc.SessionDescription{Type: webrtc.NewSDPType(string(d.Type)), SDP: d.SDP}
}

// LocalDescription is the local description with its candidates, or nil.
func (p *PeerConnection) LocalDescription() *Description {
	sd := p.pc.LocalDescription()
	if sd == nil {
		return nil
	}
	return &Description{Type: SDPType(sd.Type.String()), SDP: sd.SDP}
}

// AddICECandidate adds a candidate of the other side.
func (p *PeerConnection) AddICECandidate(c Candidate) error {
	return p.pc.AddICECandidate(webrtc.ICECandidateInit(c))
}

// SetConfiguration changes the ICE servers and policy.
func (p *PeerConnection) SetConfiguration(c Config) error {
	return p.pc.SetConfiguration(pionConfig(c))
}

// ConnectionState is the connection's state.
func (p *PeerConnection) ConnectionState() ConnState {
	return ConnState(p.pc.ConnectionState().String())
}

// ICEConnectionState is ICE's state.
func (p *PeerConnection) ICEConnectionState() ICEState {
	return ICEState(p.pc.ICEConnectionState().String())
}

// ICEGatheringState is the gathering's state.
func (p *PeerConnection) ICEGatheringState() GatheringState {
	return GatheringState(p.pc.ICEGatheringState().String())
}

// SignalingState is the signalling state.
func (p *PeerConnection) SignalingState() SignalingState {
	return SignalingState(p.pc.SignalingState().String())
}

// Close closes the connection.
func (p *PeerConnection) Close() error { return p.pc.Close() }

// OnOpen sets the handler of the channel's opening.
func (d *DataChannel) OnOpen(f func()) { d.dc.OnOpen(f) }

// OnClose sets the handler of the channel's closing.
func (d *DataChannel) OnClose(f func()) { d.dc.OnClose(f) }

// OnMessage sets the handler of each message (a copy of its bytes).
func (d *DataChannel) OnMessage(f func([]byte)) {
	d.dc.OnMessage(func(m webrtc.DataChannelMessage) { f(append([]byte(nil), m.Data...)) })
}

// Send writes a message.
func (d *DataChannel) Send(b []byte) error { return d.dc.Send(b) }
