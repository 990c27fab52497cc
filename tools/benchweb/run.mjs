// Lighthouse (mobile preset: slow 4G, 4x CPU slowdown) on two screens of a
// running gygy: the home screen of a first visit, and the game screen of a
// visitor with a saved game. Prints every run (with the page's <html lang>)
// and the medians; measures, never asserts. GYGY_BENCH_LANG=fr runs the
// browser in French (browser.mjs).
//
//   node run.mjs BASE_URL [RUNS] [OUT_DIR]
//
// The saved game (browser.mjs): a fresh browser opens the app, loads a
// record from the home screen (the app saves it in localStorage), then its
// caches and service worker are cleared, keeping only localStorage, and
// Lighthouse opens ?view=play without resetting storage. So the game
// screen is measured as a first download with a game to resume.

import fs from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import {benchLang, defaultRecord, launch, pageLang, seedSavedGame} from "./browser.mjs";

const base = (process.argv[2] || "").replace(/\/$/, "");
const runs = Number(process.argv[3] || 3);
const outDir = process.argv[4] || "";
if (!base) {
  console.error("usage: node run.mjs BASE_URL [RUNS] [OUT_DIR]");
  process.exit(2);
}
const record = process.env.GYGY_BENCH_RECORD || defaultRecord;
// "simulate" (Lighthouse's default: an unthrottled load, its timings
// scaled by a model) or "devtools" (the network and CPU really slowed in
// the browser, so the tasks are the ones a slow phone would run).
const throttling = process.env.GYGY_BENCH_THROTTLING || "simulate";

// GYGY_BENCH_SCREENS picks some of them ("home", "play"; default both).
const only = (process.env.GYGY_BENCH_SCREENS || "home play").split(/\s+/);
const screens = [
  {name: "home", url: base + "/", seed: null},
  {name: "play", url: base + "/?view=play", seed: (page) => seedSavedGame(page, base, record)},
].filter((s) => only.includes(s.name));

const figures = (lhr) => {
  const a = lhr.audits;
  const num = (id) => (a[id] && typeof a[id].numericValue === "number" ? a[id].numericValue : NaN);
  const tasks = (a["long-tasks"] && a["long-tasks"].details && a["long-tasks"].details.items) || [];
  return {
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    fcp: num("first-contentful-paint"),
    lcp: num("largest-contentful-paint"),
    tbt: num("total-blocking-time"),
    tti: num("interactive"),
    si: num("speed-index"),
    longest: tasks.reduce((m, t) => Math.max(m, t.duration || 0), 0),
    bytes: num("total-byte-weight"),
    compressionFlag: a["uses-text-compression"] ? a["uses-text-compression"].score : NaN,
  };
};

const median = (xs) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((p, q) => p - q);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const show = (f) =>
  `perf ${f.performance.toFixed(2)} a11y ${f.accessibility.toFixed(2)} FCP ${(f.fcp / 1000).toFixed(2)} s, LCP ${(f.lcp / 1000).toFixed(2)} s, ` +
  `TBT ${f.tbt.toFixed(0)} ms, TTI ${(f.tti / 1000).toFixed(2)} s, SI ${(f.si / 1000).toFixed(2)} s, longest task ${f.longest.toFixed(0)} ms, ` +
  `${(f.bytes / 1024).toFixed(0)} KiB, text compression audit ${f.compressionFlag}`;

const all = {};
for (const screen of screens) {
  all[screen.name] = [];
  for (let i = 0; i < runs; i++) {
    const browser = await launch();
    try {
      const page = await browser.newPage();
      if (screen.seed) await screen.seed(page);
      const result = await lighthouse(screen.url, {
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        disableStorageReset: screen.seed !== null,
        throttlingMethod: throttling,
        // The browser's languages are set at its launch (GYGY_BENCH_LANG);
        // Lighthouse sends the same Accept-Language.
        extraHeaders: benchLang ? {"Accept-Language": `${benchLang}-${benchLang.toUpperCase()},${benchLang}`} : undefined,
      }, undefined, page);
      const f = figures(result.lhr);
      all[screen.name].push(f);
      // The language the page was in when Lighthouse left it: <html lang>.
      const lang = page.url().startsWith(base) ? await pageLang(page) : `(left at ${page.url()})`;
      console.log(`${screen.name} run ${i + 1} (${throttling}, page lang ${JSON.stringify(lang)}): ${show(f)}`);
      if (outDir) {
        fs.mkdirSync(outDir, {recursive: true});
        fs.writeFileSync(path.join(outDir, `${screen.name}-${i + 1}.json`), result.report);
        if (result.artifacts && result.artifacts.Trace) {
          fs.writeFileSync(path.join(outDir, `${screen.name}-${i + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
        }
      }
    } finally {
      await browser.close();
    }
  }
}

for (const [name, fs_] of Object.entries(all)) {
  const m = {};
  for (const k of Object.keys(fs_[0])) m[k] = median(fs_.map((f) => f[k]));
  console.log(`${name} median of ${fs_.length}: ${show(m)}`);
}
