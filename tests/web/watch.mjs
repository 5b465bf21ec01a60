// Drives the watch page (watch.html) in Debian's headless Chromium, with no network.
//
//   node tests/web/watch.mjs DIR replay LOG          a saved log opened with the file picker
//   node tests/web/watch.mjs DIR serial LOG          a stand-in Web Serial port fed from LOG
//   node tests/web/watch.mjs DIR shots LOG OUT LINES the docs' pictures, LINES lines in
//   node tests/web/watch.mjs - live URL RACES        `topper serve`'s page until RACES races
//   node tests/web/watch.mjs - lines URL N           `topper serve`'s page until N lines came
//   node tests/web/watch.mjs - reconnect URL N M     N rulings, a drop, then M rulings again
//
// DIR is a folder `topper web --build` wrote, served here on 127.0.0.1 (`-`: the page is
// URL's, on 127.0.0.1). Every request off this machine is aborted and counted. Prints
// one JSON object on stdout (`live` prints "connected" on a line of its own first).
// `--shot PNG` (first) keeps the page's last picture, passed or failed.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openWindow, serveFolder } from "./offline_chromium.mjs";

const WAIT_MS = 60000;
const STEPS = 30; // the lines a replay is stepped through, one click each

async function open(viewport, init) {
  const s = await openWindow("topper-watch-chromium-", viewport);
  if (init) await s.page.addInitScript(init.fn, init.arg);
  return s;
}

// What the page shows and holds at the end.
function state(page) {
  return page.evaluate(() => ({
    rulings: window.watch.game.rulings,
    winner: window.watch.game.winner,
    spoken: window.watch.spoken,
    received: window.watch.received,
    races: [...document.querySelectorAll("#race-list li")].map((li) => li.textContent),
    seats: [...document.querySelectorAll("#seats .seat")].map((d) => d.textContent),
    banner: document.getElementById("winner").textContent,
    history: document.querySelectorAll("#history-list li").length,
  }));
}

// The log opened through the page's own file picker, then stepped from its start.
async function replay(s, log) {
  await s.page.setInputFiles("#file", log);
  const lines = readFileSync(log, "utf8").split("\n").filter((l) => l.trim()).length;
  await s.page.waitForFunction((n) => document.getElementById("at").textContent === `${n} / ${n}`, lines);
  const atEnd = await state(s.page);
  // Back to the start with the seek bar, a step back from there (nothing), then on to
  // the last lines with the seek bar and every one of them by the step button.
  const seekTo = async (n) => {
    await s.page.fill("#seek", String(n));
    await s.page.dispatchEvent("#seek", "input");
  };
  await seekTo(0);
  const empty = await state(s.page);
  await seekTo(lines - STEPS + 1);
  await s.page.click("#back");
  for (let i = 0; i < STEPS; i++) await s.page.click("#step");
  return { atEnd, empty, stepped: await state(s.page) };
}

// navigator.serial as Chrome gives it, with a port whose readable stream is the log's
// bytes in small pieces (as USB delivers them) and whose writes are kept.
function standIn(text) {
  const written = [];
  const port = {
    opened: null,
    async open(options) { this.opened = options; },
    async setSignals() {},
    readable: new ReadableStream({
      async start(c) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 97) {
          c.enqueue(bytes.slice(i, i + 97));
          await new Promise((r) => setTimeout(r, 0));
        }
        c.close();
      },
    }),
    writable: new WritableStream({ write(chunk) { written.push(new TextDecoder().decode(chunk)); } }),
  };
  Object.defineProperty(navigator, "serial", { value: { requestPort: async () => port } });
  window.serialWritten = written;
}

async function serial(s, log) {
  await s.page.click("#serial");
  await s.page.waitForFunction(() => document.getElementById("status").textContent.includes("closed"), null, { timeout: WAIT_MS });
  return { ...(await state(s.page)), written: await s.page.evaluate(() => window.serialWritten) };
}

async function live(s, races) {
  await s.page.waitForSelector("body[data-state=live]", { timeout: WAIT_MS });
  process.stdout.write("connected\n");
  const done = await s.page.waitForFunction((n) => window.watch.game.rulings.filter((r) => r.r === "confirm").length >= n,
    races, { timeout: WAIT_MS }).then(() => true, () => false);
  return { ...(await state(s.page)), done };
}

// Every line the page took and when (the bench's delay from the board to the page).
async function lines(s, n) {
  await s.page.waitForSelector("body[data-state=live]", { timeout: WAIT_MS });
  process.stdout.write("connected\n");
  await s.page.waitForFunction((k) => window.watch.received.length >= k, n, { timeout: WAIT_MS });
  return s.page.evaluate(() => ({ received: window.watch.received, arrived: window.watch.arrived }));
}

// The server goes away and comes back: the page, never reloaded, catches up.
async function reconnect(s, first, then) {
  const rulings = (n) => s.page.waitForFunction((k) => window.watch.game.rulings.length >= k, n, { timeout: WAIT_MS });
  await s.page.waitForSelector("body[data-state=live]", { timeout: WAIT_MS });
  await rulings(first);
  await s.page.evaluate(() => { window.sameLoad = true; });
  process.stdout.write("first\n");
  await s.page.waitForSelector("body[data-state=reconnecting]", { timeout: WAIT_MS });
  process.stdout.write("dropped\n");
  await s.page.waitForSelector("body[data-state=live]", { timeout: WAIT_MS });
  await rulings(then);
  const sameLoad = await s.page.evaluate(() => window.sameLoad === true);
  return { ...(await state(s.page)), sameLoad };
}

async function shots(dir, url, log, out, upto) {
  const made = [];
  for (const [w, h] of [[390, 844], [1920, 1080]]) {
    const s = await open({ width: w, height: h });
    try {
      await s.page.goto(url);
      await s.page.setInputFiles("#file", log);
      await s.page.waitForFunction(() => document.getElementById("at").textContent !== "");
      await s.page.evaluate((n) => window.watch.seek(n), Number(upto));
      const path = join(out, `watch-${w}x${h}.png`);
      await s.page.screenshot({ path });
      made.push(path);
    } finally {
      await s.close();
    }
  }
  return { shots: made };
}

async function main(argv) {
  let shot = null;
  if (argv[0] === "--shot") {
    shot = argv[1];
    argv = argv.slice(2);
  }
  const [dir, command, ...rest] = argv;
  let server = null;
  let url = rest[0];
  if (dir !== "-") {
    server = await serveFolder(dir);
    url = `http://127.0.0.1:${server.address().port}/watch.html`;
  }
  try {
    if (command === "shots") return await shots(dir, url, rest[0], rest[1], rest[2]);
    const init = command === "serial" ? { fn: standIn, arg: readFileSync(rest[0], "utf8") } : null;
    const s = await open({ width: 1280, height: 800 }, init);
    try {
      await s.page.goto(url);
      await s.page.waitForFunction(() => window.watch !== undefined);
      let got;
      if (command === "replay") got = await replay(s, rest[0]);
      else if (command === "serial") got = await serial(s, rest[0]);
      else if (command === "live") got = await live(s, Number(rest[1]));
      else if (command === "lines") got = await lines(s, Number(rest[1]));
      else if (command === "reconnect") got = await reconnect(s, Number(rest[1]), Number(rest[2]));
      else throw new Error(`unknown command ${command}`);
      return { ...got, errors: s.errors, outside: s.outside };
    } finally {
      if (shot) await s.page.screenshot({ path: shot }).catch(() => {});
      await s.close();
    }
  } finally {
    if (server) server.close();
  }
}

main(process.argv.slice(2)).then(
  (out) => { process.stdout.write(JSON.stringify(out) + "\n"); process.exit(0); },
  (e) => { process.stderr.write(String(e.stack || e) + "\n"); process.exit(1); },
);
