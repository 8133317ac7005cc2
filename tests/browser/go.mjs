// Go 9×9 against the computer: set the size in the options form, make White a computer player, click three
// points and see the computer answer each.
import { run, clickNode, waitForPly, view, check } from "./lib.mjs";

await run("/?game=go", async (page) => {
  await page.fill("#options input[name=size]", "9");
  await page.dispatchEvent("#options input[name=size]", "change");
  await page.waitForFunction(() => window.qipan.page.view.nodes.length === 81);
  const white = page.locator('.seat[data-seat="white"]');
  await white.locator("input").fill("mcts:iterations=30");
  await white.locator("select").selectOption("computer");
  for (const [i, label] of ["E5", "C3", "G7"].entries()) {
    let v = await view(page);
    // The computer may have taken the point: then the first free one.
    const free = v.legal.some((m) => m.to === label) ? label : v.legal.find((m) => m.to).to;
    await clickNode(page, free);
    await waitForPly(page, 2 * i + 2);
    v = await view(page);
    check(v.moves[2 * i] === free, `move ${2 * i + 1} is ${v.moves[2 * i]}, not ${free}`);
    check(v.movers[2 * i + 1] === "white", "White answered");
  }
  check((await page.locator("#moves li").count()) === 6, "six moves listed");
  check(await page.isVisible("#pass"), "the pass button is shown");
  // Undo takes back the computer's reply and the player's move.
  await page.click("#undo");
  await waitForPly(page, 4);
  await page.click("#redo");
  await waitForPly(page, 5);
});
