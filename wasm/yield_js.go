//go:build js && wasm

package main

import "syscall/js"

// yieldToBrowser gives the browser its turn (to draw, to answer the
// person) before the first render, so that the start is two tasks, not
// one: Go returns to the page's event loop while every goroutine waits,
// and a timer callback from the page brings it back. (A time.Sleep may
// not return to the page: a timer already due runs at once.)
func yieldToBrowser() {
	done := make(chan struct{})
	var resume js.Func
	resume = js.FuncOf(func(js.Value, []js.Value) any {
		resume.Release()
		close(done)
		return nil
	})
	js.Global().Call("setTimeout", resume, 0)
	<-done
}
