// The Exolve page of `squares fill --format exolve` in Debian's Chromium (headless, driven by
// playwright-core): the page's script runs and hands createExolve() the puzzle text. Exolve
// itself is not available here (not on npm, and no network), so an exolve-m.js beside the
// page stands in for it and records what it is given; this prints that text as JSON.
//   node exolve_page.cjs NODE_MODULES PAGE.html
// Exits 77 (skipped) without Chromium or playwright-core.
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const CHROMIUM = "/usr/bin/chromium";

async function main() {
  const [modulesArg, page] = process.argv.slice(2);
  const modules = path.resolve(modulesArg);
  if (!fs.existsSync(CHROMIUM) || !fs.existsSync(path.join(modules, "playwright-core"))) {
    console.error(`no ${CHROMIUM} or no playwright-core in ${modules}`);
    process.exit(77);
  }
  const { chromium } = require(path.join(modules, "playwright-core"));
  const folder = path.dirname(path.resolve(page));
  fs.writeFileSync(path.join(folder, "exolve-m.js"),
                   "window.createExolve = (text) => { window.exolveText = text; };\n");
  fs.writeFileSync(path.join(folder, "exolve-m.css"), "");
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
    console.log(JSON.stringify({ text, errors }));
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
