// Every game the server offers opens in the page: chosen from the list, it is drawn with one titled node per
// board node, no diagnostics and no error. With a directory argument (QIPAN_BLESS_PICTURES=1 in
// tests/browser.rs), each board is screenshotted there as GAME.png for the book's playground chapter.
import { run, check, view } from "./lib.mjs";

const out = process.argv[3];

await run("/", async (page) => {
  const games = await page.evaluate(() => window.qipan.page.games.map((g) => g.name));
  check(games.length >= 30, `only ${games.length} games offered`);
  for (const name of games) {
    await page.selectOption("#game", name);
    // An option without a default (Field Go's komi): the page asks for it and focuses its field.
    const required = await page.$$("#options input[placeholder=required]");
    if (required.length) {
      await page.waitForFunction(() => /set option/.test(document.getElementById("note").textContent));
      const focused = await page.evaluate(() => document.activeElement && document.activeElement.name);
      check(focused === (await required[0].getAttribute("name")), `${name}: the required option is not focused`);
      for (const field of required) await field.fill((await field.getAttribute("type")) === "number" ? "7" : "x");
      await page.click("#new");
    }
    await page.waitForFunction((n) => window.qipan.page.view && window.qipan.page.view.game === n, name, { timeout: 20000 });
    const v = await view(page);
    check(v.ply === 0, `${name}: ply ${v.ply} at the start`);
    check(await page.isHidden("#diagnostics"), `${name}: diagnostics shown`);
    const note = (await page.textContent("#note")) || "";
    check(!note.trim(), `${name}: ${note}`);
    const titles = await page.evaluate(() => document.querySelectorAll("#board svg title").length);
    check(titles > 0, `${name}: no node drawn`);
    if (out) {
      const board = await page.$("#board svg");
      await board.screenshot({ path: `${out}/${name}.png` });
    }
  }
  console.log(`${games.length} games opened`);
});
