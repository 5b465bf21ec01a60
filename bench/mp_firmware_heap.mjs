// Runs bench/bench_firmware_heap.py under the npm MicroPython with the whole firmware on
// its path: the portable packages (as tests/micropython/mp.mjs sets them up: no .frozen
// extras, framebuf refused as on a board), firmware/lib/topper_hw, firmware/lib/topper_app (the
// device app), the Adafruit libraries the device ships (from the venv) and
// bench/mp_stubs/ standing in for CircuitPython's hardware modules.
//
//   node bench/mp_firmware_heap.mjs              # as boot.py sets it up: usb_cdc.data on
//   node bench/mp_firmware_heap.mjs --no-port    # no second serial port (no link, no session)
//   node bench/mp_firmware_heap.mjs --host       # a host opens the port: the link's session too
//   node bench/mp_firmware_heap.mjs --game tripp # a turn game without the pad (tripp, tricky,
//                                                # crazy, guess) instead of World War 3
//   node bench/mp_firmware_heap.mjs --then crazy # then the table ends it and plays that game
//                                                # (--then again: one more game after that)
//
// Needs `bash scripts/setup` first (the npm MicroPython and the venv).

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { REPO, copyTree, startMicroPython } from "../tests/micropython/mp.mjs";

function sitePackages() {
  const lib = join(REPO, ".venv", "lib");
  for (const name of readdirSync(lib)) {
    const dir = join(lib, name, "site-packages");
    if (existsSync(dir)) return dir;
  }
  throw new Error("no site-packages under .venv/lib: run bash scripts/setup");
}

const mp = await startMicroPython({ heapsize: 4 * 1024 * 1024 });
const py = (name) => name.endsWith(".py");
copyTree(mp.FS, join(REPO, "firmware", "lib", "topper_hw"), "/lib/topper_hw", py);
copyTree(mp.FS, join(REPO, "firmware", "lib", "topper_app"), "/lib/topper_app", py);
copyTree(mp.FS, join(REPO, "bench", "mp_stubs"), "/lib", py);
// the ring driver's slice() where this MicroPython build has none, as the web page does
mp.FS.writeFile("/lib/slices.py", readFileSync(join(REPO, "host", "topper_host", "web", "slices.py")));
const site = sitePackages();
for (const d of ["adafruit_bus_device", "adafruit_pn532"]) {
  copyTree(mp.FS, join(site, d), "/lib/" + d, py);
}
// Each stage runs in its own runPython call and is measured in the next one: the
// collector frees nothing while a call is still running.
const argAt = process.argv.indexOf("--game");
const turnGame = argAt > 0 ? process.argv[argAt + 1] : null;
const stages = [
  ["hardware stand-ins (not on a board)", "bench.stubs()"],
  ["import the app (drivers, view, menu)", "bench.import_code()"],
  ["drivers built, menu on the OLED", "bench.build()"],
];
if (turnGame) {
  stages.push([turnGame + " started (no card pad, hourglass)", "bench.start_turn(" + JSON.stringify(turnGame) + ")"]);
} else {
  stages.push(["+ adafruit_pn532 (card pad library)", "bench.card_pad()"]);
  stages.push(["WW3 game started (referee, rules, cards)", "bench.start_game()"]);
}
if (process.argv.includes("--host")) {
  stages.push(["a host opens the port (link session)", "bench.host_opens()"]);
}
for (let k = 0; k < 6; k++) {
  stages.push(["played %d s".replace("%d", 5 * (k + 1)), "bench.play(1000, " + 13 * k + ")"]);
}
process.argv.forEach((arg, i) => {
  if (arg !== "--then") return;
  const next = process.argv[i + 1];
  stages.push(["the table ends the game", "bench.end_game()"]);
  stages.push([next + " started next (no card pad, hourglass)", "bench.start_turn(" + JSON.stringify(next) + ")"]);
  stages.push(["played 5 s", "bench.play(1000, 0)"]);
});
try {
  mp.runPython(readFileSync(join(REPO, "bench", "bench_firmware_heap.py"), "utf8"));
  if (process.argv.includes("--no-port")) {
    mp.runPython("import usb_cdc\nusb_cdc.data = None\ndel usb_cdc");
  }
  mp.runPython("bench.mark('interpreter, nothing imported')");
  for (const [label, code] of stages) {
    mp.runPython(code);
    mp.runPython("bench.mark(" + JSON.stringify(label) + ")");
  }
  mp.runPython("bench.report()");
} catch (e) {
  if (e.name !== "PythonError") throw e;
  process.stderr.write(e.message);
  process.exitCode = 1;
}
