// What run.mjs, trace.mjs and profile.mjs share: the browser they launch,
// and how they tell that the app runs.
//
// The saved game that run.mjs and trace.mjs measure the game screen with:
// a fresh browser opens the app, loads a record from the home screen (the
// app saves it in localStorage), then its caches and service worker are
// cleared, keeping only localStorage. The next visit to ?view=play is a
// first download with a game to resume.

import puppeteer from "puppeteer-core";

// benchLang is the browser's language (GYGY_BENCH_LANG, e.g. "fr"; empty:
// Chromium's default, English), and langArgs the command-line arguments
// that make it the browser's first language: navigator.languages, which
// the app follows at a first visit, and the Accept-Language header.
export const benchLang = process.env.GYGY_BENCH_LANG || "";
const langArgs = benchLang ? [`--lang=${benchLang}-${benchLang.toUpperCase()}`, `--accept-lang=${benchLang}-${benchLang.toUpperCase()},${benchLang}`] : [];

// launch starts Debian's Chromium (CHROME_PATH), headless, with extra
// command-line arguments, in a profile of its own (userDataDir: one kept
// across launches; else a fresh temporary one), in benchLang if set.
export function launch(extra = [], userDataDir = undefined) {
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    headless: true,
    userDataDir,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", ...langArgs, ...extra],
  });
}

// pageLang is the language the page says it is in (<html lang>), with
// the header's Home link as it reads ("Home", "Accueil").
export function pageLang(page) {
  return page.evaluate(() => `${document.documentElement.lang} (${(document.getElementById("nav-home") || {}).textContent || "no nav-home"})`);
}

export const defaultRecord = "GYRE 5x10\nc1 swap d5 b3 e7 a2";

// running tells, in the page, whether the WebAssembly program has taken
// the pre-rendered page over.
export function running() {
  return document.documentElement.dataset.gygy === "running" ||
    (!document.getElementById("app-wasm-loader") && document.querySelector(".shell") !== null);
}

export async function seedSavedGame(page, base, record = defaultRecord) {
  await page.goto(base + "/", {waitUntil: "load"});
  // The page is served pre-rendered: wait until the WebAssembly program
  // has taken it over.
  await page.waitForFunction(
    () => (document.documentElement.dataset.gygy === "running" || !document.getElementById("app-wasm-loader")) &&
      document.querySelector(".shell #record-in") !== null,
    {timeout: 120000},
  );
  await page.evaluate((text) => {
    const el = document.getElementById("record-in");
    el.value = text;
    el.dispatchEvent(new Event("input", {bubbles: true}));
  }, record);
  await page.click("#load");
  await page.waitForSelector("svg.board, svg.gyges-board", {timeout: 60000});
  const saved = await page.evaluate(() => localStorage.length);
  if (saved === 0) throw new Error("the app saved nothing in localStorage");
  // Forget everything but localStorage.
  const cdp = await page.createCDPSession();
  await cdp.send("Storage.clearDataForOrigin", {
    origin: base,
    storageTypes: "appcache,cookies,file_systems,indexeddb,shader_cache,websql,service_workers,cache_storage",
  });
  await cdp.send("Network.clearBrowserCache");
  await page.goto("about:blank");
}
