// Package bylink plays a game at your own pace, by link: each move
// travels from one device to the other as a link holding the whole game
// so far ([Link]), through any messenger, with no server. [Encode] packs
// the game's identity, the sender's seat, the header, every action in
// binary and a resignation, with a CRC-32, in base64url; [Decode] refuses
// a link that is damaged or edited ([ErrDamaged]) or of another format
// ([ErrVersion]).
//
// Each device keeps its games in a [Book]. [Book.Open] compares a link
// with the game held and says what it is ([Outcome]: [New], [Advanced],
// [Seen], [Older], a [Fork] or [Forged]), and [Table] is a held game as
// the game screen plays it: the person acts on their turn only, may take
// back their own actions until they send the link, and may resign.
package bylink
