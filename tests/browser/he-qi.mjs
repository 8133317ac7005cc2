// He Qi's round board: a click on a piece marks its walk targets.
import { run, clickNode, view, check } from "./lib.mjs";

await run("/?game=he-qi", async (page) => {
  const v = await view(page);
  const [from, targets] = Object.entries(v.targets).find(([, t]) => t.length > 1);
  await clickNode(page, from);
  await page.waitForFunction((f) => document.getElementById("board").dataset.selected === f, from);
  const marked = await page.locator('#board svg [class="target"]').count();
  check(marked === targets.length, `${marked} targets marked, ${targets.length} expected from ${from}`);
  await clickNode(page, targets[0]);
  await page.waitForFunction(() => document.getElementById("board").dataset.ply === "1");
});
