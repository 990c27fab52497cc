// Package games is the "My games" screen: every game played at this
// device, finished or under way, kept in the browser, newest first, with
// its date, mode, opponent, size and result; one may be opened to review,
// analyse or go on with (seated as it was played: against the computer,
// the computer on its side at its level), its record copied, or deleted.
// Opening a game while another is under way at this device asks first, as
// the home screen's Start does; the game replaced is listed as left
// unfinished, and opening it takes it up again. The list is a
// mygames.Book, which the browser program builds on the page's storage.
package games
