// gygy's computer player runs in this Web Worker, off the page's main
// thread: the Go program web/bot.wasm (built from wasm/bot) answers the
// page's requests. Messages that arrive while it starts wait in a queue.
importScripts("../wasm_exec.js");

let handler = null;
const queue = [];
self.onmessage = (event) => (handler ? handler(event.data) : queue.push(event.data));
self.gygyBotReady = (h) => {
  handler = h;
  queue.splice(0).forEach((m) => h(m));
};

const go = new Go();
WebAssembly.instantiateStreaming(fetch("bot.wasm"), go.importObject)
  .then((result) => go.run(result.instance))
  .catch((err) => postMessage({ fatal: String(err) }));
