// The start of the app in Chromium, traced: which main-thread tasks run
// while the page loads and the WebAssembly program starts, how long each
// takes, and what is in the long ones (script, WebAssembly compilation,
// style and layout, garbage collection). The CPU is really slowed (4x by
// default, as Lighthouse's mobile preset models it), the network is not.
// Measures, never asserts; not part of make test.
//
//   node trace.mjs BASE_URL [home|play|again|restart] [RUNS] [OUT_DIR]
//
// SCREEN is "home" (a first visit), "play" (a first download with a
// saved game, seeded as run.mjs does) or "again" (the home screen of a
// second visit in the same browser: the service worker installed, and
// whatever the browser kept of the compiled program, in memory too) or
// "restart" (the same, after the browser was closed and started again on
// the same profile: an installed app's next start). GYGY_TRACE_CPU sets the slowdown
// (1 for none); GYGY_TRACE_JSFLAGS passes V8 flags (to compare, e.g.
// --no-wasm-lazy-compilation); GYGY_BENCH_LANG=fr runs the browser in
// French (browser.mjs) and each run prints the page's <html lang>.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {benchLang, launch, pageLang, running, seedSavedGame} from "./browser.mjs";

const cpu = Number(process.env.GYGY_TRACE_CPU || 4);
const jsFlags = process.env.GYGY_TRACE_JSFLAGS || "";

const categories = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8",
  "v8.execute",
  "v8.wasm",
  "disabled-by-default-v8.wasm.detailed",
  "disabled-by-default-v8.gc",
  "blink.user_timing",
  "loading",
];

// The task names that make up a main-thread task, grouped.
const groups = [
  ["wasm lazy compile", /^wasm\.(CompileLazy|LazyCompile)|CompileLazy/],
  ["wasm streaming", /^v8\.wasm\.(compileConsume|compileConsumeDone|streamFromResponseCallback|startStreamingCompilation)|^wasm\.(StartStreamingCompilation|ProcessModuleHeader|ProcessSection|ProcessFunctionBody|OnFinishedStream)/],
  ["wasm instantiate", /^v8\.wasm\.instantiate|^wasm\.(Instantiate|SyncInstantiate|AsyncInstantiate)/],
  ["garbage collection", /^(V8\.GC|MajorGC|MinorGC|V8\.Scavenge|V8\.MarkCompact)/],
  ["style and layout", /^(UpdateLayoutTree|Layout|RecalculateStyles|PrePaint|Paint|Layerize|Commit)$/],
  ["HTML parse", /^(ParseHTML|DecodedDataDocumentParser|HTMLDocumentParser)/],
  ["script compile", /^v8\.compile|^V8\.CompileCode|^v8\.parseOnBackground/],
];

// mainThread is the renderer main thread that ran the WebAssembly
// program (else the busiest renderer main thread).
function mainThread(events) {
  const names = new Map();
  const counts = new Map();
  const wasm = new Map();
  for (const e of events) {
    const k = e.pid + ":" + e.tid;
    counts.set(k, (counts.get(k) || 0) + 1);
    if (/^v8\.wasm\.|^wasm\./.test(e.name)) wasm.set(k, (wasm.get(k) || 0) + 1);
    if (e.ph === "M" && e.name === "thread_name") names.set(k, e.args.name);
  }
  const score = (k) => (wasm.get(k) || 0) * 1e9 + counts.get(k);
  let best = null;
  for (const [k, n] of names) {
    if (n === "CrRendererMain" && (!best || score(k) > score(best))) best = k;
  }
  return best;
}

// summarize returns the page's marks and its main thread's tasks of at
// least minMs, each with its time by group (self time: nested events are
// counted once, in the innermost group).
export function summarize(events, minMs = 10) {
  const main = mainThread(events);
  const mine = events.filter((e) => e.pid + ":" + e.tid === main);
  // The page's marks, from the navigation that led to its program's run
  // (an earlier page in the same renderer may have left marks too).
  const all = events
    .filter((e) => /blink\.user_timing/.test(e.cat || "") && e.name.startsWith("gygy:"))
    .sort((a, b) => a.ts - b.ts);
  const runs = all.filter((e) => e.name === "gygy:run").map((e) => e.ts);
  const lastRun = runs.length ? Math.max(...runs) : Infinity;
  const nav = mine.filter((e) => e.name === "navigationStart" && e.ts <= lastRun).map((e) => e.ts);
  const t0 = nav.length ? Math.max(...nav) : Math.min(...mine.map((e) => e.ts));
  const marks = all.filter((e) => e.ts >= t0).map((e) => ({name: e.name, at: (e.ts - t0) / 1000}));
  const xs = mine.filter((e) => e.ph === "X" && typeof e.dur === "number").sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tops = [];
  let end = -Infinity;
  for (const e of xs) {
    if (e.name !== "RunTask" && e.name !== "ThreadControllerImpl::RunTask") continue;
    if (e.ts >= end) {
      tops.push(e);
      end = e.ts + e.dur;
    }
  }
  // Self time (an event's time less its children's), by the group of
  // the event or of its nearest grouped ancestor, for every event in a
  // top-level task.
  const groupOf = (e, parent) => {
    for (const [g, re] of groups) if (re.test(e.name)) return g;
    return parent ? parent.g : "other (script, wasm run)";
  };
  // selfs: the pieces of time [from, to) that each event spends outside
  // its children, with the event's group.
  const selfs = [];
  const tasks = [];
  for (const top of tops) {
    const inner = xs.filter((e) => e !== top && e.ts >= top.ts && e.ts + e.dur <= top.ts + top.dur);
    const mine = [];
    const root = {end: top.ts + top.dur, last: top.ts, g: "task itself"};
    const stack = [root];
    const pop = () => {
      const f = stack.pop();
      if (f.end > f.last) mine.push({from: f.last, to: f.end, g: f.g});
      if (stack.length) stack[stack.length - 1].last = Math.max(stack[stack.length - 1].last, f.end);
    };
    for (const e of inner) {
      while (stack.length > 1 && stack[stack.length - 1].end <= e.ts) pop();
      const parent = stack[stack.length - 1];
      if (e.ts > parent.last) mine.push({from: parent.last, to: e.ts, g: parent.g});
      parent.last = Math.max(parent.last, e.ts);
      stack.push({end: e.ts + e.dur, last: e.ts, g: groupOf(e, parent === root ? null : parent)});
    }
    while (stack.length) pop();
    selfs.push(...mine);
    if (top.dur / 1000 >= minMs) tasks.push({at: (top.ts - t0) / 1000, ms: top.dur / 1000, by: byGroup(mine, -Infinity, Infinity)});
  }
  // The phases of the start, between the page's marks: main-thread time
  // by group from each mark to the next.
  const cuts = [{name: "page load", at: 0}, ...marks, {name: "end", at: Infinity}];
  const phases = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = t0 + cuts[i].at * 1000;
    const to = t0 + cuts[i + 1].at * 1000;
    const by = byGroup(selfs, from, to);
    phases.push({name: `${cuts[i].name} → ${cuts[i + 1].name}`, ms: by.reduce((a, [, v]) => a + v, 0), by});
  }
  // What the browser did with its cache of compiled WebAssembly at this
  // start (Blink's trace events of the module cache: a hit, a module
  // compiled and kept for next time, a cached copy refused), any thread.
  const cache = new Map();
  for (const e of events) {
    if (e.ts >= t0 && /^v8\.wasm\.(moduleCache|cachedModule|compiledModule)|[Dd]eserializ/.test(e.name)) {
      cache.set(e.name, (cache.get(e.name) || 0) + 1);
    }
  }
  return {marks, tasks, phases, cache: [...cache]};
}

function byGroup(selfs, from, to) {
  const by = new Map();
  for (const f of selfs) {
    const ms = (Math.min(f.to, to) - Math.max(f.from, from)) / 1000;
    if (ms > 0) by.set(f.g, (by.get(f.g) || 0) + ms);
  }
  return [...by].filter(([, v]) => v >= 0.5).sort((a, b) => b[1] - a[1]);
}

function show(s) {
  console.log(`  page lang: ${JSON.stringify(s.lang)}`);
  console.log(`  compiled-code cache: ${s.cache.length ? s.cache.map(([n, k]) => `${n} ×${k}`).join(", ") : "no event"}`);
  for (const m of s.marks) console.log(`  mark ${m.name.padEnd(24)} at ${m.at.toFixed(0).padStart(6)} ms`);
  let blocking = 0;
  for (const t of s.tasks) {
    blocking += Math.max(0, t.ms - 50);
    const parts = t.by.map(([g, v]) => `${g} ${v.toFixed(0)}`).join(", ");
    console.log(`  task at ${t.at.toFixed(0).padStart(6)} ms: ${t.ms.toFixed(0).padStart(5)} ms  (${parts})`);
  }
  console.log(`  tasks over 50 ms: ${s.tasks.filter((t) => t.ms > 50).length}, their time over 50 ms: ${blocking.toFixed(0)} ms`);
  console.log("  main-thread time in tasks, between the marks:");
  for (const p of s.phases) {
    const parts = p.by.map(([g, v]) => `${g} ${v.toFixed(0)}`).join(", ");
    console.log(`    ${p.name.padEnd(34)} ${p.ms.toFixed(0).padStart(5)} ms  (${parts})`);
  }
}

// firstVisit opens the home screen and stays until the service worker is
// ready and the browser has had time to keep what it keeps.
async function firstVisit(page, base) {
  await page.goto(base + "/", {waitUntil: "load"});
  await page.waitForFunction(running, {timeout: 120000});
  await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => true), {timeout: 60000});
  await new Promise((r) => setTimeout(r, 5000));
}

async function once(base, screen, i, outDir) {
  const flags = jsFlags ? ["--js-flags=" + jsFlags] : [];
  let profile;
  if (screen === "restart") {
    // A first visit in a profile kept on disk, then the browser closed:
    // what an installed app finds at its next start (only the disk
    // caches; "again" keeps the same browser, whose renderer may still
    // hold the compiled module in memory).
    profile = fs.mkdtempSync(path.join(os.tmpdir(), "gygy-trace-"));
    const first = await launch(flags, profile);
    try {
      await firstVisit(await first.newPage(), base);
    } finally {
      await first.close();
    }
  }
  const browser = await launch(flags, profile);
  try {
    const page = await browser.newPage();
    if (screen === "play") await seedSavedGame(page, base);
    if (screen === "again") await firstVisit(page, base);
    await page.setViewport({width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true});
    const cdp = await page.createCDPSession();
    await cdp.send("Emulation.setCPUThrottlingRate", {rate: cpu});
    await page.tracing.start({categories});
    const url = base + (screen === "play" ? "/?view=play" : "/");
    await page.goto(url, {waitUntil: "load"});
    await page.waitForFunction(running, {timeout: 120000});
    await new Promise((r) => setTimeout(r, 3000));
    const lang = await pageLang(page);
    const buf = Buffer.from(await page.tracing.stop());
    const trace = JSON.parse(buf.toString());
    if (outDir) {
      fs.mkdirSync(outDir, {recursive: true});
      fs.writeFileSync(path.join(outDir, `trace-${screen}-${i + 1}.json`), buf);
    }
    return {...summarize(trace.traceEvents || trace), lang};
  } finally {
    await browser.close();
    if (profile) fs.rmSync(profile, {recursive: true, force: true});
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = (process.argv[2] || "").replace(/\/$/, "");
  const screen = process.argv[3] || "home";
  const runs = Number(process.argv[4] || 1);
  const outDir = process.argv[5] || "";
  if (!base || !["home", "play", "again", "restart"].includes(screen)) {
    console.error("usage: node trace.mjs BASE_URL [home|play|again|restart] [RUNS] [OUT_DIR]");
    process.exit(2);
  }
  const at = new Map();
  for (let i = 0; i < runs; i++) {
    console.log(`${screen} run ${i + 1} (CPU ${cpu}x${jsFlags ? ", V8 " + jsFlags : ""}${benchLang ? ", browser in " + benchLang : ""}):`);
    const s = await once(base, screen, i, outDir);
    show(s);
    for (const m of s.marks) at.set(m.name, [...(at.get(m.name) || []), m.at]);
  }
  // The median of each mark's times over the runs.
  const median = (xs) => {
    const v = [...xs].sort((p, q) => p - q);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  for (const [name, xs] of at) {
    console.log(`${screen} median of ${xs.length}: mark ${name.padEnd(24)} at ${median(xs).toFixed(0).padStart(6)} ms`);
  }
}
