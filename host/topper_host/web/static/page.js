// The page's side of the device: MicroPython started, the firmware's Python written into
// its file system, the table (topper_host.web.table) built and stepped from animation
// frames on the page's millisecond clock; its OLED, ring and buzzer drawn and played here,
// the page's keys and touches its buttons. Every file comes from this folder. The board's
// nvm is kept in the browser's localStorage, so that a reload is a power cut: the game on
// the board resumes.

import { loadMicroPython } from "./micropython.mjs";

const TABLE = -1; // the table button, where a seat's number would be
const HEAP = 16 * 1024 * 1024; // the bots' tables beside the device need more than a board's heap
const NVM_KEY = "topper-table-nvm"; // localStorage: the board's nvm, as hex
const BOTS_KEY = "topper-table-bots"; // and the bots that sit down again at its game (Table.bots)
const NVM_MS = 500; // how often the nvm is looked at (the journal writes at most once a second)
const VOLUME = 0.05;
const LEAD_S = 0.05; // the buzzer's pitches play this far behind the board (a frame and some)
const DRIFT_S = 0.5; // a pitch this far ahead of the audio clock: the board's clock jumped
const LIT = [225, 240, 255]; // an SSD1306's white
const UNLIT_LED = 40; // an unlit pixel, dark grey so that the ring's shape shows
const LOG_LINES = 200;
const HOW = {
  pad: "you are P1: t or the table button lays your card, 1 or P1 slaps",
  blind: "you are P1, blind play: t or the table button lays your card, 1 or P1 slaps",
  turn: "you are P1: pick your move from the list (a digit or a click)",
};

const $ = (id) => document.getElementById(id);
const started = performance.now();
let call = null; // call(method, ...args) on the Python table
let kind = null; // null: the device alone; "pad", "blind", "turn": a game against bots
let over = false; // that game is over: the buttons are the device's (held: its menu)
let deckKind = null;
let last = 0;
const held = new Set(); // buttons down, by key or pointer: each goes up once

// ---- start -----------------------------------------------------------------------

async function start() {
  const [mp, sources] = await Promise.all([
    loadMicroPython({ heapsize: HEAP, stdout: (l) => console.log(l), stderr: (l) => console.error(l) }),
    fetch("python.json").then((r) => r.json()),
  ]);
  for (const [path, text] of Object.entries(sources)) {
    const file = "/lib/" + path;
    mp.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    mp.FS.writeFile(file, text);
  }
  mp.runPython(
    "import sys\n" +
      "sys.path.append('/lib')\n" +
      "from topper_host.web.table import Table\n" +
      "table = None\n" +
      "def make(nvm, bots):\n" +
      "    global table\n" +
      "    table = Table(nvm=nvm, bots=bots)\n" +
      "def call(name, *args):\n" +
      "    return getattr(table, name)(*args)\n",
  );
  mp.globals.get("make")(localStorage.getItem(NVM_KEY), localStorage.getItem(BOTS_KEY));
  call = mp.globals.get("call");
  setUp();
  last = performance.now();
  requestAnimationFrame(loop);
}

let nvmAt = 0;
function keepNvm() {
  const hex = call("nvm");
  if (hex !== null && hex !== undefined) localStorage.setItem(NVM_KEY, hex);
}

function loop(now) {
  try {
    call("advance", now - last);
    last = now;
    show(JSON.parse(call("frame")));
    if (now - nvmAt >= NVM_MS) {
      nvmAt = now;
      keepNvm();
    }
  } catch (e) {
    // A bug: the board stops where it is, and says why, rather than run on half-stepped.
    $("status").textContent = "stopped: " + String(e.message || e).trim().split("\n").pop();
    document.body.dataset.state = "stopped";
    throw e;
  }
  requestAnimationFrame(loop);
}

// ---- what the device shows ---------------------------------------------------------

let dealt = false; // a game against bots was dealt: its first frame says how to play

function show(f) {
  if (kind !== null && f.kind === null) localStorage.removeItem(BOTS_KEY); // they got up
  kind = f.kind;
  if (f.over && !over) $("status").textContent = "game over: hold the table button for the menu";
  over = f.over;
  if (f.oled !== null) drawOled(f.oled);
  drawRing(f.ring);
  sound(f.tones);
  if (dealt) {
    dealt = false;
    if (kind !== null && !$("watch").checked) $("status").textContent = HOW[kind];
  }
  if (f.log.length) addLog(f.log);
  if (f.deck !== deckKind) {
    deckKind = f.deck;
    drawDeck(JSON.parse(call("deck")));
  }
  showMoves(f.moves, f.stuck);
  $("pad-box").hidden = kind !== null; // against bots the table taps the cards
  const state = document.body.dataset;
  if (state.state === "loading" && f.oled !== null && /[^0]/.test(f.oled)) {
    state.state = "ready";
    window.topper.menuMs = Math.round(performance.now() - started);
    $("status").textContent = "ready in " + (window.topper.menuMs / 1000).toFixed(1) + " s";
  }
}

function drawOled(hex) {
  const c = $("oled").getContext("2d");
  const img = c.createImageData(128, 64);
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < 128; x++) {
      const b = parseInt(hex.substr((page * 128 + x) * 2, 2), 16);
      for (let k = 0; k < 8; k++) {
        if (!((b >> k) & 1)) continue;
        const at = ((page * 8 + k) * 128 + x) * 4;
        img.data.set(LIT, at);
      }
    }
  }
  for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
  c.putImageData(img, 0, 0);
}

// An LED driven at 40/255 looks far brighter than RGB 40 on a screen: the values are
// the device's, only their look is lifted (as the terminal simulator does).
const lift = (v) => Math.round(255 * Math.pow(v / 255, 1 / 2.2));

function drawRing(pixels) {
  const cv = $("ring");
  const c = cv.getContext("2d");
  const mid = cv.width / 2;
  const r = mid * 0.78;
  c.clearRect(0, 0, cv.width, cv.height);
  pixels.forEach(([red, green, blue], i) => {
    // Pixel 0 faces P1, at the bottom; the numbers run clockwise.
    const a = Math.PI / 2 + (i * 2 * Math.PI) / pixels.length;
    const dark = red + green + blue === 0;
    c.fillStyle = dark
      ? `rgb(${UNLIT_LED},${UNLIT_LED},${UNLIT_LED})`
      : `rgb(${lift(red)},${lift(green)},${lift(blue)})`;
    c.beginPath();
    c.arc(mid + r * Math.cos(a), mid + r * Math.sin(a), mid * 0.09, 0, 2 * Math.PI);
    c.fill();
  });
}

// The current game's log, every line from its header on, as `topper sim --log` writes
// it: what "Save the log" downloads (the pane shows only its last lines).
let gameLog = [];

function keepGameLog(lines) {
  for (const line of lines) {
    if (line.startsWith("{") && line.includes('"log":"topper-table"') && JSON.parse(line).log === "topper-table") {
      gameLog = [line]; // a new game's header
    } else if (gameLog.length) gameLog.push(line);
  }
  $("save").disabled = !gameLog.length;
}

function saveLog() {
  const head = JSON.parse(gameLog[0]);
  const url = URL.createObjectURL(new Blob([gameLog.join("\n") + "\n"], { type: "application/jsonl" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `topper-${head.game}-${head.seed ?? "device"}.jsonl`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function addLog(lines) {
  keepGameLog(lines);
  const pre = $("log");
  const kept = (pre.textContent ? pre.textContent.split("\n") : []).concat(lines);
  pre.textContent = kept.slice(-LOG_LINES).join("\n");
  pre.scrollTop = pre.scrollHeight;
}

function drawDeck(names) {
  const box = $("cards");
  box.replaceChildren(
    ...names.map((name) => {
      const b = document.createElement("button");
      b.textContent = name;
      b.className = "card c-" + (name.length === 3 ? name[1] : "std");
      b.addEventListener("click", () => {
        const why = call("tap", name);
        $("status").textContent = why || "tapped " + name;
      });
      return b;
    }),
  );
}

let movesShown = "";
function showMoves(moves, stuck) {
  $("moves-box").hidden = kind !== "turn";
  const text = JSON.stringify(moves) + stuck;
  if (text === movesShown) return;
  movesShown = text;
  $("moves").replaceChildren(
    ...moves.map((label, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.textContent = label;
      b.addEventListener("click", () => call("choose", i));
      li.append(b);
      return li;
    }),
  );
  if (stuck) $("status").textContent = stuck;
}

// ---- the buzzer ------------------------------------------------------------------------

let audio = null;
let osc = null;
let gain = null;
let anchor = null; // the audio clock's time of the board's ms 0

// Browsers start sound only after a gesture: the first key or touch makes the context.
function wakeAudio() {
  if (audio) return;
  audio = new AudioContext();
  osc = audio.createOscillator();
  gain = audio.createGain();
  osc.type = "square"; // a piezo buzzer driven by PWM at 50 % duty
  gain.gain.value = 0;
  osc.connect(gain).connect(audio.destination);
  osc.start();
}

// The buzzer's pitches since the last frame ([board ms, Hz], 0: silent), each at its board
// time on the audio clock, LEAD_S late: a note keeps its length however the frames fall.
// A new board (its clock back at 0), a tab come back from sleep: the clocks are tied again.
function sound(tones) {
  if (!audio) return;
  const on = $("sound").checked;
  for (const [t, hz] of tones) {
    let at = anchor === null ? -1 : anchor + t / 1000;
    if (at < audio.currentTime || at > audio.currentTime + DRIFT_S) {
      anchor = audio.currentTime + LEAD_S - t / 1000;
      at = anchor + t / 1000;
    }
    if (hz > 0) osc.frequency.setValueAtTime(hz, at);
    gain.gain.setValueAtTime(hz > 0 && on ? VOLUME : 0, at);
  }
}

// ---- the hands ---------------------------------------------------------------------------

// A button going down or up: in a game against bots only your own (P1's button is your
// slap, the table button lays your card) until it is over; with the device alone, any
// seat and the table.
function press(seat, down) {
  if (down) {
    if (held.has(seat)) return;
    held.add(seat);
  } else {
    if (!held.delete(seat)) return;
  }
  if (kind === null || over) {
    call(down ? "down" : "up", seat);
  } else if (down && kind !== "turn") {
    if (seat === 0) call("slap");
    else if (seat === TABLE) lay();
  }
}

function lay() {
  const why = call("lay");
  $("status").textContent = why;
}

function onKey(e, down) {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.ctrlKey || e.metaKey) return;
  wakeAudio();
  const digit = "12345678".indexOf(e.key);
  if (digit >= 0) {
    e.preventDefault();
    if (kind === "turn") {
      if (down) call("choose", digit);
    } else press(digit, down);
  } else if (e.key === " " || e.key === "Enter") {
    e.preventDefault();
    press(TABLE, down);
  } else if (e.key === "t" && down) {
    lay();
  }
}

function holdable(button, seat) {
  // Pointer events: a finger or the mouse held on the button holds it (long presses,
  // chords with a second finger); it goes up however the touch ends.
  button.addEventListener("pointerdown", (e) => {
    wakeAudio();
    button.setPointerCapture(e.pointerId);
    button.classList.add("down");
    press(seat, true);
  });
  for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) {
    button.addEventListener(ev, () => {
      button.classList.remove("down");
      press(seat, false);
    });
  }
  button.addEventListener("contextmenu", (e) => e.preventDefault());
}

function setUp() {
  const seats = $("seats");
  const colors = JSON.parse(call("seat_colors"));
  for (let s = 0; s < 8; s++) {
    const b = document.createElement("button");
    b.className = "hold seat";
    b.style.setProperty("--seat", `rgb(${colors[s].join(",")})`);
    b.textContent = "P" + (s + 1);
    seats.append(b);
    holdable(b, s);
  }
  holdable($("table-button"), TABLE);
  $("deal").addEventListener("click", () => {
    wakeAudio();
    held.clear();
    const watch = $("watch").checked;
    const why = call("deal_menu", Number($("seed").value), watch);
    dealt = !why;
    if (dealt) localStorage.setItem(BOTS_KEY, call("bots"));
    $("status").textContent = why || (watch ? "bots at every seat" : "");
  });
  $("wipe").addEventListener("click", () => {
    held.clear();
    localStorage.removeItem(NVM_KEY);
    localStorage.removeItem(BOTS_KEY);
    call("device");
    keepNvm();
    gameLog = [];
    $("save").disabled = true;
    $("status").textContent = "a wiped board: its menu";
  });
  $("sound").addEventListener("change", () => {
    if (audio && !$("sound").checked) gain.gain.setValueAtTime(0, audio.currentTime);
  });
  // Closing or reloading the page is the board's power cut: what its nvm holds is kept.
  window.addEventListener("pagehide", () => call && keepNvm());
  $("lay").addEventListener("click", lay);
  $("save").addEventListener("click", saveLog);
  window.addEventListener("keydown", (e) => !e.repeat && onKey(e, true));
  window.addEventListener("keyup", (e) => onKey(e, false));
}

// For the tests and the screenshots: the Python table, once it is there.
window.topper = { ready: start().then(() => ({ call: (...a) => call(...a) })), call: (...a) => call(...a) };
