// Drives the browser page (topper web) in Debian's headless Chromium, with no network.
//
//   node tests/web/drive.mjs DIR menu                         the menu's OLED, weight, time
//   node tests/web/drive.mjs DIR game GAME SEATS PAD SEED MS  a bot game's log lines
//   node tests/web/drive.mjs DIR hands                        the OLED after a key, a touch
//   node tests/web/drive.mjs DIR turn KEYS SEED               P1's move picked from the list
//   node tests/web/drive.mjs DIR menugame KEYS SEED MS        the menu set by keys, its game by bots
//   node tests/web/drive.mjs DIR reload                       a game's OLED before and after a reload
//   node tests/web/drive.mjs DIR touch STEPS                  fingers on the buttons; the log
//   node tests/web/drive.mjs DIR sound SEED                   the buzzer's pitches handed to Web Audio
//   node tests/web/drive.mjs DIR shots OUT                    the docs' screenshots
//   node tests/web/drive.mjs DIR save SEED FILE               a bot game's log saved
//
// KEYS are the device's buttons pressed in turn on the keyboard, each short: a space is
// the table button, a digit that seat's button (the menu: the next line, P1 a value back,
// P2 a value on).
//
// DIR is a folder `topper web --build` wrote; it is served here on 127.0.0.1, and every
// request for anything else is aborted (and counted: "outside"), so the page must run
// from its folder alone. Prints one JSON object on stdout. `--shot PNG` (before DIR)
// saves the page as it is at the end, passed or failed, for the tests to keep.

import { statSync } from "node:fs";
import { join } from "node:path";
import { openWindow, serveFolder } from "./offline_chromium.mjs";

const READY_MS = 60000;

let served = 0; // bytes sent: the page's weight

function serve(dir) {
  return serveFolder(dir, (name, body) => { served += body.length; });
}

async function open(url, viewport, extra = {}, init = null) {
  const s = await openWindow("topper-web-chromium-", viewport, extra);
  if (init) await s.page.addInitScript(init);
  await s.page.goto(url);
  await s.page.waitForSelector("body[data-state=ready]", { timeout: READY_MS });
  return s;
}

// The device's buttons pressed on the keyboard, one after the other (see KEYS above).
async function keys(page, text) {
  for (const k of text) {
    await page.keyboard.down(k);
    await page.waitForTimeout(100);
    await page.keyboard.up(k);
    await page.waitForTimeout(150);
  }
}

// The page is ready at the board's first OLED frame, within its first 80 ms, when a button
// down is taken as held since start-up and ignored (topper_hw.buttons boot_ms).
const BOOTED_MS = 1000;

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
  await page.waitForTimeout(BOOTED_MS);
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
async function turn(s, [menuKeys, seed]) {
  const page = s.page;
  await page.waitForTimeout(BOOTED_MS);
  await keys(page, menuKeys);
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

// The menu set with the keys, then its game dealt as the Deal button deals it, bots at
// every seat, and played to its end at once (the board's steps as the host's, so that
// the rulings can be compared): its log lines.
async function menugame(s, [menuKeys, seed, limit]) {
  await s.page.waitForTimeout(BOOTED_MS);
  await keys(s.page, menuKeys);
  const lines = await s.page.evaluate(
    ([seed, limit]) => {
      const why = window.topper.call("deal_menu", seed, true);
      if (why) throw new Error(why);
      window.topper.call("run_until_over", limit);
      return JSON.parse(window.topper.call("frame")).log;
    },
    [Number(seed), Number(limit)],
  );
  return { log: lines };
}

// The device alone: the hurry-up switched off on the menu, a game started (the table
// button held on "Start game", P2 the starter), cards laid with t; the OLED as the
// journal has it, then the page reloaded: the OLED of the board that came back; wiped
// and reloaded; a game of bots reloaded: the log after it.
async function reload(s) {
  const page = s.page;
  await page.waitForTimeout(BOOTED_MS);
  await keys(page, "    1    ");
  await page.keyboard.down(" ");
  await page.waitForTimeout(1000);
  await page.keyboard.up(" ");
  await page.waitForTimeout(200);
  await keys(page, "2");
  await page.waitForTimeout(400);
  await keys(page, "ttttt");
  await page.waitForTimeout(2000); // the journal writes within a second, the page keeps it in 0.5 s
  const before = await canvasRam(page);
  await page.reload();
  await page.waitForSelector("body[data-state=ready]", { timeout: READY_MS });
  await page.waitForTimeout(500);
  const after = await canvasRam(page);
  // The wipe control: a fresh board at its menu, and a reload keeps it so.
  await page.click("#wipe");
  await page.reload();
  await page.waitForSelector("body[data-state=ready]", { timeout: READY_MS });
  await page.waitForTimeout(500);
  const wiped = await canvasRam(page);
  // Bots at every seat of the menu's WW3 (the card pad's), reloaded mid-game: they play on.
  await page.check("#watch");
  await page.click("#deal");
  await page.waitForTimeout(2500);
  await page.reload();
  await page.waitForSelector("body[data-state=ready]", { timeout: READY_MS });
  await page.waitForTimeout(2500);
  return { before, after, wiped, botsLog: (await page.locator("#log").textContent()).split("\n") };
}

// Fingers on the on-screen buttons, through the browser's touch input (a touch screen
// emulated): STEPS, comma-separated, each "tap:B" (down 100 ms), "hold:B:MS", or
// "chord:B:C" (B held, a second finger taps C, then both lift), with B and C "T" (the
// table button) or a seat's number. The device's log lines after them.
async function touch(s, [steps]) {
  const page = s.page;
  const cdp = await s.browser.newCDPSession(page);
  const at = async (b) => {
    const box = await page.locator(b === "T" ? "#table-button" : `#seats button:nth-child(${b})`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const send = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
  await page.waitForTimeout(BOOTED_MS);
  for (const step of steps.split(",")) {
    const [what, b, c] = step.split(":");
    const one = { ...(await at(b)), id: 1 };
    await send("touchStart", [one]);
    if (what === "tap") await page.waitForTimeout(100);
    else if (what === "hold") await page.waitForTimeout(Number(c));
    else if (what === "chord") {
      await page.waitForTimeout(150);
      const two = { ...(await at(c)), id: 2 };
      await send("touchStart", [one, two]);
      await page.waitForTimeout(100);
      await send("touchEnd", [one]);
      await page.waitForTimeout(100);
    }
    await send("touchEnd", []);
    await page.waitForTimeout(200);
  }
  await page.waitForTimeout(300);
  return { log: (await page.locator("#log").textContent()).split("\n"), ram: await canvasRam(page) };
}

// The buzzer through Web Audio: every value the page sets on an oscillator's frequency,
// with the audio clock's time it is set for, recorded by a spy put in before the page's
// script runs; the menu's game (WW3, 4 seats) watched between bots at the table's pace
// until a slap has been ruled good, and a little longer.
async function sound(s, [seed]) {
  const page = s.page;
  await page.waitForTimeout(BOOTED_MS);
  await page.keyboard.press("Shift"); // a key: the page's sound may start
  await page.fill("#seed", String(seed));
  await page.check("#watch");
  await page.click("#deal");
  await page.waitForFunction(() => /"ok":true,[^\n]*"r":"slap"/.test(document.getElementById("log").textContent), null, {
    timeout: READY_MS,
  });
  await page.waitForTimeout(800);
  return {
    set: await page.evaluate(() => window.spiedPitches),
    log: (await page.locator("#log").textContent()).split("\n"),
  };
}

function spyPitches() {
  window.spiedPitches = [];
  const make = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function () {
    const osc = make.call(this);
    const param = osc.frequency;
    const set = param.setValueAtTime.bind(param);
    param.setValueAtTime = (value, time) => {
      window.spiedPitches.push([value, time]);
      return set(value, time);
    };
    return osc;
  };
}

// The menu's game dealt with bots at every seat and played to its end at once; the page's
// frames then take its log as they take any; "Save the log" clicked: the downloaded file
// kept as FILE, its name, and the log the page shows.
async function save(s, [seed, file]) {
  const page = s.page;
  await page.waitForTimeout(BOOTED_MS);
  await page.fill("#seed", String(seed));
  await page.check("#watch");
  await page.click("#deal");
  await page.evaluate(() => window.topper.call("run_until_over", 20 * 60000));
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("game over"), null, {
    timeout: READY_MS,
  });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), log: (await page.locator("#log").textContent()).split("\n") };
}

// The docs' pictures: a phone and a desktop, a game against bots under way.
async function shots(url, out) {
  const made = [];
  // The menu's WW3 as it opens; Tripp Jokes two games on (the Game line, P2 twice).
  for (const [w, h, menuKeys] of [[390, 844, ""], [1920, 1080, " 22"]]) {
    const s = await open(url, { width: w, height: h });
    try {
      await s.page.waitForTimeout(BOOTED_MS);
      await keys(s.page, menuKeys);
      await s.page.click("#deal");
      await s.page.waitForTimeout(6000);
      if (menuKeys) await s.page.waitForSelector("#moves li", { timeout: READY_MS });
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
    const extra = command === "touch" ? { hasTouch: true } : {};
    const s = await open(url, { width: 1280, height: 900 }, extra, command === "sound" ? spyPitches : null);
    try {
      let out;
      if (command === "menu") out = await menu(s);
      else if (command === "game") out = await game(s, rest);
      else if (command === "hands") out = await hands(s);
      else if (command === "turn") out = await turn(s, rest);
      else if (command === "menugame") out = await menugame(s, rest);
      else if (command === "reload") out = await reload(s);
      else if (command === "touch") out = await touch(s, rest);
      else if (command === "sound") out = await sound(s, rest);
      else if (command === "save") out = await save(s, rest);
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
