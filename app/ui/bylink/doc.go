// Package bylink is the screen of a game at your own pace, by link (the
// codec and the rules of opening a link are package gygy/app/bylink): it
// opens the link in the address's fragment, which never reaches a
// server, draws the game from this device's side with the game screen
// (play.Game over a bylink.Table), and offers the next link by the Web
// Share API where the browser has it, else by Copy. It also lists the
// games by link kept here, for the home screen.
package bylink
