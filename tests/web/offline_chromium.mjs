// What every driver of the pages needs to run them offline in Debian's headless Chromium:
// a folder served on 127.0.0.1, the browser launched with a profile of the run's own, and
// a page that may fetch nothing off this machine. Used by drive.mjs, watch.mjs and
// bench/web_page.mjs.

import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { chromium } from "playwright-core";

export { chromium };

const TYPES = {
  ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
};

export const CHROMIUM = "/usr/bin/chromium";
export const ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

// Chromium's crash reporter writes under $XDG_CONFIG_HOME (else ~/.config) whatever the
// profile: a folder of the run's own takes it, never the user's home.
export function quietEnv(home) {
  return { ...process.env, HOME: home, XDG_CONFIG_HOME: home };
}

// Serves the files of `dir` ("/" is index.html) on a free port of 127.0.0.1; `sent(name,
// body)` hears of each file sent. Resolves to the http server.
export function serveFolder(dir, sent = () => {}) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
    const name = path === "/" ? "index.html" : path.replace(/^\/+/, "");
    try {
      const body = readFileSync(join(dir, name));
      res.writeHead(200, { "content-type": TYPES[extname(name)] || "application/octet-stream" });
      res.end(body);
      sent(name, body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

// Aborts every request of `page` for anything off this machine, and collects the page's
// errors: `outside` (the URLs refused) and `errors` fill as the page runs.
export async function offline(page) {
  const outside = [];
  const errors = [];
  await page.route("**/*", (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === "127.0.0.1" || host === "localhost") return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { outside, errors };
}

// One browser window with a fresh profile (Playwright passes it as --user-data-dir),
// offline; `close()` shuts it and removes the profile.
export async function openWindow(prefix, viewport, extra = {}) {
  const profile = mkdtempSync(join(tmpdir(), prefix));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport,
    ...extra,
    env: quietEnv(profile),
    args: ARGS,
  });
  const page = browser.pages()[0] || (await browser.newPage());
  const { outside, errors } = await offline(page);
  const close = async () => {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { browser, page, outside, errors, close };
}
