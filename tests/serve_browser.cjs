// The workbench in a real browser: Debian's Chromium, headless, driven by playwright-core (from
// npm; it downloads no browser). Draws a 5x5 grid with two black cells from the keyboard, types
// a theme entry, reads the candidates of a crossing slot, autofills, checks that every cell
// holds a letter and every entry is a word of the list, exports ipuz and reads it back; then
// on the squares page types BISHOP and sees squares arrive. Also undo/redo, a reload keeping
// the grid, and opening a grid file. Screenshots of both pages go to OUT_DIR. Skips (exit 77)
// without Chromium or playwright-core (scripts/setup.sh --tests installs both).
//
// Usage: node serve_browser.cjs SQUARES OUT_DIR NODE_MODULES
// (NODE_MODULES: build/npm/node_modules, where scripts/setup.sh --tests installs them)
"use strict";
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const CHROMIUM = "/usr/bin/chromium";
const THEME = "OPERA";

function skip(reason) {
  console.log(`SKIP: ${reason} (scripts/setup.sh --tests installs it)`);
  process.exit(77);
}

// `squares serve --port 0`; resolves to [process, url] once it prints its address.
function startServer(squares) {
  return new Promise((resolve, reject) => {
    const server = spawn(squares, ["serve", "--port", "0", "--threads", "2"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      const match = out.match(/^squares: serving (http:\/\/\S+)\n/);
      if (match) resolve([server, match[1]]);
    });
    server.on("exit", (code) => reject(new Error(`squares serve exited with ${code}: ${out}`)));
  });
}

async function cellLetters(page) {
  return page.$$eval("#grid [role=row]", (rows) => rows.map((row) =>
    Array.from(row.children, (cell) => cell.classList.contains("black") ? "#" : cell.querySelector(".letter").textContent || ".").join("")));
}

async function editor(page, url, outDir) {
  await page.goto(url);
  await page.fill("#new-rows", "5");
  await page.fill("#new-cols", "5");
  await page.click("#new-grid");
  assert.equal(await page.locator("#grid [role=gridcell]").count(), 25);

  // From the keyboard alone: '#' at the top left (its image, bottom right, by symmetry).
  await page.focus("#grid");
  await page.keyboard.press("#");
  assert.deepEqual(await cellLetters(page), ["#....", ".....", ".....", ".....", "....#"]);
  await page.keyboard.press("Control+z");
  assert.deepEqual(await cellLetters(page), [".....", ".....", ".....", ".....", "....."]);
  await page.keyboard.press("Control+y");
  assert.deepEqual(await cellLetters(page), ["#....", ".....", ".....", ".....", "....#"]);
  // The theme entry along row 2: down, then right and back left to go across.
  for (const key of ["ArrowDown", "ArrowRight", "ArrowLeft"]) await page.keyboard.press(key);
  await page.keyboard.type(THEME);
  assert.equal((await cellLetters(page))[1], THEME);
  assert.equal(await page.getAttribute("#grid", "aria-activedescendant"), "cell-1-4");

  // The down slot crossing it at its third letter: its candidates all fit the letter.
  await page.click("#cell-1-2");
  await page.keyboard.press(" ");
  await page.waitForFunction(() => /Down \(/.test(document.querySelector("#candidates-status").textContent));
  const candidates = await page.$$eval("#candidates li", (items) =>
    items.map((item) => ({ word: item.querySelector("button").textContent, viability: item.className })));
  assert.ok(candidates.length > 0, "no candidates");
  for (const { word, viability } of candidates) {
    assert.equal(word[1], THEME[2], word);
    assert.ok(["fillable", "impossible", "unknown"].includes(viability), viability);
  }
  assert.ok(candidates.some((c) => c.viability === "fillable"), JSON.stringify(candidates.slice(0, 5)));

  // Autofill: every white cell gets a letter, the theme entry stays, and the server's check
  // finds every entry in the list.
  await page.fill("#fill-time", "1");
  await page.click("#fill-all");
  await page.waitForFunction(() => /^Filled/.test(document.querySelector("#fill-status").textContent), null, { timeout: 120000 });
  const rows = await cellLetters(page);
  assert.ok(rows.every((row) => /^[A-Z#]{5}$/.test(row)), rows.join("/"));
  assert.equal(rows[1], THEME);
  const check = await page.evaluate(async (grid) =>
    (await fetch("/api/check", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ grid }),
    })).json(), rows);
  assert.deepEqual([check.filled, check.valid, check.problems], [true, true, []]);
  // The grid survives a reload (kept in local storage).
  await page.reload();
  assert.deepEqual(await cellLetters(page), rows);
  await page.click("#check-grid");
  await page.waitForFunction(() => /^Valid/.test(document.querySelector("#export-status").textContent));

  // A clue, then ipuz out and parsed.
  await page.click("#cell-1-0");
  await page.fill("#clue-text", "Sung drama");
  await page.fill("#title", "Browser test");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-format=ipuz]")]);
  const ipuz = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  assert.deepEqual(ipuz.dimensions, { width: 5, height: 5 });
  assert.equal(ipuz.title, "Browser test");
  assert.deepEqual(ipuz.solution.map((row) => row.join("")), rows);
  const texts = [...ipuz.clues.Across, ...ipuz.clues.Down].map((clue) => Array.isArray(clue) ? clue[1] : clue.clue);
  assert.ok(texts.includes("Sung drama"), JSON.stringify(ipuz.clues));
  if (await page.isVisible("#export-pdf")) {  // the server has lualatex
    const [pdf] = await Promise.all([page.waitForEvent("download"), page.click("#export-pdf")]);
    assert.equal(fs.readFileSync(await pdf.path()).subarray(0, 5).toString(), "%PDF-");
  }
  await page.screenshot({ path: path.join(outDir, "serve-editor.png"), fullPage: true });

  // A plain grid file, read by the server.
  await page.setInputFiles("#open-file", { name: "g.txt", mimeType: "text/plain", buffer: Buffer.from("#..\n.A.\n..#\n") });
  await page.waitForFunction(() => document.querySelectorAll("#grid [role=gridcell]").length === 9);
  assert.deepEqual(await cellLetters(page), ["#..", ".A.", "..#"]);
}

async function squares(page, url, outDir) {
  await page.goto(`${url}#squares`);
  await page.click("#sq-first");
  await page.keyboard.type("BISHOP");
  await page.waitForFunction(() => document.querySelectorAll("#sq-results .square").length >= 3, null, { timeout: 60000 });
  const first = await page.textContent("#sq-results .square");
  assert.equal(first.split("\n")[0], "bishop");
  await page.waitForFunction(() => /^\d+ squares?/.test(document.querySelector("#sq-status").textContent));
  await page.screenshot({ path: path.join(outDir, "serve-squares.png"), fullPage: true });
}

async function main() {
  const [squaresBinary, outDir, modulesArg] = process.argv.slice(2);
  const modules = path.resolve(modulesArg || "");
  if (!fs.existsSync(CHROMIUM)) skip(`no ${CHROMIUM}`);
  if (!fs.existsSync(path.join(modules, "playwright-core"))) skip(`no playwright-core in ${modules}`);
  const { chromium } = require(path.join(modules, "playwright-core"));
  fs.mkdirSync(outDir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "squares-chromium-"));
  const [server, url] = await startServer(squaresBinary);
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM, headless: true, acceptDownloads: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    const page = context.pages()[0] || await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await editor(page, url, outDir);
    await squares(page, url, outDir);
    assert.deepEqual(errors, []);
    console.log(`browser test passed; screenshots in ${outDir}`);
  } finally {
    if (context) await context.close();
    server.kill("SIGTERM");
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
