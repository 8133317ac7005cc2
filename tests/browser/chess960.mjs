// Chess960's start drawn at random from the options form: the form then names the number drawn, and the board
// is that start.
import { run, view, check } from "./lib.mjs";

await run("/?game=chess960", async (page) => {
  await page.click("#options button.random");
  await page.waitForFunction(() => {
    const f = document.getElementById("options").elements.namedItem("start");
    return f && /^\d+$/.test(f.value) && window.qipan.page.view.options.start === f.value;
  });
  const v = await view(page);
  const number = Number(v.options.start);
  check(number >= 0 && number < 960, `start ${number}`);
  check(v.ply === 0, "a new game");
});
