// A turn in two parts by clicks: an amazon clicked and moved, then its arrow's square clicked among those the
// board marks; the move played is the amazon's and the arrow's.
import { run, clickNode, waitForPly, view, check } from "./lib.mjs";

await run("/?game=amazons", async (page) => {
  const v0 = await view(page);
  const from = Object.keys(v0.targets)[0];
  const to = v0.targets[from][0];
  await clickNode(page, from);
  await page.waitForFunction((f) => document.getElementById("board").dataset.selected === f, from);
  await clickNode(page, to);
  await page.waitForFunction(() => document.getElementById("board").dataset.second);
  const arrows = (await page.evaluate(() => document.getElementById("board").dataset.second)).split(" ");
  check(arrows.length > 1, `arrows offered: ${arrows}`);
  check(arrows.includes(from), `the square the amazon left is free for its arrow: ${arrows}`);
  const dots = await page.locator("#board svg .target, #board svg [class=target]").count();
  check(dots === arrows.length, `${dots} squares marked for ${arrows.length} arrows`);
  const arrow = arrows[arrows.length - 1];
  await clickNode(page, arrow);
  await waitForPly(page, 1);
  const v = await view(page);
  check(v.moves[0] === `${from}-${to}/${arrow}`, `played ${v.moves[0]}`);
  check(v.to_move !== v0.to_move, "the other side to move");
});
