// Drives the browser page (topper web) in Debian's headless Chromium, with no network.
//
//   node tests/web/drive.mjs DIR menu                         the menu's OLED, weight, time
//   node tests/web/drive.mjs DIR game GAME SEATS PAD SEED MS  a bot game's log lines
//   node tests/web/drive.mjs DIR hands                        the OLED after a key, a touch
//   node tests/web/drive.mjs DIR turn GAME SEED               P1's move picked from the list
//   node tests/web/drive.mjs DIR shots OUT                    the docs' screenshots
//
// DIR is a folder `topper web --build` wrote; it is served here on 127.0.0.1, and every
// request for anything else is aborted (and counted: "outside"), so the page must run
// from its folder alone. Prints one JSON object on stdout. `--shot PNG` (before DIR)
// saves the page as it is at the end, passed or failed, for the tests to keep.

import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

const TYPES = {
  ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
};
const READY_MS = 60000;

let served = 0; // bytes sent: the page's weight

function serve(dir) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    const file = join(dir, path === "/" ? "index.html" : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
      res.end(body);
      served += body.length;
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

async function open(url, viewport) {
  const profile = mkdtempSync(join(tmpdir(), "topper-web-chromium-"));
  // A fresh profile each run (Playwright passes it as --user-data-dir).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    viewport,
    // Chromium's crash reporter writes under $XDG_CONFIG_HOME (else ~/.config) whatever
    // the profile: the run's own folder takes it, never the user's home.
    env: { ...process.env, HOME: profile, XDG_CONFIG_HOME: profile },
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
    ],
  });
  const page = browser.pages()[0] || (await browser.newPage());
  const outside = [];
  await page.route("**/*", (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === "127.0.0.1" || host === "localhost") return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector("body[data-state=ready]", { timeout: READY_MS });
  const close = async () => {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { page, outside, errors, close };
}

// The OLED canvas read back, as the SSD1306's RAM: 8 pages of 128 columns, bit 0 on top.
function canvasRam(page) {
  return page.evaluate(() => {
    const data = document.getElementById("oled").getContext("2d").getImageData(0, 0, 128, 64).data;
    const ram = new Array(1024).fill(0);
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 128; x++) {
        if (data[(y * 128 + x) * 4] > 127) ram[(y >> 3) * 128 + x] |= 1 << (y & 7);
      }
    }
    return ram.map((b) => b.toString(16).padStart(2, "0")).join("");
  });
}

async function menu(s) {
  await s.page.waitForTimeout(500); // frames after the first: the menu stays as it is
  const shown = await canvasRam(s.page);
  const now = await s.page.evaluate(() => window.topper.call("frame"));
  return {
    ram: shown,
    now: JSON.parse(now).now,
    menuMs: await s.page.evaluate(() => window.topper.menuMs),
    weight: served,
  };
}

// The page's hands: the space key pressed short, then a finger held on the table button
// past the long-press time; the OLED after each.
async function hands(s) {
  const page = s.page;
  // The page is ready at the board's first OLED frame, within its first 80 ms, when a
  // button down is taken as held since start-up and ignored (topper_hw.buttons boot_ms).
  await page.waitForTimeout(1000);
  await page.keyboard.down(" ");
  await page.waitForTimeout(120);
  await page.keyboard.up(" ");
  await page.waitForTimeout(400);
  const afterKey = await canvasRam(page);
  const box = await page.locator("#table-button").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(1100);
  await page.mouse.up();
  await page.waitForTimeout(400);
  return { afterKey, afterHold: await canvasRam(page) };
}

// A turn game against bots: P1's first move picked from the page's list, as a player
// clicks it; the log lines the device wrote while it was made.
async function turn(s, [key, seed]) {
  const page = s.page;
  await page.selectOption("#game", key);
  await page.fill("#seed", String(seed));
  await page.click("#deal");
  await page.waitForSelector("#moves li button", { timeout: READY_MS });
  const labels = await page.locator("#moves li button").allTextContents();
  const lines = async () => (await page.locator("#log").textContent()).split("\n");
  const before = (await lines()).length; // the bots' (a game's first lines: under the log's 200)
  await page.locator("#moves li button").first().click();
  await page.waitForFunction(() => !document.querySelector("#moves li"), null, { timeout: READY_MS });
  await page.waitForTimeout(500);
  return { labels, log: (await lines()).slice(before).join("\n") };
}

async function game(s, [key, seats, pad, seed, limit]) {
  const lines = await s.page.evaluate(
    ([key, seats, pad, seed, limit]) => {
      const why = window.topper.call("deal", key, seats, pad, seed, true);
      if (why) throw new Error(why);
      window.topper.call("run_until_over", limit);
      return JSON.parse(window.topper.call("frame")).log;
    },
    [key, Number(seats), pad === "pad", Number(seed), Number(limit)],
  );
  return { log: lines };
}

// The docs' pictures: a phone and a desktop, a game against bots under way.
async function shots(url, out) {
  const made = [];
  for (const [w, h, game, pad] of [[390, 844, "ww3", true], [1920, 1080, "tripp", true]]) {
    const s = await open(url, { width: w, height: h });
    try {
      await s.page.selectOption("#game", game);
      await s.page.evaluate((pad) => (document.getElementById("pad").checked = pad), pad);
      await s.page.click("#deal");
      await s.page.waitForTimeout(6000);
      if (game === "tripp") await s.page.waitForSelector("#moves li", { timeout: READY_MS });
      const path = join(out, `web-${w}x${h}.png`);
      await s.page.screenshot({ path, fullPage: w < 1000 });
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
  if (!dir || !statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error("no page folder: " + dir);
  const server = await serve(dir);
  const url = `http://127.0.0.1:${server.address().port}/`;
  try {
    if (command === "shots") return await shots(url, rest[0]);
    const s = await open(url, { width: 1280, height: 900 });
    try {
      let out;
      if (command === "menu") out = await menu(s);
      else if (command === "game") out = await game(s, rest);
      else if (command === "hands") out = await hands(s);
      else if (command === "turn") out = await turn(s, rest);
      else throw new Error("unknown command: " + command);
      return { ...out, outside: s.outside, errors: s.errors };
    } finally {
      if (shot) await s.page.screenshot({ path: shot }).catch(() => {});
      await s.close();
    }
  } finally {
    server.close();
  }
}

main(process.argv.slice(2)).then(
  (out) => process.stdout.write(JSON.stringify(out) + "\n"),
  (e) => {
    process.stderr.write("drive.mjs: " + (e.stack || e) + "\n");
    process.exitCode = 1;
  },
);
