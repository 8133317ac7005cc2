// The book's picture of the playground (book/src/playground.png): a game of chess with a knight selected.
// Written only when a path is given (QIPAN_BLESS_PICTURES=1 in tests/browser.rs).
import { run, clickNode, waitForPly } from "./lib.mjs";

const out = process.argv[3];

await run("/?game=chess", async (page) => {
  for (const [i, move] of ["e2-e4", "e7-e5"].entries()) {
    await page.fill("#move-text", move);
    await page.press("#move-text", "Enter");
    await waitForPly(page, i + 1);
  }
  await clickNode(page, "g1");
  await page.waitForFunction(() => document.getElementById("board").dataset.selected === "g1");
  if (out) await page.screenshot({ path: out });
});
