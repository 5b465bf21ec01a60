// The browser page's side of bench/web_page.py: Debian's headless Chromium opens the
// page (`topper web --build` folder) served on 127.0.0.1, every request for anything else
// aborted, and prints one JSON object.
//
//   node bench/web_page.mjs DIR load N        N loads, each in a fresh browser context
//                                              (an empty cache): the files fetched, the ms
//                                              from navigation to the playable menu
//   node bench/web_page.mjs DIR play SPECS    each SPEC "GAME:SEATS:pad|blind:SEED:REPEAT",
//                                              comma-separated: bots at every seat, played
//                                              REPEAT times as fast as the page's MicroPython
//                                              steps the board; each play's log lines and ms
//
// Needs `bash scripts/setup` (playwright-core in tests/web/node_modules, /usr/bin/chromium).

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARGS, CHROMIUM, chromium, offline, quietEnv, serveFolder } from "../tests/web/offline_chromium.mjs";

const READY_MS = 60000;
const LIMIT_MS = 60 * 60000; // a game's most table time

// The moment the page says it is ready (its first OLED frame drawn: the menu), on the
// page's own clock, whose zero is the navigation's start.
function markReady() {
  new MutationObserver((_, observer) => {
    if (document.body.dataset.state !== "ready") return;
    window.readyAt = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });
}

async function launch(home) {
  return chromium.launch({ executablePath: CHROMIUM, env: quietEnv(home), args: ARGS });
}

async function openPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { outside, errors } = await offline(page);
  await page.addInitScript(markReady);
  await page.goto(url);
  await page.waitForSelector("body[data-state=ready]", { timeout: READY_MS });
  await page.waitForFunction(() => window.readyAt !== undefined);
  return { context, page, outside, errors };
}

async function load(browser, url, n) {
  const readyMs = [];
  const scriptMs = [];
  const outside = [];
  const errors = [];
  for (let i = 0; i < n; i++) {
    const s = await openPage(browser, url);
    readyMs.push(await s.page.evaluate(() => window.readyAt));
    scriptMs.push(await s.page.evaluate(() => window.topper.menuMs));
    outside.push(...s.outside);
    errors.push(...s.errors);
    await s.context.close();
  }
  return { readyMs, scriptMs, outside, errors };
}

// Each game dealt as the tests deal it (bots at every seat), then played to its end in one
// call, the board stepped every 5 ms of its time as fast as MicroPython goes: the page's
// animation frames cannot run in between. Only that call is timed.
async function play(browser, url, specs) {
  const s = await openPage(browser, url);
  const plays = [];
  for (const spec of specs.split(",")) {
    const [game, seats, how, seed, repeat] = spec.split(":");
    for (let i = 0; i < Number(repeat); i++) {
      const one = await s.page.evaluate(
        ([game, seats, pad, seed, limit]) => {
          const call = window.topper.call;
          const why = call("deal", game, seats, pad, seed, true);
          if (why) throw new Error(why);
          const dealt = JSON.parse(call("frame")).log;
          const t0 = performance.now();
          const over = call("run_until_over", limit);
          const ms = performance.now() - t0;
          return { dealt, log: JSON.parse(call("frame")).log, ms, over };
        },
        [game, Number(seats), how === "pad", Number(seed), LIMIT_MS],
      );
      plays.push({ spec, ...one });
    }
  }
  await s.context.close();
  return { plays, outside: s.outside, errors: s.errors };
}

async function main([dir, command, arg]) {
  if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error("no page folder: " + dir);
  const fetched = new Set();
  const server = await serveFolder(dir, (name) => fetched.add(name));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const home = mkdtempSync(join(tmpdir(), "topper-bench-chromium-"));
  const browser = await launch(home);
  try {
    if (command === "load") return { ...(await load(browser, url, Number(arg))), fetched: [...fetched].sort() };
    if (command === "play") return await play(browser, url, arg);
    throw new Error("unknown command: " + command);
  } finally {
    await browser.close();
    server.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (out) => process.stdout.write(JSON.stringify(out) + "\n"),
  (e) => {
    process.stderr.write("web_page.mjs: " + (e.stack || e) + "\n");
    process.exitCode = 1;
  },
);
