// Runs the portable core tests (tests/core/test_*.py) under the npm MicroPython.
//
//   node tests/micropython/run_core_tests.mjs [test_module ...]
//
// Each test module runs in its own node process, so it starts from a fresh interpreter
// (one MicroPython per process is all the npm package allows) and a hang costs one module,
// not the run. A first process imports every core module on its own: a core module that
// needs something a board lacks fails there even if no test imports it yet.
//
// Prints one FAIL line per failure, then `MicroPython core tests: N passed, N failed`;
// exits 1 on any failure or when no test ran.
//
// Environment: MP_JOBS (parallel processes, default: the number of CPUs, at most 4),
// MP_TEST_TIMEOUT (seconds per module, default 900).

import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { REPO, copyTree, moduleNames, presentPackages, startMicroPython } from "./mp.mjs";

const SELF = fileURLToPath(import.meta.url);
const TESTS = join(REPO, "tests", "core");
const HARNESS = readFileSync(join(REPO, "tests", "micropython", "harness.py"), "utf8");
// Lines for this script only, never shown: the counts, and the test being started.
const RESULT_TAG = "@@result ";
const RUN_TAG = "@@run ";

// ---- child: one interpreter, one job ------------------------------------------------

async function child(kind, arg) {
  const mp = await startMicroPython();
  copyTree(mp.FS, TESTS, "/tests/core");
  mp.runPython("sys.path.insert(0, '/tests/core')\n" + HARNESS);
  try {
    if (kind === "--module") mp.runPython("run_module(" + JSON.stringify(arg) + ")");
    else mp.runPython("import_all(" + JSON.stringify(arg.split(",")) + ")");
  } catch (e) {
    // Only a harness bug or a SystemExit gets here; the harness catches test errors.
    const text = e.name === "PythonError" ? e.message.trim().split("\n").pop() : String(e);
    process.stdout.write("FAIL " + (arg.length < 60 ? arg : kind) + ": " + text + "\n");
    mp.runPython("RESULT[1] += 1");
  }
  mp.runPython("_passed, _failed = RESULT");
  const passed = mp.globals.get("_passed");
  const failed = mp.globals.get("_failed");
  process.stdout.write(RESULT_TAG + passed + " " + failed + "\n");
}

// ---- parent: spawn children, add up, report ------------------------------------------

function runChild(args, label, timeoutS) {
  return new Promise((done) => {
    const started = Date.now();
    const proc = spawn(process.execPath, [SELF, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    proc.stdout.on("data", (d) => (out += d));
    proc.stderr.on("data", (d) => (out += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      proc.kill("SIGKILL");
    }, timeoutS * 1000);
    proc.on("close", (code, signal) => {
      clearTimeout(timer);
      const lines = out.split("\n").filter((l) => l !== "");
      const tag = lines.findLast((l) => l.startsWith(RESULT_TAG));
      const running = lines.findLast((l) => l.startsWith(RUN_TAG));
      const shown = lines.filter((l) => !l.startsWith("@@"));
      let passed = 0;
      let failed = 0;
      if (tag) [passed, failed] = tag.slice(RESULT_TAG.length).split(" ").map(Number);
      else failed = shown.filter((l) => l.startsWith("FAIL ")).length;
      const where = running ? " in " + running.slice(RUN_TAG.length) : "";
      if (timedOut) {
        failed += 1;
        shown.push("FAIL " + label + ": timed out after " + timeoutS + " s" + where);
      } else if (!tag || code !== 0) {
        // The interpreter itself died (wasm abort, out of memory, node error).
        failed += 1;
        const why = signal ? "signal " + signal : "exit code " + code;
        shown.push("FAIL " + label + ": runner crashed (" + why + ")" + where);
      }
      done({ label, passed, failed, lines: shown, seconds: (Date.now() - started) / 1000 });
    });
  });
}

// At most `n` jobs at once; each call returns a promise of its job's result.
function limiter(n) {
  let active = 0;
  const waiting = [];
  const release = () => {
    active -= 1;
    if (waiting.length) waiting.shift()();
  };
  return (job) =>
    new Promise((resolveJob) => {
      const start = () => {
        active += 1;
        job().then(resolveJob).finally(release);
      };
      if (active < n) start();
      else waiting.push(start);
    });
}

// Runs the specs in parallel but reports them in the order given, so logs read the same.
async function runAll(specs, jobs, timeoutS) {
  const limit = limiter(jobs);
  const pending = specs.map((s) => limit(() => runChild(s.args, s.label, timeoutS)));
  const out = [];
  for (const p of pending) {
    const r = await p;
    for (const line of r.lines) console.log(line);
    const status = r.failed ? "FAIL" : "ok  ";
    console.log(`${status} ${r.label}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(1)} s)`);
    out.push(r);
  }
  return out;
}

async function parent(only) {
  const all = readdirSync(TESTS)
    .filter((n) => /^test_.*\.py$/.test(n))
    .map((n) => n.slice(0, -3))
    .sort();
  const modules = only.length ? only : all;
  const unknown = modules.filter((m) => !all.includes(m));
  if (unknown.length) {
    console.log("no such test module in tests/core: " + unknown.join(", "));
    process.exitCode = 2;
    return;
  }
  const core = presentPackages().flatMap((p) => moduleNames(p));
  const specs = [{ args: ["--imports", core.join(",")], label: "import " + presentPackages().join(", ") }];
  for (const m of modules) specs.push({ args: ["--module", m], label: m });

  const cpuCount = availableParallelism ? availableParallelism() : cpus().length;
  const jobs = Number(process.env.MP_JOBS || Math.min(cpuCount, 4));
  const timeoutS = Number(process.env.MP_TEST_TIMEOUT || 900);
  const results = await runAll(specs, jobs, timeoutS);

  const imports = results[0];
  const tests = results.slice(1);
  const passed = tests.reduce((s, r) => s + r.passed, 0) + imports.passed;
  const failed = tests.reduce((s, r) => s + r.failed, 0) + imports.failed;
  const testsRun = tests.reduce((s, r) => s + r.passed + r.failed, 0);
  if (testsRun === 0) console.log("FAIL no test function ran under MicroPython");
  console.log(`MicroPython core tests: ${passed} passed, ${failed} failed`);
  process.exitCode = failed || testsRun === 0 ? 1 : 0;
}

const argv = process.argv.slice(2);
if (argv[0] === "--module" || argv[0] === "--imports") await child(argv[0], argv[1] || "");
else await parent(argv);
