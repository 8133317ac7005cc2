// Shared by the browser tests: Chromium launched headless with a fresh profile and no network of its own,
// and helpers to click a board's nodes and wait for the page.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

// Opens `path` of the server whose address is the first argument; returns {page, close}.
export async function open(path) {
  const base = process.argv[2];
  if (!base) throw new Error("usage: node SCRIPT.mjs http://127.0.0.1:PORT/ [ARGS]");
  const profile = mkdtempSync(join(tmpdir(), "qipan-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.QIPAN_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: FLAGS,
    viewport: { width: 1100, height: 880 },
  });
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(15000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(new URL(path, base).href);
  await page.waitForFunction(() => window.qipan && window.qipan.page.view);
  return {
    page,
    errors,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (errors.length) throw new Error(`errors in the page: ${errors.join("; ")}`);
    },
  };
}

// Clicks the centre of a node of the board, as a player would.
export async function clickNode(page, label) {
  const c = await page.evaluate((l) => window.qipan.centre(l), label);
  if (!c) throw new Error(`node ${label} is not on the board drawn`);
  await page.mouse.click(c.x, c.y);
}

// Waits until `n` moves have been played.
export async function waitForPly(page, n) {
  await page.waitForFunction((n) => document.getElementById("board").dataset.ply === String(n), n);
}

// The server's last answer for the page's state.
export function view(page) {
  return page.evaluate(() => window.qipan.page.view);
}

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

// Runs `body`, closing the browser whatever happens; a failure exits with status 1.
export async function run(path, body) {
  const t = Date.now();
  let session;
  try {
    session = await open(path);
    await body(session.page);
    await session.close();
    console.log(`${process.argv[1].split("/").pop()}: ok in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  } catch (e) {
    console.error(e.stack || String(e));
    if (session) await session.close().catch(() => {});
    process.exit(1);
  }
}
