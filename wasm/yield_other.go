//go:build !(js && wasm)

package main

// yieldToBrowser has no browser to yield to outside one.
func yieldToBrowser() {}
