// Package pair is the pairing code with which two devices open a WebRTC
// data channel with no server at all: no signalling hub, no STUN, no TURN.
// The first device shows an offer code, the second reads it and shows its
// answer code, the first reads that back.
//
// A session description for one data channel is the same for every game
// but for a few values, so a [Code] carries only those: the ICE
// credentials, the DTLS fingerprint and role, the host [Candidate]s and,
// in an answer, the [Code.Tag] of its offer ([Code.MarshalBinary] gives
// the bytes). [FromSDP] takes a code out of a description and [Code.SDP]
// rebuilds one; [Code.String] and [Parse] write and read its text,
// [Group] splits it into blocks to read out, and [Code.Digits] is the
// densest form for a QR code. A browser's candidate is a multicast DNS
// name, so the two devices must be on one network that lets them see
// each other (README, "Online play").
package pair
