// Runs a Python file under the npm MicroPython with the portable core on its path, the
// way a board sees it (packages under /lib, no `.frozen` extras).
//
//   node bench/mp_run.mjs FILE [ARG ...]          one interpreter, sys.argv = [FILE, ARG...]
//   node bench/mp_run.mjs --each FILE [ARG ...]   a fresh interpreter for each ARG
//
// With --each and no ARG, the ARGs are every portable core module, then "all".
// --each exists for measurements: the npm MicroPython cannot unload a module (its memory
// stays in use after `del sys.modules[...]`), so only a new interpreter starts clean, and
// the package allows one interpreter per process.
//
// Needs `bash scripts/setup` first (it installs the package in tests/micropython/).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { moduleNames, presentPackages, startMicroPython } from "../tests/micropython/mp.mjs";

const SELF = fileURLToPath(import.meta.url);

async function runOnce(file, args) {
  const mp = await startMicroPython();
  // The benches share their timer (bench/_timing.py): put it beside the core.
  mp.FS.writeFile("/lib/_timing.py", readFileSync(resolve(dirname(SELF), "_timing.py")));
  const argv = JSON.stringify([file, ...args]);
  mp.runPython("sys.argv.clear()\nsys.argv.extend(" + argv + ")\ndel sys\n");
  try {
    mp.runPython(readFileSync(file, "utf8"));
  } catch (e) {
    if (e.name !== "PythonError") throw e;
    process.stderr.write(e.message);
    process.exitCode = 1;
  }
}

function runEach(file, args) {
  const items = args.length ? args : [...presentPackages().flatMap((p) => moduleNames(p)), "all"];
  for (const item of items) {
    const r = spawnSync(process.execPath, [SELF, file, item], { stdio: "inherit" });
    if (r.status !== 0) process.exitCode = 1;
  }
}

const argv = process.argv.slice(2);
const each = argv[0] === "--each";
if (each) argv.shift();
if (!argv.length) {
  console.error("usage: node bench/mp_run.mjs [--each] FILE [ARG ...]");
  process.exit(2);
}
const file = resolve(argv[0]);
if (each) runEach(file, argv.slice(1));
else await runOnce(file, argv.slice(1));
