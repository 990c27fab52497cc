// Package bylink plays a game at your own pace, by link: each move
// travels from one device to the other as a link, through any messenger,
// with no server. A link holds the whole game so far ([Link]): the game's
// identity, drawn when it began, the seat of the device that made it, the
// game's header (kind, size and rule: the swap, `opening K`, Gygès's
// replacing), every action in binary (a GYRE cell in one byte, a Gygès
// setup in two, a Gygès move in three), and a resignation; then a CRC-32
// of all that, and base64url ([Encode]). [Decode] refuses a link whose
// check fails, that is cut short or changed, or whose actions the engine
// refuses ([ErrDamaged]), and one of another format ([ErrVersion]).
//
// Each device keeps its games in a [Book] and takes a link with
// [Book.Open], which compares the link with the game it holds:
//
//   - a game it does not hold is kept, in the seat the link's sender does
//     not hold ([New]);
//   - a link that adds the opponent's actions (or their resignation) to
//     the held game is taken ([Advanced]);
//   - a link with nothing new plays nothing twice ([Seen]); one that is a
//     beginning of the held game is older, and the device shows the newer
//     game it holds ([Older]);
//   - a fork, a player who moved twice from the same link, shows as a link
//     that parts from the held game before its end: the device keeps the
//     first continuation it saw and refuses the other ([Fork]), saying how
//     the game goes on ([Opened.Kept]); each device decides alone, so the
//     device that made the other continuation refuses the replies to this
//     one in turn, until the players send on the game as one of them holds
//     it;
//   - a link that adds actions for the receiver's own seat, which only an
//     edited link can, is refused ([Forged]).
//
// [Table] is a held game as the game screen plays it (a session.Table):
// the person acts on their turn only, may take back their own actions
// until they send the link, and may resign.
//
// A link for a whole 7 × 14 GYRE game (at most 99 actions) is at most 166
// characters, one for a 100-move Gygès game about 434 (TestLinkSizes).
package bylink
