// gygy's Web Workers run here, off the page's main thread: the Go program
// named by ?wasm= (web/bot.wasm by default: the computer player, built from
// wasm/bot; web/qr.wasm: the QR reader, built from wasm/qr) answers the
// page's requests. Messages that arrive while it starts wait in a queue.
importScripts("../wasm_exec.js");

let handler = null;
const queue = [];
self.onmessage = (event) => (handler ? handler(event.data) : queue.push(event.data));
self.gygyBotReady = (h) => {
  handler = h;
  queue.splice(0).forEach((m) => h(m));
};

const program = new URLSearchParams(self.location.search).get("wasm") === "qr.wasm" ? "qr.wasm" : "bot.wasm";
const go = new Go();
WebAssembly.instantiateStreaming(fetch(program), go.importObject)
  .then((result) => go.run(result.instance))
  .catch((err) => postMessage({ fatal: String(err) }));
