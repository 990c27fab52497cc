// Where the start's script time goes, by function: V8's sampling profiler
// over the load of a page until the WebAssembly program runs, summed by
// self time and grouped by Go package (WebAssembly functions carry their
// Go names when app.wasm is built without -s -w). Measures, never asserts.
//
//   node profile.mjs URL [TOP]
//
// It also prints Go's own account of each package's initialisation
// (GODEBUG=inittrace=1, passed to the program in the page), slowest first.

import {launch, running} from "./browser.mjs";

const url = process.argv[2];
const top = Number(process.argv[3] || 40);
const browser = await launch();
try {
  const page = await browser.newPage();
  const inits = [];
  page.on("console", (m) => {
    for (const line of m.text().split("\n")) if (line.startsWith("init ")) inits.push(line);
  });
  await page.evaluateOnNewDocument(() => {
    let Go;
    Object.defineProperty(globalThis, "Go", {
      configurable: true,
      get: () => Go,
      set: (G) => {
        Go = class extends G {
          constructor() {
            super();
            this.env = {...this.env, GODEBUG: "inittrace=1"};
          }
        };
      },
    });
  });
  const cdp = await page.createCDPSession();
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", {interval: 100});
  await cdp.send("Profiler.start");
  await page.goto(url, {waitUntil: "load"});
  await page.waitForFunction(running, {timeout: 120000});
  const {profile} = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const name = n.callFrame.functionName || `(${n.callFrame.url.split("/").pop() || "anonymous"})`;
    self.set(name, (self.get(name) || 0) + (dt[i] || 0) / 1000);
  }
  const pkg = (name) => {
    const m = name.match(/^\$?((?:[\w.-]+\/)*[\w.-]+?)\.[^/]*$/);
    return m ? m[1] : name;
  };
  const byPkg = new Map();
  for (const [name, ms] of self) byPkg.set(pkg(name), (byPkg.get(pkg(name)) || 0) + ms);
  const show = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).forEach(([k, v]) => console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`));
  // The call tree under the Go program's main function, by inclusive
  // time, down to the calls that take at least 1% of it.
  const incl = new Map();
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
  for (let i = 0; i < profile.samples.length; i++) {
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) incl.set(id, (incl.get(id) || 0) + (dt[i] || 0) / 1000);
  }
  const nameOf = (n) => n.callFrame.functionName || "(anonymous)";
  const mains = profile.nodes.filter((n) => nameOf(n) === "main.main");
  const mainMs = mains.reduce((a, n) => a + (incl.get(n.id) || 0), 0);
  console.log(`under main.main: ${mainMs.toFixed(1)} ms`);
  const walk = (n, depth) => {
    const ms = incl.get(n.id) || 0;
    if (ms < mainMs / 100 || depth > 14) return;
    console.log(`  ${" ".repeat(depth * 2)}${ms.toFixed(1)} ms ${nameOf(n)}`);
    for (const c of n.children || []) walk(byId.get(c), depth + 1);
  };
  for (const n of mains) walk(n, 0);
  console.log("by function (self time):");
  show(self, top);
  console.log("by package:");
  show(byPkg, top);
  const clock = (l) => Number((l.match(/, ([0-9.]+) ms clock/) || [0, 0])[1]);
  const total = inits.reduce((a, l) => a + clock(l), 0);
  console.log(`package initialisation (inittrace): ${inits.length} packages, ${total.toFixed(1)} ms`);
  inits.sort((a, b) => clock(b) - clock(a)).slice(0, top).forEach((l) => console.log("  " + l));
} finally {
  await browser.close();
}
