// The Exolve page of `squares fill --format exolve` in Debian's Chromium (headless, driven by
// playwright-core): the page's script runs and hands createExolve() the puzzle text. Exolve
// is not on npm: given a folder holding the player (exolve-m.js and exolve-m.css, as
// scripts/setup.sh --tests clones it into build/exolve), the page runs the real player, and
// this prints what it made of the puzzle (each cell's solution, circle and bars, each clue's
// text); without it, an exolve-m.js beside the page stands in for the player and records
// the text it is given. Prints JSON: {text, errors, player}.
//   node exolve_page.cjs NODE_MODULES PAGE.html [EXOLVE_DIR]
// Exits 77 (skipped) without Chromium or playwright-core.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const CHROMIUM = "/usr/bin/chromium";

async function main() {
  const [modulesArg, page, exolveDir] = process.argv.slice(2);
  const modules = path.resolve(modulesArg);
  if (!fs.existsSync(CHROMIUM) || !fs.existsSync(path.join(modules, "playwright-core"))) {
    console.error(`no ${CHROMIUM} or no playwright-core in ${modules}`);
    process.exit(77);
  }
  const { chromium } = require(path.join(modules, "playwright-core"));
  const folder = path.dirname(path.resolve(page));
  const real = exolveDir && fs.existsSync(path.join(exolveDir, "exolve-m.js"));
  if (real) {
    // The player, with createExolve() wrapped to record the text too.
    fs.writeFileSync(path.join(folder, "exolve-m.js"),
                     fs.readFileSync(path.join(exolveDir, "exolve-m.js"), "utf8") +
                     "\nconst squaresCreate = createExolve;\n" +
                     "createExolve = (text, ...rest) => { window.exolveText = text; " +
                     "return squaresCreate(text, ...rest); };\n");
    fs.copyFileSync(path.join(exolveDir, "exolve-m.css"), path.join(folder, "exolve-m.css"));
  } else {
    fs.writeFileSync(path.join(folder, "exolve-m.js"),
                     "window.createExolve = (text) => { window.exolveText = text; };\n");
    fs.writeFileSync(path.join(folder, "exolve-m.css"), "");
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "squares-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const tab = context.pages()[0] || await context.newPage();
    const errors = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    await tab.goto("file://" + path.resolve(page));
    const text = await tab.evaluate(() => window.exolveText ?? null);
    // What the player made of it: the one puzzle in exolvePuzzles (its other entry counts).
    const player = !real ? null : await tab.evaluate(() => {
      const puzzle = Object.values(exolvePuzzles).find((p) => typeof p === "object");
      if (!puzzle) return null;
      const clues = {};
      for (const [key, clue] of Object.entries(puzzle.clues)) clues[key] = clue.clue;
      return {
        id: puzzle.id,
        grid: puzzle.grid.map((row) => row.map((cell) => ({
          solution: cell.isLight ? cell.solution : ".", circle: cell.hasCircle,
          barAfter: cell.hasBarAfter, barUnder: cell.hasBarUnder}))),
        clues,
      };
    });
    console.log(JSON.stringify({ text, errors, player }));
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
