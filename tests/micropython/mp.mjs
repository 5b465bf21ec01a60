// Starts the npm MicroPython (WebAssembly) with the repo's portable packages on its path,
// set up like a board: the packages under /lib and no `.frozen` extras.
//
// Shared by run_core_tests.mjs and bench/mp_run.mjs. The npm build bundles abc, functools,
// itertools, asyncio and more under `.frozen`, which CircuitPython lacks; dropping that
// path entry makes an import of any of them fail here as it would on the device.
//
// Dropping `.frozen` does not reach the modules built into the interpreter itself; the few
// of those that CircuitPython has no counterpart for are refused at import (NOT_ON_BOARD).
//
// One interpreter per process: the package keeps its state in globalThis.Module, so a
// second loadMicroPython() in the same process breaks the first. Callers that want a
// fresh interpreter spawn a new node process.

import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

// The packages that must run on a board unchanged; topper_hw is CircuitPython-only.
export const PORTABLE_PACKAGES = ["topper", "topper_view"];

export function presentPackages() {
  return PORTABLE_PACKAGES.filter((p) => existsSync(join(REPO, "firmware", "lib", p)));
}

// Built into the npm MicroPython, absent from CircuitPython on an RP2040 (web-only,
// MicroPython-only or another API under another name there).
export const NOT_ON_BOARD = [
  "js", "jsffi", "uctypes", "framebuf", "vfs", "deflate", "machine", "platform",
  "bluetooth", "network", "cryptolib", "btree",
];

// Copies a host directory tree into the emulated filesystem; `keep` picks the files.
export function copyTree(FS, hostDir, mpDir, keep = () => true) {
  FS.mkdirTree(mpDir);
  for (const name of readdirSync(hostDir).sort()) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const src = join(hostDir, name);
    const dst = mpDir + "/" + name;
    if (statSync(src).isDirectory()) copyTree(FS, src, dst, keep);
    else if (keep(name)) FS.writeFile(dst, readFileSync(src));
  }
}

// The module names (dotted) of every .py file of a host package directory.
export function moduleNames(pkg, hostDir = join(REPO, "firmware", "lib", pkg)) {
  const out = [];
  for (const name of readdirSync(hostDir).sort()) {
    const src = join(hostDir, name);
    if (name === "__pycache__" || name.startsWith(".")) continue;
    if (statSync(src).isDirectory()) {
      if (existsSync(join(src, "__init__.py"))) out.push(...moduleNames(pkg + "." + name, src));
    } else if (name === "__init__.py") {
      out.unshift(pkg);
    } else if (name.endsWith(".py")) {
      out.push(pkg + "." + name.slice(0, -3));
    }
  }
  return out;
}

// Output arrives a line at a time (linebuffer); each line is written out as it comes.
export async function startMicroPython({ heapsize, pystack, out } = {}) {
  const write = out || ((line) => process.stdout.write(line + "\n"));
  const options = { stdout: write, stderr: write };
  if (heapsize) options.heapsize = heapsize;
  if (pystack) options.pystack = pystack;
  const mp = await loadMicroPython(options);
  for (const pkg of presentPackages()) {
    copyTree(mp.FS, join(REPO, "firmware", "lib", pkg), "/lib/" + pkg, (n) => n.endsWith(".py"));
  }
  mp.runPython(
    "import sys\n" +
      "if '.frozen' in sys.path:\n" +
      "    sys.path.remove('.frozen')\n" +
      "if '/lib' not in sys.path:\n" +
      "    sys.path.append('/lib')\n" +
      "def _guard():\n" +
      "    import builtins\n" +
      "    real = builtins.__import__\n" +
      "    refused = " + JSON.stringify(NOT_ON_BOARD) + "\n" +
      "    def guarded(name, *args):\n" +
      "        if name.split('.')[0] in refused:\n" +
      "            raise ImportError('no module named %r (not on a CircuitPython board)' % name)\n" +
      "        return real(name, *args)\n" +
      "    builtins.__import__ = guarded\n" +
      "_guard()\n" +
      "del _guard\n",
  );
  return mp;
}

// "64k", "2M" or a plain number of bytes.
export function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(String(text));
  if (!m) throw new Error("bad size: " + text);
  const scale = { "": 1, k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()];
  return Number(m[1]) * scale;
}
