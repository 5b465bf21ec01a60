// The watch page: a game on a board, live or replayed, for a TV or a phone.
//
// One drawing for three sources, all of them lines of the board's link
// (docs/serial-protocol.md): `topper serve`'s Server-Sent Events (the page opened as
// /watch.html?live), a board on this computer's USB over Web Serial, and a saved
// event log opened or dropped on the page. The page draws the rulings the board's
// referee made and the views it answers; it shows nothing the link does not carry,
// and the link carries no secret.

const SEATS = 8;

// ----- the game as the lines tell it ----------------------------------------------

export class Game {
  constructor() { this.reset(); }

  reset() {
    this.header = null;
    this.seat = [];
    this.pile = [];
    this.facedown = 0;
    this.turn = -1;
    this.winner = -1;
    this.winners = [];
    this.scores = null; // a turn game's, from its rulings
    this.races = [];
    this.history = [];
    this.rulings = [];
    this.view = null; // the board's latest view, when the link gives one
    this.t0 = null;
    this.notice = "";
  }

  start(header) {
    this.reset();
    this.header = header;
    const n = Math.min(header.seats || 0, SEATS);
    for (let i = 0; i < n; i++) {
      this.seat.push({ laid: 0, pots: 0, gathered: 0, wrong: 0, late: 0, locked: false, score: null, out: false });
    }
  }

  // One line of the link; returns the ruling when it is a win (for the caller to call it).
  take(o) {
    if (o.k === "view") { this.view = o.view && o.view.game && this.header && o.view.game === this.header.game ? o.view : null; return null; }
    if (o.k === "lost") { this.notice = `the board dropped ${o.lines} lines`; return null; }
    if (o.k === "resumed") { this.notice = "the board lost power and resumed the game"; return null; }
    if (o.k !== undefined) return null;
    if (o.log !== undefined) { this.start(o); return null; }
    if (!this.header) return null;
    if (this.t0 === null && typeof o.t === "number") this.t0 = o.t;
    if (o.ev !== undefined) return null;
    if (o.r === undefined) return null;
    this.rulings.push(o);
    return this.rule(o);
  }

  rule(r) {
    const s = this.seat[r.seat];
    const say = (text, cls) => this.history.push({ t: r.t, text, cls });
    if (Array.isArray(r.scores)) this.scores = r.scores.slice();
    switch (r.r) {
      case "starter": this.turn = r.seat; say(`${P(r.seat)} starts`); break;
      case "lay":
        s.laid += 1;
        this.pile.push(r.card);
        if (r.turn !== undefined) this.turn = r.turn;
        say(`${P(r.seat)} lays ${r.card}${r.penalty ? " (penalty card)" : ""}${r.award ? ", the pot is won" : ""}`);
        break;
      case "slap": this.slap(r, say); break;
      case "late": {
        const race = this.races[this.races.length - 1];
        if (race) race.late.push([r.seat, r.margin_us]);
        s.late += 1;
        say(`${P(r.seat)} late by ${ms(r.margin_us)} ms`);
        break;
      }
      case "locked": s.locked = true; say(`${P(r.seat)} is locked out: press ignored`, "wrong"); break;
      case "hurry": say(`${P(r.seat)} too slow: the next card is a penalty`, "wrong"); break;
      case "collect":
        s.pots += 1; s.gathered += r.cards;
        this.pile = []; this.facedown = 0;
        for (const x of this.seat) x.locked = false;
        say(`${P(r.seat)} gathers the pot, ${r.cards} cards`);
        break;
      case "turn": this.turn = r.seat; say(`${P(r.seat)} to play`); break;
      case "confirm": this.judged(r);
        say(`the table: ${P(r.seat)}'s slap ${r.ok ? "stands" : "is wrong"}${r.paid ? `, pays ${r.paid}` : ""}`, r.ok ? "" : "wrong"); if (!r.ok) s.wrong += 1; break;
      case "out":
        if (r.place !== undefined) { s.out = true; say(`${P(r.seat)} is out: place ${r.place}`); break; } // a turn game's
        s.out = !!r.out; say(`${P(r.seat)} ${r.out ? "is out of cards" : "is back in"}`); break; // blind play's
      case "win": this.winner = r.seat; this.winners = [r.seat]; this.turn = -1; say(`${P(r.seat)} WINS`, "win"); return r;
      case "over": // a turn game's match: its winners, by score
        if (!r.winners || !r.winners.length) { say("the game is over"); break; }
        this.winners = r.winners.slice(); this.winner = r.winners[0]; this.turn = -1;
        say(`the game is over: ${r.winners.map(P).join(" and ")} ${r.winners.length > 1 ? "win" : "wins"}`, "win");
        return r;
      case "error": say(`refused: ${r.msg || r.why || ""}`, "wrong"); break;
      default: say(turnText(r)); if (r.seat >= 0 && r.r === "turn") this.turn = r.seat;
    }
    return null;
  }

  // Blind play: the table's word on the latest race.
  judged(r) {
    const race = this.races[this.races.length - 1];
    if (!race) return;
    race.ok = r.ok; race.by = r.seat; race.paid = r.paid;
  }

  slap(r, say) {
    const race = { t: r.t, order: r.order || [], tie: r.tie || [], locked: r.locked || [], by: r.by, ok: r.ok, rule: r.rule, paid: r.paid, late: [] };
    this.races.push(race);
    for (const x of race.locked) if (this.seat[x]) this.seat[x].locked = true;
    const by = this.seat[r.by];
    if (r.ok === false && by) { by.wrong += 1; by.locked = true; this.facedown += r.paid || 0; }
    const first = race.order.length ? race.order[0][0] : r.by;
    const margins = race.order.map(([x, us]) => `${P(x)} +${ms(us)} ms`).join(", ");
    if (r.ok === true) say(`${P(r.by)} slaps first (${margins}): ${r.rule}, takes the pot`);
    else if (r.ok === false) say(`${P(r.by)} slaps wrongly (${margins}): pays ${r.paid || 0}`, "wrong");
    else say(`${P(first)} slaps first (${margins}): the table judges`);
  }
}

function turnGame(h) { return h !== null && h.entry !== undefined; }
function P(seat) { return seat >= 0 ? `P${seat + 1}` : "nobody"; }
function ms(us) { return (us / 1000).toFixed(us % 1000 ? 1 : 0); }
function turnText(r) {
  const rest = Object.keys(r).filter((k) => !["r", "t", "seat"].includes(k)).map((k) => `${k} ${JSON.stringify(r[k])}`);
  return `${r.seat !== undefined && r.seat >= 0 ? P(r.seat) + " " : ""}${r.r}${rest.length ? ": " + rest.join(", ") : ""}`;
}
function clockText(msLeft) {
  const s = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
function seconds(g, t) { return g.t0 === null ? "" : ((t - g.t0) / 1000).toFixed(1); }

// ----- drawing -----------------------------------------------------------------------

const $ = (id) => document.getElementById(id);
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

export function draw(g) {
  const h = g.header;
  if (h) $("title").textContent = `${h.game}, ${h.seats} seats${h.blind ? ", blind play" : ""}`;
  const v = g.view;
  const turn = v && typeof v.turn === "number" ? v.turn : g.turn;
  const seats = $("seats");
  seats.replaceChildren();
  g.seat.forEach((s, i) => {
    const d = el("div", "seat");
    d.dataset.seat = i;
    if (i === turn && g.winner < 0) d.classList.add("turn");
    const locked = v && v.locked ? v.locked[i] : s.locked;
    if (locked) d.classList.add("locked");
    if (g.winners.includes(i)) d.classList.add("won");
    d.append(el("b", "", P(i)), document.createTextNode(i === turn && g.winner < 0 ? " to play" : ""));
    if (v && v.stacks) d.append(el("div", "big", `${v.stacks[i]} cards`));
    const scores = v && v.scores ? v.scores : g.scores;
    if (turnGame(h) && scores) d.append(el("div", "big", `score ${scores[i]}`));
    const clock = v && v.clock;
    if (clock && clock.remaining) {
      const c = el("div", "clock", `clock ${clockText(clock.remaining[i])}`);
      if (clock.flagged && clock.flagged[i]) c.append(el("span", "flag", " flag"));
      d.append(c);
    }
    if (!turnGame(h) && !(h && h.blind)) d.append(el("div", "", `laid ${s.laid} · pots ${s.pots} (${s.gathered} cards)`));
    const tags = el("div");
    if (s.wrong) tags.append(el("span", "tag bad", `wrong ${s.wrong}`));
    if (s.late) tags.append(el("span", "tag", `late ${s.late}`));
    if (locked) tags.append(el("span", "tag bad", "locked out"));
    if (s.out) tags.append(el("span", "tag", "out"));
    d.append(tags);
    seats.append(d);
  });
  const pile = $("pile");
  pile.replaceChildren();
  const pot = v && v.pot ? v.pot : g.pile;
  const down = v && typeof v.facedown === "number" ? v.facedown : g.facedown;
  $("message").textContent = v && typeof v.message === "string" ? v.message : "";
  if (h && h.blind) pile.append(el("span", "hint", "blind play: the board sees no card"));
  else if (h && !turnGame(h)) {
    pile.append(el("span", "", "pile:"));
    if (down) pile.append(el("span", "card down", `${down} face down`));
    for (const c of pot.slice(-12)) pile.append(el("span", "card", c));
    if (!pot.length && !down) pile.append(el("span", "hint", "empty"));
  }
  const races = $("race-list");
  races.replaceChildren();
  for (const race of g.races.slice(-12).reverse()) {
    const li = el("li");
    li.append(el("span", "", `${seconds(g, race.t)} s `));
    race.order.forEach(([x, us], k) => {
      li.append(el("span", k ? "" : "first", `${k ? ", " : ""}${P(x)} `), el("span", "ms", `+${ms(us)} ms`));
    });
    for (const [x, us] of race.late) li.append(el("span", "", `, ${P(x)} late `), el("span", "ms", `+${ms(us)} ms`));
    if (race.tie.length > 1) li.append(el("span", "", ` (tie: ${race.tie.map(P).join(" ")})`));
    if (race.locked.length) li.append(el("span", "wrong", ` locked out: ${race.locked.map(P).join(" ")}`));
    li.append(el("span", race.ok === false ? "wrong" : "", race.ok === true ? ` ${race.rule || "good"}: ${P(race.by)} takes it`
      : race.ok === false ? ` wrong: ${P(race.by)} pays ${race.paid || 0}` : " the table judges"));
    races.append(li);
  }
  const hist = $("history-list");
  hist.replaceChildren();
  for (const e of g.history.slice(-200).reverse()) {
    const li = el("li", e.cls || "");
    li.append(el("span", "t", `${seconds(g, e.t)} s`), document.createTextNode(e.text));
    hist.append(li);
  }
  const w = $("winner");
  w.hidden = g.winner < 0;
  w.textContent = g.winners.length > 1 ? `${g.winners.map(P).join(" and ")} win!` : g.winner >= 0 ? `${P(g.winner)} wins!` : "";
  if (g.notice) $("status").textContent = g.notice;
}

// ----- the winner, aloud ---------------------------------------------------------------

const spoken = [];
let called = ""; // the win last called: a page that reconnects after it is sent it again
function callWinner(r) {
  const seats = r.winners || [r.seat];
  const key = `${game.header && game.header.seed}:${r.t}:${seats}`;
  if (key === called) return;
  called = key;
  const text = seats.length > 1 ? `Players ${seats.map((x) => x + 1).join(" and ")} win` : `Player ${seats[0] + 1} wins`;
  spoken.push(text);
  if (!$("speak").checked || !("speechSynthesis" in window)) return;
  speechSynthesis.speak(new SpeechSynthesisUtterance(text));
}

// ----- the page: one game, fed by one source at a time -----------------------------------

const game = new Game();
let frame = 0;
function redraw() {
  if (frame) return;
  frame = requestAnimationFrame(() => { frame = 0; draw(game); });
}
// A live line: taken, drawn, and the winner called.
const received = [];
const arrived = []; // Date.now() as each line was taken: the bench's delay from the board
function live(o) {
  received.push(o);
  arrived.push(Date.now());
  const won = game.take(o);
  if (won) callWinner(won);
  redraw();
}
function status(text, state) {
  $("status").textContent = text;
  if (state) document.body.dataset.state = state;
}
function parse(text) {
  try { const o = JSON.parse(text); return o && typeof o === "object" && !Array.isArray(o) ? o : null; } catch { return null; }
}

// Server-Sent Events from `topper serve`: the browser reconnects by itself and the
// server sends what the page missed (or the game again, after a "reset").
function watchServer() {
  const es = new EventSource("events");
  es.onopen = () => status("live from the board", "live");
  es.onerror = () => status("connection lost: reconnecting…", "reconnecting");
  es.onmessage = (e) => { const o = parse(e.data); if (o) live(o); };
  es.addEventListener("reset", () => { game.reset(); redraw(); });
  es.addEventListener("view", (e) => { const o = parse(e.data); if (o) { game.take(o); redraw(); } });
  es.addEventListener("hello", (e) => {
    const o = parse(e.data);
    if (o) $("title").textContent = `board ${o.board} (firmware ${o.fw})`;
  });
}

// A board on this computer's USB, over Web Serial: the page is the host, so it asks
// for the board's view as `topper monitor` does (a read; it changes nothing).
async function watchSerial() {
  let port;
  try { port = await navigator.serial.requestPort(); } catch { return; }
  await port.open({ baudRate: 115200 });
  if (port.setSignals) await port.setSignals({ dataTerminalReady: true });
  status("live over USB", "live");
  const writer = port.writable ? port.writable.getWriter() : null;
  const ask = () => writer && writer.write(new TextEncoder().encode('{"cmd":"view"}\n')).catch(() => {});
  const asking = setInterval(ask, 500);
  const reader = port.readable.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const o = parse(buf.slice(0, i));
        buf = buf.slice(i + 1);
        if (o && !("cmd" in o)) live(o);
      }
    }
  } catch (e) {
    status(`the board's port closed: ${e.message || e}`, "idle");
  } finally {
    clearInterval(asking);
  }
  status("the board's port closed", "idle");
}

// ----- a saved log: step, seek and play it --------------------------------------------

const replay = { lines: [], at: 0, timer: 0 };

function openLog(text) {
  replay.lines = text.split("\n").map(parse).filter((o) => o);
  stop();
  seek(replay.lines.length);
  $("player").hidden = false;
  $("seek").max = replay.lines.length;
  status(`a saved log, ${replay.lines.length} lines`, "replay");
}
// The game after the first `n` lines (rebuilt from the start: a step back is a seek).
function seek(n) {
  replay.at = Math.max(0, Math.min(n, replay.lines.length));
  called = ""; // a replay played again calls its winner again
  game.reset();
  for (let i = 0; i < replay.at; i++) game.take(replay.lines[i]);
  showAt();
}
function step() {
  if (replay.at >= replay.lines.length) return false;
  live(replay.lines[replay.at++]);
  showAt();
  return true;
}
function showAt() {
  $("seek").value = replay.at;
  $("at").textContent = `${replay.at} / ${replay.lines.length}`;
  draw(game);
}
function stop() {
  clearTimeout(replay.timer);
  replay.timer = 0;
  $("play").textContent = "play";
}
// Played at the speed chosen, each line after the time its stamp says.
function play() {
  if (replay.timer) return stop();
  if (replay.at >= replay.lines.length) seek(0);
  $("play").textContent = "pause";
  const next = () => {
    const before = replay.lines[replay.at - 1];
    if (!step()) return stop();
    const after = replay.lines[replay.at];
    const gap = after && before && typeof after.t === "number" && typeof before.t === "number" ? after.t - before.t : 0;
    const speed = Number($("speed").value);
    replay.timer = setTimeout(next, Math.max(0, Math.min(gap, 10000)) / speed);
  };
  replay.timer = setTimeout(next, 0);
}

function readFile(file) {
  if (file) file.text().then(openLog);
}

// ----- start ------------------------------------------------------------------------------

$("file").addEventListener("change", (e) => readFile(e.target.files[0]));
document.addEventListener("dragover", (e) => e.preventDefault());
document.addEventListener("drop", (e) => { e.preventDefault(); readFile(e.dataTransfer.files[0]); });
$("step").addEventListener("click", () => { stop(); step(); });
$("back").addEventListener("click", () => { stop(); seek(replay.at - 1); });
$("seek").addEventListener("input", (e) => { stop(); seek(Number(e.target.value)); });
$("play").addEventListener("click", play);
if ("serial" in navigator) {
  $("serial").hidden = false;
  $("serial").addEventListener("click", watchSerial);
}
if (new URLSearchParams(location.search).has("live")) watchServer();
draw(game);

// For the tests and the bench: what the page holds and says.
window.watch = { game, spoken, received, arrived, openLog, seek, step };
