// Package pair is the pairing code with which two devices open a WebRTC
// data channel with no server at all: no signalling hub, no STUN, no TURN.
// The first device shows an offer code, the second reads it and shows its
// answer code, the first reads that back.
//
// A session description for one data channel is the same for every game
// but for a few values, so a code carries only those (see
// Code.MarshalBinary): the ICE username fragment and password, the DTLS
// certificate's SHA-256 fingerprint, the DTLS role, the gathered host
// candidates and, in an answer, a tag of the offer it answers. The binary
// form starts with a version byte and ends with a CRC-32; its text is
// base32 in capitals (String, Parse), which a QR code holds in its
// alphanumeric mode, and Group splits it into blocks to read out. SDP
// rebuilds the full description on the other side and FromSDP takes a
// code out of one.
//
// Browsers hide local addresses behind random multicast DNS names
// ("….local"); a code keeps the name (16 bytes), and the other device
// resolves it by multicast, which reaches only its own network segment.
// Where multicast does not pass between the two devices (two segments
// joined by a router, as on many school and office networks, or Wi-Fi that
// keeps its clients' multicast apart), a name does not resolve: if both
// devices hide their addresses they do not connect at all; if one shows a
// plain address, the other's checks reach it and the connection is made
// from that side. Pairing by code needs two devices on one network that
// lets them see each other.
//
// Digits is the densest form for a QR code (numeric mode): a code with one
// or two candidates, as a browser gathers on one Wi-Fi network, fits a
// version 6 symbol at level M.
package pair
