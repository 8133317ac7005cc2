// Live reload: the definition file (the second argument) edited on disk; the page follows, keeps the moves
// still legal and says where the replay stopped, shows the diagnostics of a broken file and comes back when
// it is fixed.
import { run, clickNode, waitForPly, view, check } from "./lib.mjs";
import { writeFileSync } from "node:fs";

const file = process.argv[3];
const version = (size, extra = "") => `extends: go\nname: mine\noptions:\n  size: { default: ${size} }\n${extra}`;

await run(`/?game=${encodeURIComponent(file)}`, async (page) => {
  check((await view(page)).nodes.length === 49, "a 7x7 board");
  await clickNode(page, "C3");
  await waitForPly(page, 1);
  await clickNode(page, "F6");
  await waitForPly(page, 2);
  // A smaller board: F6 is gone, C3 stays.
  writeFileSync(file, version(5));
  await page.waitForFunction(() => window.qipan.page.view.nodes.length === 25);
  await waitForPly(page, 1);
  const note = await page.textContent("#note");
  check(/move 2 `F6`/.test(note), `the note says where the replay stopped: ${note}`);
  // Broken: the diagnostics instead of the board.
  writeFileSync(file, version(5, "board: [\n"));
  await page.waitForSelector("#diagnostics:not([hidden])");
  const diagnostics = await page.textContent("#diagnostics");
  check(/mine\.yaml:\d+:\d+/.test(diagnostics), `file:line:column shown: ${diagnostics}`);
  check(await page.isHidden("#board"), "no board while broken");
  // Fixed: the board again, the move kept.
  writeFileSync(file, version(9));
  await page.waitForSelector("#diagnostics", { state: "hidden" });
  await page.waitForFunction(() => window.qipan.page.view.nodes.length === 81);
  check((await view(page)).moves.join() === "C3", "the move is kept");
});
