// Where the harness finds its inputs. Each can be overridden by an environment variable.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(HERE, '..', '..');

export function uf2Path(env = process.env) {
  return env.TOPPER_UF2 || path.join(REPO, 'build', 'topper-table-raspberry_pi_pico.uf2');
}

export function settingsPath(env = process.env) {
  return env.TOPPER_SETTINGS || path.join(REPO, 'firmware', 'settings.toml');
}

// The RP2040 bootrom (B1) as rp2040js wants it, from the shared CircuitPython kit; it is
// not part of this repository. CI keeps that kit beside the repository as ../shared.
export function bootromCandidates(env = process.env) {
  if (env.TOPPER_BOOTROM) return [path.resolve(env.TOPPER_BOOTROM)];
  // A git worktree's "repo" may sit deeper than the main checkout: look up the tree.
  const out = [];
  for (let dir = REPO; ; dir = path.dirname(dir)) {
    out.push(path.join(path.dirname(dir), 'shared', 'circuitpython', 'bootrom.mjs'));
    if (path.dirname(dir) === dir) break;
  }
  return out;
}

export async function loadBootrom(env = process.env) {
  const tried = bootromCandidates(env);
  for (const p of tried) {
    if (fs.existsSync(p)) {
      const mod = await import(new URL(`file://${p}`));
      if (!mod.bootromB1) throw new Error(`${p} does not export bootromB1`);
      return { bootrom: mod.bootromB1, path: p };
    }
  }
  throw new Error(`no RP2040 bootrom (bootrom.mjs exporting bootromB1); set TOPPER_BOOTROM. Tried: ${tried.join(', ')}`);
}
