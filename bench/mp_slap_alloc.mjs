// Bytes allocated on the slap path, stage by stage, under the npm MicroPython: the real
// firmware/code.py App over bench/mp_stubs/, as bench/mp_firmware_heap.mjs sets it up.
//
//   node bench/mp_slap_alloc.mjs           # pad referee (World War 3 with the card pad)
//   node bench/mp_slap_alloc.mjs --blind   # blind referee (no card pad)
//
// Needs `bash scripts/setup` first. Details in bench/mp_slap_alloc.py.

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

const blind = process.argv.includes("--blind");
const mp = await startMicroPython({ heapsize: 8 * 1024 * 1024 });
const py = (name) => name.endsWith(".py");
copyTree(mp.FS, join(REPO, "firmware", "lib", "topper_hw"), "/lib/topper_hw", py);
copyTree(mp.FS, join(REPO, "firmware", "lib", "topper_app"), "/lib/topper_app", py);
copyTree(mp.FS, join(REPO, "bench", "mp_stubs"), "/lib", py);
mp.FS.writeFile("/lib/mp_slap_alloc.py", readFileSync(join(REPO, "bench", "mp_slap_alloc.py")));
const site = sitePackages();
for (const d of ["adafruit_bus_device", "adafruit_pn532"]) {
  copyTree(mp.FS, join(site, d), "/lib/" + d, py);
}
const setup = blind
  ? ["bench.stubs()", "bench.import_code()", "bench.build()", "bench.start_game()"]
  : ["bench.stubs()", "bench.import_code()", "bench.build()", "bench.card_pad()", "bench.start_game()"];
try {
  mp.runPython(readFileSync(join(REPO, "bench", "bench_firmware_heap.py"), "utf8"));
  for (const code of setup) mp.runPython(code);
  // The pad referee's cards: the bench's deck, one tag a tap.
  mp.runPython("bench.uid_of = lambda k: uid(bench.deck[k % len(bench.deck)])");
  if (process.env.DBG) mp.runPython("BLIND = " + (blind ? "True" : "False") + "\n" + readFileSync(process.env.DBG, "utf8"));
  else mp.runPython("import mp_slap_alloc\nmp_slap_alloc.run(bench, " + (blind ? "True" : "False") + ")");
} catch (e) {
  if (e.name !== "PythonError") throw e;
  process.stderr.write(e.message);
  process.exitCode = 1;
}
