// A pawn promoted in chess: a position near promotion loaded as FEN, the pawn clicked and pushed, the
// chooser answered with the queen.
import { run, clickNode, waitForPly, view, check } from "./lib.mjs";

await run("/?game=chess", async (page) => {
  await page.click("#record summary");
  await page.fill("#record-text", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
  await page.click("#load");
  await page.waitForFunction(() => window.qipan.page.view.fen);
  await clickNode(page, "a7");
  await page.waitForFunction(() => document.getElementById("board").dataset.selected === "a7");
  check((await page.locator("#board svg .target, #board svg [class=target]").count()) >= 1, "a8 is marked");
  await clickNode(page, "a8");
  await page.waitForSelector("#chooser:not([hidden]) button");
  const choices = await page.locator("#chooser button").allTextContents();
  check(choices.length === 4, `four promotions offered: ${choices}`);
  const queen = choices.find((c) => /q/i.test(c));
  await page.click(`#chooser button:text-is("${queen}")`);
  await waitForPly(page, 1);
  const v = await view(page);
  check(v.position_fen.startsWith("Q3k3/"), `a queen on a8: ${v.position_fen}`);
  check(v.to_move === "black", "Black to move");
});
