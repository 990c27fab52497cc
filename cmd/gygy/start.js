// gygy's start, served at the end of go-app's app.js in place of go-app's
// own loader (see start.go for what is replaced and why). The page arrives
// pre-rendered; this script starts the WebAssembly program:
//
// - app.wasm is fetched by the browser as soon as the page's head is read
//   (a preload link), and its response goes to
//   WebAssembly.instantiateStreaming as it is: the browser compiles it as
//   it arrives without a script relaying every chunk on the page's main
//   thread, and it can keep the compiled code for the next visit. The
//   loader's percentage counts the bytes of a copy of the response.
// - The start is cut into tasks, so that the browser can draw and answer
//   the person between them (scroll, follow a link): compiling and
//   instantiating app.wasm; Go's runtime and package initialisation (Go
//   then waits a moment, wasm/main.go); the first render.
// - The service worker is registered once app.wasm has arrived (and is
//   compiled), so that at the first visit its copy of every file for
//   offline use does not share the network with app.wasm (its copy of
//   app.wasm is then only a revalidation of the browser's cached one).
// - go-app's update check (goappTryUpdate, called from Go) is replaced by
//   one that expects to fail: offline, or in nearby play with the server
//   gone, the service worker's script cannot be fetched, and that is the
//   normal state of an offline app, not an uncaught error on the page.
// - Until the program runs, the pre-rendered home screen answers: a choice
//   pressed shows as chosen, and Start says "Starting…" with the
//   download's progress. What was pressed is kept in sessionStorage
//   ("gygy.early"), and the home screen takes it over when the program
//   starts (app/ui/home/early.go): the choices made, and the game started.
goappTryUpdate = function () {
  if (!goappServiceWorkerRegistration) return;
  goappServiceWorkerRegistration.update().catch((err) => {
    console.info("gygy: no update check now (offline?):", err && err.message);
  });
};
// startWord is a text of this script in the page's language: the page's head
// script (ui.LangScript) gives the translations of the server's English.
const startWord = (s) => (window.gygyWord ? window.gygyWord(s) : s);
(() => {
  const early = {choices: [], start: false};
  const onEarlyClick = (e) => {
    // The program answers once the home screen has taken over what was
    // pressed (window.gygyEarlyTaken, set by app/ui/home/early.go), or
    // once the loader is gone: a click after that recorded here would come
    // back on the next load as a choice never made there.
    if (window.gygyEarlyTaken || !document.getElementById("app-wasm-loader")) {
      document.removeEventListener("click", onEarlyClick, true); // the program answers now
      return;
    }
    const b = e.target.closest && e.target.closest("main.home button");
    if (!b || b.disabled) return;
    if (b.classList.contains("choice") && b.dataset.group) {
      for (const o of b.parentElement.querySelectorAll("button.choice")) o.setAttribute("aria-pressed", String(o === b));
      early.choices.push([b.dataset.group, b.value]);
    } else if (b.id === "first-game") {
      // The newcomer's plain first game (app/ui/home/start.go): its choices, then Start.
      early.choices.push(["game", "gyre"], ["mode", "computer"], ["size", "5x10"], ["rule", "noswap"],
        ["level", "easy"], ["side", "true"], ["clock", "none"]);
      early.start = true;
      b.classList.add("gygy-starting");
      b.textContent = startWord("Starting…");
    } else if (b.id === "start" || b.id === "start-quick") {
      early.start = true;
      b.classList.add("gygy-starting");
      b.textContent = startWord("Starting…");
    } else {
      return;
    }
    try {
      sessionStorage.setItem("gygy.early", JSON.stringify(early));
    } catch (err) {
      // No storage (a private window's quota): the choices stay on screen only.
    }
  };
  document.addEventListener("click", onEarlyClick, true);
})();
(() => {
  const loader = document.getElementById("app-wasm-loader");
  const label = document.getElementById("app-wasm-loader-label");
  if (!goappCanLoadWebAssembly()) {
    if (loader) loader.remove();
    return;
  }
  const url = goappEnv.GOAPP_STATIC_RESOURCES_URL + "/app.wasm";
  const go = new Go();
  const response = fetch(url).then((r) => {
    if (r.ok && r.body && label) countProgress(r.clone().body.getReader());
    return r;
  });
  const instantiate = WebAssembly.instantiateStreaming
    ? WebAssembly.instantiateStreaming(response, go.importObject)
    : response.then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b, go.importObject));
  instantiate
    .then((result) => {
      goappInitServiceWorker();
      return new Promise((resolve) => setTimeout(resolve, 0, result));
    })
    .then((result) => {
      performance.mark("gygy:run");
      go.run(result.instance);
    })
    .catch((err) => {
      if (label) label.innerText = String(err);
      document.getElementById("app-wasm-loader-icon")?.classList.remove("goapp-spin");
      console.error("gygy: starting the WebAssembly program failed:", err);
    });

  // countProgress shows how much of app.wasm has arrived (its size is in
  // goappWasmContentLength), updating the label only when the percentage
  // changes.
  async function countProgress(reader) {
    const total = parseInt(goappWasmContentLength, 10);
    let loaded = 0;
    let shown = -1;
    try {
      for (;;) {
        const {done, value} = await reader.read();
        if (done) break;
        loaded += value.byteLength;
        const percent = total > 0 ? Math.min(100, Math.floor((loaded * 100) / total)) : -1;
        if (percent !== shown && document.contains(label)) {
          shown = percent;
          label.innerText = startWord(goappLoadingLabel).replace("{progress}", percent);
          for (const b of document.querySelectorAll("button.gygy-starting")) b.textContent = startWord("Starting… {progress}%").replace("{progress}", percent);
        }
      }
    } catch (err) {
      // The count is only for show; the program's own copy decides.
    }
  }
})();
