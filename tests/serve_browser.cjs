// The workbench in a real browser: Debian's Chromium, headless, driven by playwright-core (from
// npm; it downloads no browser). Draws a 5x5 grid with two black cells from the keyboard, types
// a theme entry, reads the candidates of a crossing slot, autofills, checks that every cell
// holds a letter and every entry is a word of the list, exports ipuz (with the fill's quality
// on the list) and reads it back; then on the squares page types BISHOP and sees squares
// arrive. Also undo/redo, a reload keeping the grid, and opening a grid file; with a token, its
// address leaving the address bar; a shaped grid's voids drawn as nothing and a clue given by
// word kept; test-solve. Screenshots of both pages go to OUT_DIR. Skips (exit 77) without
// Chromium or playwright-core (scripts/setup.sh --tests installs both).
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
// A letter in the theme 15x15 that arc consistency lets pass but no fill survives
// (scripts/bench-serve.sh verdicts finds such placements).
const DEAD_PLACEMENT = { row: 1, col: 4, letter: "z" };
let readpuz;  // @confuzzle/readpuz, from NODE_MODULES

function skip(reason) {
  console.log(`SKIP: ${reason} (scripts/setup.sh --tests installs it)`);
  process.exit(77);
}

// `squares serve --port 0`; resolves to [process, url] once it prints its address.
// The candidate list scrolled into view: the rest of its drawing (past its first part) and so
// its data-done wait for that (candidates_view.js), as the list waits for one to look at it.
async function listInView(page) {
  await page.locator("#candidates").scrollIntoViewIfNeeded();
}

function startServer(squares, args = []) {
  return new Promise((resolve, reject) => {
    const server = spawn(squares, ["serve", "--port", "0", "--threads", "2", ...args], { stdio: ["ignore", "pipe", "inherit"] });
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

// A new empty grid of rows x cols, made from the page's own form.
async function newGrid(page, rows, cols) {
  await page.fill("#new-rows", String(rows));
  await page.fill("#new-cols", String(cols));
  await page.click("#new-grid");
}

async function editor(page, url, outDir) {
  await page.goto(url);
  await newGrid(page, 5, 5);
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
  await listInView(page);
  await page.waitForFunction(() => /Down \(/.test(document.querySelector("#candidates-status").textContent) &&
                                    document.querySelector("#candidates").dataset.done, null, { timeout: 30000 });
  const candidates = await page.$$eval("#candidates li[role=option]", (items) =>
    items.map((item) => ({ word: item.querySelector(".word").textContent, viability: item.className })));
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
  // The fill's quality line, scored by the page's list (the built-in one, scored).
  const quality = ipuz["squares:quality"] || {};
  assert.ok(/^[A-Z]+$/.test(quality.worst) && Number.isInteger(quality.worst_score), JSON.stringify(quality));
  if (await page.isVisible("#export-pdf")) {  // the server has lualatex
    const [pdf] = await Promise.all([page.waitForEvent("download"), page.click("#export-pdf")]);
    assert.equal(fs.readFileSync(await pdf.path()).subarray(0, 5).toString(), "%PDF-");
  }
  // .puz, read by an independent reader (@confuzzle/readpuz).
  const [puzFile] = await Promise.all([page.waitForEvent("download"), page.click("[data-format=puz]")]);
  const puz = readpuz.readpuz(fs.readFileSync(await puzFile.path()));
  assert.deepEqual([puz.width, puz.height, puz.title], [5, 5, "Browser test"]);
  assert.equal(puz.solution.replace(/\./g, "#"), rows.join(""));
  await page.screenshot({ path: path.join(outDir, "serve-editor.png"), fullPage: true });

  // A plain grid file, read by the server.
  await page.setInputFiles("#open-file", { name: "g.txt", mimeType: "text/plain", buffer: Buffer.from("#..\n.A.\n..#\n") });
  await page.waitForFunction(() => document.querySelectorAll("#grid [role=gridcell]").length === 9);
  assert.deepEqual(await cellLetters(page), ["#..", ".A.", "..#"]);
}

// A letter the faint fill does not have hides it (its texts are left as they are while
// hidden); the next fill shows again with its own letters in every empty cell and none under a
// typed letter. Cell (1,3) of the theme grid takes A or E in some fill (squares fill).
async function ghostsAfterHiding(page, verdict) {
  const ghosts = () => page.$$eval("#grid .ghosts text", (texts) => texts.map((text) => text.textContent));
  const shown = await ghosts();
  const cols = 15, cell = 1 * cols + 3;
  const letter = shown[cell] === "A" ? "E" : "A";
  await page.evaluate(() => {
    const layer = document.querySelector("#grid .ghosts");
    window.ghostsHid = false;
    new MutationObserver(() => { window.ghostsHid ||= layer.classList.contains("hidden"); })
      .observe(layer, { attributes: true });
  });
  await page.click("#cell-1-3");
  await page.keyboard.press(letter.toLowerCase());
  await page.waitForFunction(([cell, letter]) => {
    const found = window.workbench.editor.proof.fill;
    return found && (found.fill[cell] || "").toUpperCase() === letter &&
           document.querySelector("#grid .ghosts").getAttribute("class") === "ghosts";
  }, [cell, letter], { timeout: 60000 });
  await verdict("fillable");
  assert.ok(await page.evaluate(() => window.ghostsHid), "the faint fill was not hidden by a letter it does not have");
  const fill = await page.evaluate(() => window.workbench.editor.proof.fill.fill.map((l) => (l || "").toUpperCase()));
  const letters = (await cellLetters(page)).join("");
  const expected = fill.map((l, i) => (letters[i] === "." ? l : ""));
  assert.equal(fill[cell], letter);
  assert.deepEqual(await ghosts(), expected);
  await page.keyboard.press("Control+z");
  await verdict("fillable");
}

// The 15x15 with two theme entries: the live proof turns an entry red when a letter kills it;
// the candidates of an entry come decided, sorted ✓, ?, ✗; choosing one keeps the focus.
async function proofAndCandidates(page, outDir) {
  const theme = fs.readFileSync(path.join(__dirname, "data", "grids", "theme-15x15.txt"));
  await page.setInputFiles("#open-file", { name: "theme.txt", mimeType: "text/plain", buffer: theme });
  await page.waitForFunction(() => document.querySelectorAll("#grid [role=gridcell]").length === 225);
  await page.waitForFunction(() => document.querySelector("#cell-0-0").dataset.letters > 0);
  assert.equal(await page.locator("#grid .dead-entry, #grid .dead-cell").count(), 0);
  assert.equal(await page.textContent("#proof-status"), "");
  const stat = (name) => page.textContent(`#stats dd[data-stat="${name}"]`);
  assert.deepEqual([await stat("Entries"), await stat("Blocks"), await stat("Unchecked cells"), await stat("2-letter entries")],
                   ["76", "32", "0", "0"]);
  // The verdict: a fill exists, shown faintly in the empty cells; the breakfast test named.
  const verdict = (expected) => page.waitForFunction((v) => document.querySelector("#proof-verdict").dataset.verdict === v,
                                                     expected, { timeout: 60000 })
    .catch(async (error) => { throw new Error(`${error.message}: ${await page.textContent("#proof-verdict")}`); });
  await verdict("fillable");
  assert.match(await page.textContent("#proof-verdict"), /^Fillable: .* Breakfast test: strict\.$/);
  assert.match(await page.textContent("#grid .ghosts text"), /^[A-Z]$/);  // the first cell's
  assert.equal(await page.getAttribute("#grid .ghosts", "class"), "ghosts");  // shown
  // X at the top left: 1 Down (X..I......) has no word.
  await page.click("#cell-0-0");
  await page.keyboard.press("x");
  await page.waitForFunction(() => /^1 Down has no word: X\.\.I\.{6}/.test(document.querySelector("#proof-status").textContent));
  await page.waitForFunction(() => document.querySelector("#proof-verdict").dataset.verdict === "impossible");
  const dead = await page.$$eval("#grid .dead-entry", (cells) => cells.map((cell) => cell.id));
  assert.deepEqual(dead.slice(0, 3), ["cell-0-0", "cell-1-0", "cell-2-0"]);
  await page.screenshot({ path: path.join(outDir, "serve-proof.png"), fullPage: true });
  await page.keyboard.press("Control+z");
  await page.waitForFunction(() => document.querySelector("#proof-status").textContent === "");
  // A placement arc consistency passes but no fill survives: the search says impossible
  // and outlines the entries of its conflict (a minimal one when the second was enough).
  await page.click(`#cell-${DEAD_PLACEMENT.row}-${DEAD_PLACEMENT.col}`);
  await page.keyboard.press(DEAD_PLACEMENT.letter);
  await verdict("impossible");
  assert.equal(await page.textContent("#proof-status"), "");
  assert.match(await page.textContent("#proof-verdict"),
               /^Impossible: no fill: a search ruled out every way in .*; the conflict(: .* have no fill together,| it learned is around )/);
  assert.ok(await page.locator("#grid .conflict-entry").count() > 0);
  await page.screenshot({ path: path.join(outDir, "serve-verdict.png"), fullPage: true });
  await page.keyboard.press("Control+z");
  await verdict("fillable");
  await ghostsAfterHiding(page, verdict);

  // 2 Down: decided within seconds, ✓ before ? before ✗.
  await page.click("#cell-0-1");
  for (const key of ["ArrowDown", "ArrowUp"]) await page.keyboard.press(key);  // down
  await listInView(page);
  await page.waitForFunction(() => /^2 Down/.test(document.querySelector("#candidates-status").textContent) &&
                                    document.querySelector("#candidates").dataset.done, null, { timeout: 30000 })
    .catch(async (error) => { throw new Error(`${error.message}: ${await page.textContent("#candidates-status")}`); });
  const rank = { fillable: 0, unknown: 1, impossible: 2 };
  const marks = await page.$$eval("#candidates li[role=option]", (items) => items.map((item) => item.className));
  assert.ok(marks.some((mark) => mark === "fillable"), marks.join());
  for (let k = 1; k < marks.length; k++) assert.ok(rank[marks[k - 1]] <= rank[marks[k]], marks.join());
  // (Redrawn in parts: data-done once the whole list is in its new order.)
  const drawn = async () => {
    await listInView(page);
    await page.waitForFunction(() => document.querySelector("#candidates").dataset.done);
  };
  await page.check("#by-score");
  await drawn();
  const order = await page.$$eval("#candidates li[role=option]", (items) => items.map((item) => +item.dataset.index));
  assert.deepEqual(order, [...order].sort((a, b) => a - b));
  await page.uncheck("#by-score");
  await drawn();
  // Drawn as far as its scrolling shows: the rest comes as the list is scrolled to it, or all
  // at once with End (the last word of the whole list focused).
  const shown = Math.min(100, +(await page.textContent("#candidates-status")).match(/: (\d+)/)[1]);
  const options = () => page.locator("#candidates li[role=option]").count();
  const before = await options();
  if (shown > 60) {
    assert.ok(before < shown, `${before} of ${shown} drawn before a scroll`);
    await page.$eval("#candidates", (list) => { list.scrollTop = list.scrollHeight; });
    await page.waitForFunction((n) => document.querySelectorAll("#candidates li[role=option]").length > n, before);
  }
  // One tab stop: arrows inside the list, Enter places the word, the focus is the grid's.
  assert.equal(await page.locator("#candidates li[tabindex='0']").count(), 1);
  await page.focus("#candidates li[tabindex='0']");
  await page.keyboard.press("End");
  assert.equal(await options(), shown);
  assert.equal(await page.getAttribute("#candidates li:focus", "data-index"),
               await page.$$eval("#candidates li[role=option]", (items) => items[items.length - 1].dataset.index));
  await page.keyboard.press("Home");  // the first in the list: a ✓
  const chosen = await page.textContent("#candidates li:focus .word");
  assert.equal(await page.getAttribute("#candidates li:focus", "class"), "fillable");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement.id === "grid");
  const column = (await cellLetters(page)).slice(0, 10).map((row) => row[1]).join("");
  assert.equal(column, chosen);
  await page.screenshot({ path: path.join(outDir, "serve-candidates.png"), fullPage: true });
}

// A phone (390x844): the 15x15 grid fits the width, nothing scrolls sideways.
async function phone(page, outDir) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForFunction(() => document.querySelectorAll("#grid [role=gridcell]").length === 225);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
  const box = await page.locator("#grid").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
  await page.screenshot({ path: path.join(outDir, "serve-phone.png"), fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Several puzzles saved in the browser: a second one, switching, renaming, deleting, a reload
// keeping both with their titles, clues and undo history, a full storage said aloud; then a
// template and a random pattern replacing the grid (undoable).
async function puzzles(page, url, outDir) {
  await page.goto(url);
  await page.click("#library summary");
  const titles = () => page.$$eval("#puzzle-list .puzzle-open", (items) => items.map((item) => item.textContent));
  const openPuzzle = (title) => page.click(`#puzzle-list .puzzle-open:text-is("${title}")`);
  const waitTitle = (title) => page.waitForFunction((t) => document.querySelector("#title").value === t, title);
  await page.fill("#title", "First puzzle");
  await page.waitForFunction(() => document.querySelector("#puzzle-list [aria-current] .puzzle-open").textContent === "First puzzle");
  const first = await cellLetters(page);

  await page.fill("#new-rows", "5");
  await page.fill("#new-cols", "5");
  await page.click("#puzzle-new");
  assert.deepEqual(await cellLetters(page), [".....", ".....", ".....", ".....", "....."]);
  await page.fill("#title", "Second puzzle");
  await page.click("#cell-0-0");
  await page.keyboard.type("Q");
  await page.fill("#clue-text", "Second clue");
  assert.deepEqual((await titles()).sort(), ["First puzzle", "Second puzzle"]);
  assert.match(await page.textContent("#puzzle-summary"), /2 saved/);

  await openPuzzle("First puzzle");
  await waitTitle("First puzzle");
  assert.deepEqual(await cellLetters(page), first);
  await openPuzzle("Second puzzle");
  await waitTitle("Second puzzle");
  assert.equal((await cellLetters(page))[0], "Q....");

  await page.click('#puzzle-list button[aria-label="Rename “First puzzle”"]');
  await page.fill("#puzzle-list .puzzle-title", "Renamed");
  await page.keyboard.press("Enter");
  assert.deepEqual((await titles()).sort(), ["Renamed", "Second puzzle"]);

  // Another tab: the puzzle made there shows here at once, and no tab drops another's.
  const other = await page.context().newPage();
  await other.goto(url);
  await other.click("#library summary");
  await other.click("#puzzle-new");
  await other.fill("#title", "Other tab");
  await page.waitForFunction(() => Array.from(document.querySelectorAll("#puzzle-list .puzzle-open"), (b) => b.textContent).includes("Other tab"));
  await other.close();
  await page.fill("#title", "Second puzzle");  // this tab's puzzle is the one open last again

  // A reload: all three, the open one with its title, clue and undo history.
  await page.reload();
  await page.click("#library summary");
  assert.deepEqual((await titles()).sort(), ["Other tab", "Renamed", "Second puzzle"]);
  assert.equal(await page.inputValue("#title"), "Second puzzle");
  assert.equal((await cellLetters(page))[0], "Q....");
  assert.deepEqual(await page.$$eval("#clues .clue", (clues) => clues.map((c) => c.textContent).filter(Boolean)), ["Second clue"]);
  await page.focus("#grid");
  await page.keyboard.press("Control+z");
  assert.equal((await cellLetters(page))[0], ".....");
  await page.keyboard.press("Control+y");
  assert.equal((await cellLetters(page))[0], "Q....");

  // A full storage is said, not lost silently; room again, the next change is saved.
  // (Filled with ever smaller pieces until not even 16 characters fit.)
  const filled = await page.evaluate(() => {
    let k = 0;
    for (let size = 1 << 20; size >= 16; size >>= 2) {
      try {
        for (; k < 1000; k++) localStorage.setItem(`filler-${k}`, "x".repeat(size));
        return -1;
      } catch {
        // this size no longer fits: a smaller one
      }
    }
    return k;
  });
  assert.ok(filled >= 0, "the storage never filled");
  await page.focus("#grid");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.type("ZZZ");
  await page.waitForFunction(() => /storage is full/.test(document.querySelector("#puzzle-status").textContent));
  await page.evaluate((count) => { for (let k = 0; k <= count; k++) localStorage.removeItem(`filler-${k}`); }, filled);
  await page.keyboard.press("Backspace");
  await page.waitForFunction(() => document.querySelector("#puzzle-status").textContent === "Saved again.");

  // A template replaces the grid; undo brings the puzzle's grid back.
  const before = await cellLetters(page);
  await page.click("#template-list .template >> nth=0");
  await page.waitForFunction(() => document.querySelectorAll("#grid [role=gridcell]").length === 225);
  const template = await page.evaluate(() => fetch("templates.json").then((r) => r.json()));
  assert.deepEqual(await cellLetters(page), template[0].rows);
  assert.match(await page.textContent("#template-status"), /^Template NYT 2020-10-12: 15×15, \d+ blocks\.$/);
  await page.focus("#grid");
  await page.keyboard.press("Control+z");
  assert.deepEqual(await cellLetters(page), before);

  // A random pattern: seed 7's (as tests/test_pattern.cc has it), then the next seed offered.
  await page.fill("#pattern-rows", "15");
  await page.fill("#pattern-cols", "15");
  await page.fill("#pattern-seed", "7");
  await page.click("#pattern-random");
  await page.waitForFunction(() => /^Random 15×15 pattern, seed 7: 39 blocks/.test(document.querySelector("#template-status").textContent));
  assert.equal((await cellLetters(page))[0], "....#....##....");
  assert.equal(await page.inputValue("#pattern-seed"), "8");
  // Not only square: 13 rows of 21, symmetric under a half turn.
  await page.fill("#pattern-rows", "13");
  await page.fill("#pattern-cols", "21");
  await page.click("#pattern-random");
  await page.waitForFunction(() => /^Random 13×21 pattern, seed 8: /.test(document.querySelector("#template-status").textContent));
  const wide = await cellLetters(page);
  assert.deepEqual([wide.length, wide[0].length], [13, 21]);
  for (let r = 0; r < 13; r++) {
    for (let c = 0; c < 21; c++) assert.equal(wide[r][c] === "#", wide[12 - r][20 - c] === "#", `${r},${c}`);
  }
  assert.ok(wide.join("").includes("#"));
  await page.fill("#pattern-rows", "40");
  await page.fill("#pattern-cols", "40");
  await page.click("#pattern-random");
  await page.waitForFunction(() => /^A pattern has 3 to 25 rows and columns, not 40x40$/.test(document.querySelector("#template-status").textContent));
  await page.screenshot({ path: path.join(outDir, "serve-puzzles.png"), fullPage: true });

  // Deleting asks first.
  await page.click('#puzzle-list button[aria-label="Delete “Renamed”"]');
  await page.click("#puzzle-delete-confirm");
  assert.deepEqual(await titles(), ["Second puzzle", "Other tab"]);
  await page.reload();
  assert.deepEqual(await titles(), ["Second puzzle", "Other tab"]);

  // The one grid earlier versions kept becomes the first puzzle, clue included.
  await page.evaluate(() => {
    localStorage.clear();
    const cells = Array.from("#..A", (ch) => ch === "#" ? { black: true, letter: "", origin: "", locked: false }
      : { black: false, letter: ch === "." ? "" : ch, origin: ch === "." ? "" : "user", locked: false });
    const grid = { rows: 2, cols: 2, cells, clues: { "0,1,down": "Old clue" }, rejected: [] };
    localStorage.setItem("squares-workbench-grid", JSON.stringify(grid));
  });
  await page.reload();
  assert.deepEqual(await titles(), ["Untitled"]);
  assert.deepEqual(await cellLetters(page), ["#.", ".A"]);
  assert.deepEqual(await page.$$eval("#clues .clue", (clues) => clues.map((c) => c.textContent).filter(Boolean)), ["Old clue"]);
  assert.equal(await page.evaluate(() => localStorage.getItem("squares-workbench-grid")), null);
}

async function squares(page, url, outDir) {
  await page.goto(`${url}#squares`);
  await page.click("#sq-first");
  await page.keyboard.type("BISHOP");
  await page.waitForFunction(() => document.querySelectorAll("#sq-results .square").length >= 3, null, { timeout: 60000 });
  const first = await page.textContent("#sq-results .square");
  assert.equal(first.split("\n")[0], "bishop");
  await page.waitForFunction(() => /^[\d,]+ squares? \(/.test(document.querySelector("#sq-status").textContent));
  await page.screenshot({ path: path.join(outDir, "serve-squares.png"), fullPage: true });
}

// At 1024x768 the panels stand beside the grid, a 15x15's and a 25x25's (its cells smaller),
// and nothing scrolls sideways.
async function besideTheGrid(page, url, outDir) {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(url);
  for (const side of [25, 15]) {
    await newGrid(page, side, side);
    await page.waitForFunction((n) => document.querySelectorAll("#grid [role=gridcell]").length === n, side * side);
    const grid = await page.locator("#grid").boundingBox();
    for (const panel of ["#candidates-heading", "#fill-heading", "#fill-all"]) {
      const box = await page.locator(panel).boundingBox();
      assert.ok(box.x >= grid.x + grid.width && box.x + box.width <= 1024, `${side}x${side}: ${panel} ${JSON.stringify([grid, box])}`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 1024);
  }
  await page.screenshot({ path: path.join(outDir, "serve-1024x768.png") });
}

// A phone (390x844, touch): the grid fits the width with the panels below it, and a tap on a
// cell focuses a real input, so that the phone raises its keyboard; what the keyboard inserts
// (letters beyond ASCII too, several at once, a composition) and its Backspace reach the grid.
async function phoneKeyboard(chromium, url, outDir) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2,
                                               isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => document.querySelectorAll("#grid [role=gridcell]").length === 225);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
    const grid = await page.locator("#grid").boundingBox();
    assert.ok(grid.x >= 0 && grid.x + grid.width <= 390, JSON.stringify(grid));
    for (const panel of ["#candidates-heading", "#fill-heading"]) {
      assert.ok((await page.locator(panel).boundingBox()).y >= grid.y + grid.height, panel);
    }
    // Choosing a word keeps the keyboard up: the focus goes back to the input, not the grid.
    await page.tap("#cell-2-0");
    await listInView(page);
    await page.waitForFunction(() => document.querySelector("#candidates").dataset.done &&
                                      document.querySelectorAll("#candidates li").length > 0, null, { timeout: 30000 });
    const word = await page.textContent("#candidates li[role=option] .word");
    await page.tap("#candidates li[role=option]");
    await page.waitForFunction((first) => document.querySelector("#cell-2-0 .letter").textContent === first, word[0]);
    assert.equal(await page.evaluate(() => document.activeElement.tagName), "INPUT");
    const row = async () => (await cellLetters(page))[0];
    await page.tap("#cell-0-2");  // (a second tap on the cursor's cell would turn it down)
    await page.tap("#cell-0-0");
    assert.deepEqual(await page.evaluate(() => {
      const input = document.activeElement;
      return [input.tagName, input.getAttribute("inputmode"), input.getAttribute("autocapitalize"), input.getAttribute("autocorrect")];
    }), ["INPUT", "text", "characters", "off"]);
    await page.keyboard.insertText("É");
    assert.equal(await row(), "É..............");
    assert.equal(await page.getAttribute("#grid", "aria-activedescendant"), "cell-0-1");
    await page.keyboard.insertText("ab");
    await page.keyboard.type("c");  // a keyboard's keydown
    assert.equal(await row(), "ÉABC...........");
    // A soft Backspace comes as an input event, with no keydown: it empties the last letter.
    await page.evaluate(() => document.activeElement.dispatchEvent(
      new InputEvent("beforeinput", { inputType: "deleteContentBackward", cancelable: true, bubbles: true })));
    assert.equal(await row(), "ÉAB............");
    // A composition (not cancelable): the letter it leaves in the input goes to the grid.
    await page.evaluate(() => {
      const input = document.activeElement;
      input.value += "ж";
      input.dispatchEvent(new InputEvent("input", { inputType: "insertCompositionText", data: "ж", bubbles: true }));
    });
    assert.equal(await row(), "ÉABЖ...........");
    assert.equal(await page.evaluate(() => [document.activeElement.tagName, document.activeElement.value]).then(String), "INPUT, ");
    await page.screenshot({ path: path.join(outDir, "serve-phone-keyboard.png") });
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
}

// The constructor's screens: 1024x768, a phone's keyboard, a million squares.
async function screens(chromium, page, url, outDir) {
  await besideTheGrid(page, url, outDir);
  await phoneKeyboard(chromium, url, outDir);
  await millionSquares(page, url, outDir);
}

// Word lists: a small list uploaded and chosen, a pattern search of it, a word excluded gone
// from the candidates; the choice and the change kept across a reload, and sent again when
// the server has lost them.
async function wordLists(page, url, outDir) {
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector("#list-choice").options.length >= 1);
  assert.equal(await page.inputValue("#list-choice"), "default");
  const list = "# mine\ncat;5\ncot;3\ncut;9\ncoat;1\nat;2\nto;2\n";
  await page.setInputFiles("#list-file", { name: "mine.txt", mimeType: "text/plain", buffer: Buffer.from(list) });
  await page.waitForFunction(() => document.querySelector("#list-status").textContent === "mine.txt: 6 words, scored.");
  assert.match(await page.inputValue("#list-choice"), /^u-[0-9a-f]{16}$/);
  await page.click("#list-tools summary");
  await page.fill("#pattern-text", "C?T");
  await page.press("#pattern-text", "Enter");
  await page.waitForFunction(() => document.querySelector("#pattern-status").textContent === "3 words fit C?T.");
  assert.deepEqual(await page.$$eval("#pattern-words li", (items) => items.map((item) => item.dataset.word)),
                   ["cut", "cat", "cot"]);

  // A 2x3 grid: 1 Across C.. has the list's three words; CUT excluded, two.
  await newGrid(page, 2, 3);
  await page.focus("#grid");  // at the top left, across
  await page.keyboard.press("c");
  const candidates = () => page.$$eval("#candidates li .word", (words) => words.map((word) => word.textContent).sort());
  await page.waitForFunction(() => /^1 Across \(C\.\.\): 3 words/.test(document.querySelector("#candidates-status").textContent))
    .catch(async (error) => { throw new Error(`${error.message}: ${await page.textContent("#candidates-status")}`); });
  assert.deepEqual(await candidates(), ["CAT", "COT", "CUT"]);
  await page.click("#pattern-words li[data-word=cut] button");
  await page.waitForFunction(() => /^1 Across \(C\.\.\): 2 words/.test(document.querySelector("#candidates-status").textContent));
  assert.deepEqual(await candidates(), ["CAT", "COT"]);
  assert.equal(await page.textContent("#changes li"), "CUT: excluded Undo");
  // The entry's word, CAT, excluded from the entry section: the list keeps COT only.
  await page.focus("#grid");
  await page.keyboard.type("at");
  await page.click("#exclude-word");
  await page.waitForFunction(() => document.querySelectorAll("#changes li").length === 2);
  assert.deepEqual(await page.$$eval("#changes li", (items) => items.map((item) => item.textContent)),
                   ["CUT: excluded Undo", "CAT: excluded Undo"]);
  await page.waitForFunction(() => document.querySelector("#pattern-status").textContent === "1 word fits C?T.");
  await page.screenshot({ path: path.join(outDir, "serve-lists.png"), fullPage: true });

  // Kept in the browser: the list chosen and its change.
  const chosen = await page.inputValue("#list-choice");
  await page.reload();
  await page.waitForFunction((id) => document.querySelector("#list-choice").value === id, chosen);
  assert.equal(await page.textContent("#changes li"), "CUT: excluded Undo");

  // The server loses both lists (others push them out, as a restart would): the page sends
  // them again, the upload's text from IndexedDB, and its search goes on.
  await page.evaluate(async () => {
    const post = (path, body) => fetch(path, { method: "POST", headers: { "Content-Type": "application/json" },
                                               body: JSON.stringify(body) });
    for (const word of ["aa", "bb", "cc", "dd"]) {
      await post("/api/lists", { text: `${word}\n` });
      await post("/api/lists/change", { list: "default", exclude: [word] });
    }
  });
  await page.click("#list-tools summary");
  await page.fill("#pattern-text", "C?T");
  await page.press("#pattern-text", "Enter");
  await page.waitForFunction(() => document.querySelector("#pattern-status").textContent === "1 word fits C?T.");
  assert.deepEqual(await page.$$eval("#pattern-words li", (items) => items.map((item) => item.dataset.word)), ["cot"]);

  // A file dropped on the panel is uploaded as one chosen is.
  const drop = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["dog\ncat\nact\n"], "dropped.txt", { type: "text/plain" }));
    return transfer;
  });
  await page.dispatchEvent("#word-lists", "drop", { dataTransfer: drop });
  await page.waitForFunction(() => /^dropped\.txt: 3 words/.test(document.querySelector("#list-status").textContent));
  assert.match(await page.inputValue("#list-choice"), /^u-[0-9a-f]{16}$/);

  // Delete on a candidate excludes it from the list chosen: 1 Across, CAT, then has no word.
  await newGrid(page, 2, 3);
  await page.focus("#grid");  // at the top left, across
  await page.keyboard.type("cat");
  await page.keyboard.press("Home");
  // A filled entry shows its alternatives, its own word marked.
  await listInView(page);
  await page.waitForFunction(() => /^1 Across \(alternatives to CAT\): 3 words fit/.test(document.querySelector("#candidates-status").textContent) &&
                                    document.querySelector("#candidates").dataset.done)
    .catch(async (error) => { throw new Error(`${error.message}: ${await page.textContent("#candidates-status")}`); });
  assert.equal(await page.textContent("#candidates li.current .word"), "CAT");
  await page.focus("#candidates li.current");
  await page.keyboard.press("Delete");
  await page.waitForFunction(() => /^1 Across \(alternatives to CAT\): 2 words fit/.test(document.querySelector("#candidates-status").textContent))
    .catch(async (error) => { throw new Error(`${error.message}: ${await page.textContent("#candidates-status")}`); });
  assert.equal(await page.locator("#candidates li.current").count(), 0);
  assert.equal(await page.textContent("#changes li"), "CAT: excluded Undo");
  // A letter the list does not have: the candidates say so and list nothing.
  await page.click("#cell-1-0");
  await page.keyboard.type("q");
  await page.waitForFunction(() => /letter 'Q' is not in the dictionary's alphabet/.test(document.querySelector("#candidates-status").textContent))
    .catch(async (error) => { throw new Error(`${error.message}: ${await page.textContent("#candidates-status")}`); });
  assert.equal(await page.locator("#candidates li").count(), 0);
  await page.selectOption("#list-choice", "default");
}

// The squares page streams a million squares without freezing: no long task past 50 ms (scaled
// by the machine's load: on a busy machine the page's slices take longer in wall time), a count
// that keeps up, a virtual list (a few squares in the page, the millionth reached by
// scrolling), and Stop ending an endless stream.
async function millionSquares(page, url, outDir) {
  await page.goto(`${url}#squares`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({ type: "longtask" });
  });
  const status = () => page.textContent("#sq-status");
  const counted = async () => parseInt((await status()).replace(/,/g, ""), 10);
  await page.fill("#sq-first", "");
  await page.fill("#sq-limit", "1000000");
  await page.fill("#sq-pattern", "..../..../..../....");  // every 4x4 square: 1,054,461
  await page.waitForFunction(() => /^1,000,000 squares \(limit reached\)$/.test(document.querySelector("#sq-status").textContent),
                             null, { timeout: 120000 })
    .catch(async (error) => { throw new Error(`${error.message}: ${await status()}`); });
  const longTasks = await page.evaluate(() => window.longTasks);
  const bound = 50 * Math.max(1, os.loadavg()[0] / os.cpus().length);
  console.log(`squares page: 1,000,000 squares, ${longTasks.length} long tasks, longest ${Math.max(0, ...longTasks)} ms ` +
              `(bound ${bound.toFixed(0)} ms at load ${os.loadavg()[0]})`);
  assert.ok(longTasks.every((ms) => ms <= bound), JSON.stringify(longTasks));
  assert.ok(await page.locator("#sq-results .square").count() < 200);
  // Scrolled to the end: the millionth square, a symmetric 4x4.
  await page.$eval("#sq-results", (view) => { view.scrollTop = view.scrollHeight; });
  await page.waitForFunction(() => document.querySelector("#sq-results .square:last-child").getAttribute("aria-posinset") === "1000000");
  const last = (await page.textContent("#sq-results .square:last-child")).split("\n");
  assert.equal(last.length, 4);
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) assert.equal(last[i][j], last[j][i], last.join("/"));
  // Away to the crossword and back: the same squares, laid out as before.
  const layout = () => page.$$eval("#sq-results .square", (items) => items.map((item) => item.getAttribute("aria-posinset") + "@" + item.style.transform));
  const shown = await layout();
  await page.click("#nav-editor");
  await page.click("#nav-squares");
  await page.waitForFunction(() => !document.querySelector("#squares-view").hidden);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.deepEqual(await layout(), shown);

  // Double squares of 4 letters with no limit: millions; the count rises, Stop ends it.
  await page.fill("#sq-limit", "");
  await page.selectOption("#sq-kind", "double");
  await page.waitForFunction(() => parseInt(document.querySelector("#sq-status").textContent.replace(/,/g, ""), 10) > 20000, null, { timeout: 60000 });
  const before = await counted();
  await page.waitForFunction((n) => parseInt(document.querySelector("#sq-status").textContent.replace(/,/g, ""), 10) > n, before);
  await page.screenshot({ path: path.join(outDir, "serve-squares-stream.png") });
  await page.click("#sq-stop");
  await page.waitForFunction(() => /\(stopped\)$/.test(document.querySelector("#sq-status").textContent));
  const stopped = await counted();
  await page.waitForTimeout(300);
  assert.equal(await counted(), stopped);
  assert.ok(await page.isDisabled("#sq-stop"));
}

// A partly filled grid (a letter beyond ASCII, one clue, the rest empty) exports as ipuz and
// .puz, read back by JSON and by @confuzzle/readpuz; the ipuz opened again in the page keeps
// its empty cells, its title and its empty clues empty.
async function unfilledExport(page, outDir) {
  const rows = ["#É...", ".....", ".....", ".....", "....#"];
  await page.setInputFiles("#open-file", { name: "partly.txt", mimeType: "text/plain", buffer: Buffer.from(rows.join("\n") + "\n") });
  await page.waitForFunction(() => document.querySelector("#export-status").textContent === "Opened partly.txt.");
  assert.deepEqual(await cellLetters(page), rows);
  await page.click("#clues-across li:first-child button");
  assert.equal(await page.textContent("#entry-name"), "1 Across");
  await page.fill("#clue-text", "Summer, in Paris");
  await page.fill("#title", "Unfilled");
  const [ipuzFile] = await Promise.all([page.waitForEvent("download"), page.click("[data-format=ipuz]")]);
  const ipuzText = fs.readFileSync(await ipuzFile.path(), "utf8");
  const ipuz = JSON.parse(ipuzText);
  assert.equal(ipuz.title, "Unfilled");
  assert.deepEqual(ipuz.solution.map((row) => row.map((cell) => cell || ".").join("")), rows);
  const clues = [...ipuz.clues.Across, ...ipuz.clues.Down];
  assert.deepEqual(clues.map((clue) => clue[1]), ["Summer, in Paris", ...Array(clues.length - 1).fill("")]);
  const [puzFile] = await Promise.all([page.waitForEvent("download"), page.click("[data-format=puz]")]);
  const puzBytes = fs.readFileSync(await puzFile.path());
  const puz = readpuz.readpuz(puzBytes);
  assert.equal(puzBytes.readUInt16LE(0x32), 2);  // "no solution given"
  assert.equal(puz.solution, rows.join("").replace(/#/g, ".").replace(/\./g, (dot, at) => at === 0 || at === 24 ? "." : "X"));
  assert.deepEqual(puz.clues, ["Summer, in Paris", ...Array(clues.length - 1).fill("")]);
  // Opened again: the same cells, title and clues, the empty ones still empty.
  await page.setInputFiles("#open-file", { name: "unfilled.ipuz", mimeType: "application/json", buffer: Buffer.from(ipuzText) });
  await page.waitForFunction(() => document.querySelector("#export-status").textContent === "Opened unfilled.ipuz.");
  assert.deepEqual(await cellLetters(page), rows);
  assert.equal(await page.inputValue("#title"), "Unfilled");
  const shown = await page.$$eval("#clues .clue", (items) => items.map((item) => item.textContent));
  assert.deepEqual(shown, ["Summer, in Paris", ...Array(clues.length - 1).fill("")]);
  await page.screenshot({ path: path.join(outDir, "serve-unfilled.png"), fullPage: true });
}

// A cancelled candidates request never writes into the list. The server is stood in for by
// a route: the first request gets a long list and many decisions, which the page takes in
// slices (giving the event loop back); a letter typed meanwhile asks again, and the second
// request gets a list of two. The first one's later lines name words the second list does
// not have: they must be dropped, not written (nor raise an error).
async function candidatesRace(page, url) {
  await page.goto(url);
  await newGrid(page, 3, 3);
  await page.waitForTimeout(500);  // the new grid's own candidates, from the server
  for (let attempt = 0; attempt < 3; attempt++) {
    let calls = 0;
    await page.route("**/api/candidates/stream", async (route) => {
      const first = ++calls === 1;
      const count = first ? 400 : 2;
      const lines = [JSON.stringify({ slot: { name: "1 Across", pattern: "..." },
        words: Array.from({ length: count }, (_, i) => ({ word: `w${i}`, score: 1, viability: "unknown" })) })];
      for (let i = 0; first && i < 30000; i++) lines.push(JSON.stringify({ index: 2 + i % 398, viability: "fillable", reason: "r" }));
      lines.push(JSON.stringify({ done: true, undecided: [] }));
      await route.fulfill({ status: 200, contentType: "application/x-ndjson", body: lines.join("\n") + "\n" });
    });
    // The view's own loads (as a selection change makes them), so that nothing else asks.
    const load = (slot) => page.evaluate((s) => {
      const editor = window.workbench.editor;
      editor.candidates.load(editor.model.slots[s], editor.model.searchGrid(), []);
    }, slot);
    await load(0);  // the first request
    await page.waitForFunction(() => document.querySelectorAll("#candidates li[role=option]").length > 2);
    await load(1);  // the second, while the first is being read
    await listInView(page);
    await page.waitForFunction(() => document.querySelector("#candidates").dataset.done &&
                                      document.querySelectorAll("#candidates li[role=option]").length === 2, null, { timeout: 20000 })
      .catch(async (error) => { throw new Error(`${error.message}: ${await page.textContent("#candidates-status")} (${calls} requests, grid ${(await cellLetters(page)).join("/")})`); });
    await page.waitForTimeout(300);  // the first request's lines, had they been kept
    assert.equal(await page.locator("#candidates li[role=option]").count(), 2);
    assert.doesNotMatch(await page.textContent("#candidates-status"), /Cannot|undefined/);
    assert.ok(calls >= 2, `${calls} requests`);
    await page.unroute("**/api/candidates/stream");
  }
}

// The candidate list is drawn in parts (10 items at once, the rest when the page is idle and
// the list in view, as far as its scrolling shows), and redrawn so as decisions arrive: it ends complete and in order (✓, then ? and ✗ under
// their headings, the list's order within each; 100 shown until Show all), and no word is in
// it twice at the end of any task. The server is stood in for by a route: 150 words, some
// decided after the list.
async function candidatesInParts(page, url) {
  await page.setViewportSize({ width: 1280, height: 400 });  // the list below the view
  await page.goto(url);
  await newGrid(page, 3, 3);
  await page.waitForTimeout(500);  // the new grid's own candidates, from the server
  const words = Array.from({ length: 150 }, (_, i) => ({ word: `w${i}`, score: 150 - i,
                                                         viability: i % 7 === 3 ? "impossible" : "unknown" }));
  const decided = words.map((w, i) => w.viability === "impossible" ? w.viability
    : i % 5 === 0 ? "fillable" : i % 11 === 0 ? "impossible" : "unknown");
  const lines = [JSON.stringify({ slot: { name: "1 Across", pattern: "..." }, words })];
  decided.forEach((viability, index) => {
    if (viability !== words[index].viability) lines.push(JSON.stringify({ index, viability, reason: "r" }));
  });
  lines.push(JSON.stringify({ done: true, undecided: [] }));
  await page.route("**/api/candidates/stream", (route) =>
    route.fulfill({ status: 200, contentType: "application/x-ndjson", body: lines.join("\n") + "\n" }));
  await page.evaluate(() => {
    const list = document.querySelector("#candidates");
    window.twice = [];
    new MutationObserver(() => {
      const shown = Array.from(list.querySelectorAll("[role=option]"), (item) => item.dataset.index);
      if (new Set(shown).size !== shown.length) window.twice.push(shown.join());
    }).observe(list, { childList: true });
    const editor = window.workbench.editor;
    window.scrollTo(0, 0);
    editor.candidates.load(editor.model.slots[0], editor.model.searchGrid(), []);
  });
  // What the list should hold: headings ("H ..."), words (their indices), the Show all button.
  const rank = { fillable: 0, unknown: 1, impossible: 2 };
  const expected = (shown) => {
    const order = words.map((w, i) => i).sort((a, b) => rank[decided[a]] - rank[decided[b]] || a - b).slice(0, shown);
    const items = [];
    order.forEach((i, k) => {
      if (decided[i] !== "fillable" && (k === 0 || decided[order[k - 1]] !== decided[i])) items.push(`H ${decided[i]}`);
      items.push(`${i} ${decided[i]}`);
    });
    return shown < words.length ? [...items, "more"] : items;
  };
  const shown = () => page.$$eval("#candidates li", (items) => items.map((item) =>
    item.getAttribute("role") === "option" ? `${item.dataset.index} ${item.className}`
      : item.querySelector("button") ? "more" : `H ${/being decided|not decided/.test(item.textContent) ? "unknown" : "impossible"}`));
  // Out of view, the list holds its first part only, the answer's end in (no data-done: the
  // rest is drawn once the list is in view).
  await page.waitForFunction(() => / s\)$/.test(document.querySelector("#candidates-status").textContent), null, { timeout: 20000 });
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.querySelector("#candidates").dataset.done), undefined);
  assert.deepEqual((await shown()).slice(0, 10), expected(100).slice(0, 10));
  await listInView(page);
  await page.waitForFunction(() => document.querySelector("#candidates").dataset.done, null, { timeout: 20000 });
  // In view, drawn as far as its scrolling shows, in order; the rest as it is scrolled to.
  const first = await shown();
  assert.ok(first.length < expected(100).length, `${first.length} items before a scroll`);
  assert.deepEqual(first, expected(100).slice(0, first.length));
  const scrolledTo = (count) => page.waitForFunction((n) => {  // n items, headings included
    const list = document.querySelector("#candidates");
    list.scrollTop = list.scrollHeight;
    return list.dataset.done && list.children.length === n;
  }, expected(count).length, { timeout: 20000, polling: 100 });
  await scrolledTo(100);
  assert.deepEqual(await shown(), expected(100));
  // The Show all button spans the list: one line (it was a word a line in the mark's column).
  const [button, option] = await page.evaluate(() => ["#candidates button", "#candidates li[role=option]"]
    .map((selector) => document.querySelector(selector).getBoundingClientRect().height));
  assert.ok(button < 2 * option, `${button} ${option}`);
  await page.click("#candidates button");  // Show all
  await scrolledTo(150);
  assert.deepEqual(await shown(), expected(150));
  assert.deepEqual(await page.evaluate(() => window.twice), []);
  await page.unroute("**/api/candidates/stream");
  await page.setViewportSize({ width: 1280, height: 800 });
}

// An edit's idle work (its clue words, statistics and save) waits for the marks of the grid it
// made, so that none of it runs between a key and its marks: with the proof held back, a letter
// typed is in its cell at once but in the clue list only once the marks come.
async function idleAfterMarks(page, url) {
  await page.goto(url);
  await newGrid(page, 3, 3);
  await page.waitForFunction(() => document.querySelector("#proof-verdict").dataset.verdict !== "checking");
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/api/prove", async (route) => { await held; await route.continue(); });
  await page.click("#cell-0-0");
  await page.keyboard.press("c");
  await page.waitForTimeout(1500);  // past the longest wait for an idle moment (1 s)
  assert.equal(await page.textContent("#cell-0-0 .letter"), "C");
  assert.equal(await page.textContent("#clues-across li button"), "...");
  release();
  await page.waitForFunction(() => document.querySelector("#clues-across li button").textContent === "C..");
  await page.unroute("**/api/prove");
}

// A key's frame lays out no more than its cells and the entry's word: the verdict line only
// turns grey (its state "checking") and keeps its words until the marks are drawn, and the
// entry's word is one line of a fixed height, long entries in smaller type that still fits.
async function keyFrame(page, url) {
  await page.goto(url);
  await newGrid(page, 3, 3);
  await page.waitForFunction(() => document.querySelector("#proof-verdict").dataset.verdict === "fillable");
  const before = await page.textContent("#proof-verdict");
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route("**/api/prove", async (route) => { await held; await route.continue(); });
  await page.click("#cell-0-0");
  await page.keyboard.press("c");
  assert.equal(await page.getAttribute("#proof-verdict", "data-verdict"), "checking");
  assert.equal(await page.getAttribute("#proof-verdict", "class"), "checking");
  assert.equal(await page.textContent("#proof-verdict"), before);
  assert.equal(await page.textContent("#entry-word"), "C..");
  assert.equal(await page.getAttribute("#entry-word", "class"), "word");
  release();
  await page.waitForFunction(() => document.querySelector("#proof-verdict").dataset.verdict !== "checking");
  assert.match(await page.textContent("#proof-verdict"), /^(Fillable|Impossible|Unknown): .* Breakfast test: strict\.$/);
  await page.unroute("**/api/prove");
  await newGrid(page, 3, 25);
  await page.click("#cell-0-0");
  if ((await page.textContent("#entry-word")).length !== 25) await page.keyboard.press(" ");  // 1 Across
  await page.waitForFunction(() => document.querySelector("#entry-word").textContent === ".".repeat(25));
  assert.equal(await page.getAttribute("#entry-word", "class"), "word long");
  assert.ok(await page.$eval("#entry-word", (word) => word.scrollWidth <= word.clientWidth));
}

// threadFetch (api.js), the proof's requests from a worker: a Response with the answer's
// status, Content-Type and body, and an AbortError for an aborted request as fetch throws
// (also when aborted before it is sent).
async function threadRequests(page, url) {
  await page.goto(url);
  const results = await page.evaluate(async () => {
    const { threadFetch } = await import("/api.js");
    const init = (signal) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: "{", signal });
    const response = await threadFetch("/api/prove", init());
    const outcome = (promise) => promise.then(() => "resolved", (error) => error.name);
    const controller = new AbortController();
    const pending = outcome(threadFetch("/api/prove", init(controller.signal)));
    controller.abort();
    return { status: response.status, type: response.headers.get("Content-Type"), error: (await response.json()).error,
             aborted: await pending, abortedBefore: await outcome(threadFetch("/api/prove", init(controller.signal))) };
  });
  assert.equal(results.status, 400);
  assert.match(results.type, /^application\/json/);
  assert.ok(results.error.length > 0);
  assert.equal(results.aborted, "AbortError");
  assert.equal(results.abortedBefore, "AbortError");
  // Without its worker's script the proof fails as a request does: the verdict says so.
  await page.route("**/request_worker.js", (route) => route.abort());
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector("#proof-verdict").dataset.verdict === "unknown");
  assert.match(await page.textContent("#proof-verdict"), /^Unknown: the page's request worker failed/);
  await page.unroute("**/request_worker.js");
}

// The same puzzle open in two tabs: both say so; an edit in one makes the other stop saving
// and ask which version to keep. Nothing is overwritten without the constructor's choice.
async function twoTabs(page, url, outDir) {
  await page.goto(url);
  await page.fill("#new-rows", "3");
  await page.fill("#new-cols", "3");
  await page.click("#library summary");
  await page.click("#puzzle-new");
  await page.fill("#title", "Shared");
  const other = await page.context().newPage();
  await other.goto(url);  // the puzzle open last: the same one
  await other.waitForFunction(() => document.querySelector("#title").value === "Shared");
  await page.waitForFunction(() => /also open in another tab/.test(document.querySelector("#puzzle-conflict").textContent));
  // Tab 1 types A: tab 2 asks, and its own edit meanwhile is not saved over tab 1's.
  await page.click("#cell-0-0");
  await page.keyboard.type("A");
  await other.waitForSelector("#conflict-theirs");
  await other.click("#cell-2-2");
  await other.keyboard.type("Z");
  await other.screenshot({ path: path.join(outDir, "serve-two-tabs.png"), fullPage: true });
  const stored = () => page.evaluate(() => {
    const index = JSON.parse(localStorage.getItem("squares-workbench-puzzles"));
    const entry = index.puzzles.find((p) => p.title === "Shared");
    return JSON.parse(localStorage.getItem(`squares-workbench-puzzle-${entry.id}`)).state;
  });
  assert.ok(!(await stored()).includes("Z"), await stored());
  // Tab 2 loads tab 1's version: A, no Z.
  await other.click("#conflict-theirs");
  await other.waitForFunction(() => document.querySelector("#cell-0-0 .letter").textContent === "A");
  assert.equal(await other.textContent("#cell-2-2 .letter"), "");
  assert.equal(await other.locator("#conflict-theirs").count(), 0);
  // Tab 2 edits; tab 1 asks and keeps both: its version becomes a copy.
  await other.click("#cell-1-1");
  await other.keyboard.type("B");
  await page.waitForSelector("#conflict-copy");
  await page.click("#conflict-copy");
  await page.waitForFunction(() => document.querySelector("#title").value === "Shared (copy)");
  const titles = await page.$$eval("#puzzle-list .puzzle-open", (items) => items.map((item) => item.textContent));
  assert.ok(titles.includes("Shared") && titles.includes("Shared (copy)"), titles.join());
  await other.close();
}

// The breakfast test's tier: the choice is kept and named in the verdict line; the words of
// the tiers it leaves out are no candidates.
async function breakfastTier(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => /Breakfast test: strict\.$/.test(document.querySelector("#proof-verdict").textContent), null, { timeout: 30000 });
  await page.selectOption("#allow-offensive", "vulgar");
  await page.waitForFunction(() => /Breakfast test: vulgar words allowed\.$/.test(document.querySelector("#proof-verdict").textContent));
  await page.reload();
  assert.equal(await page.inputValue("#allow-offensive"), "vulgar");
  await page.selectOption("#allow-offensive", "none");
}

// Keypress to marks on the theme 15x15 under 4x CPU throttling: the long tasks (over 50 ms)
// the page runs, measured by the long-task observer, and the time from a key to the marks of
// the new grid. Printed, not asserted (the machine's load decides the figures).
async function keypressTimes(page, url) {
  await page.goto(url);
  const theme = fs.readFileSync(path.join(__dirname, "data", "grids", "theme-15x15.txt"));
  await page.setInputFiles("#open-file", { name: "theme.txt", mimeType: "text/plain", buffer: theme });
  await page.waitForFunction(() => document.querySelector("#proof-verdict").dataset.verdict !== "checking", null, { timeout: 30000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); })
      .observe({ type: "longtask", buffered: false });
  });
  const times = [];
  for (const [r, c, letter] of [[0, 1, "a"], [1, 2, "e"], [2, 3, "s"], [5, 5, "t"], [6, 8, "o"], [8, 1, "r"], [9, 9, "e"], [12, 2, "a"]]) {
    await page.click(`#cell-${r}-${c}`);
    const started = Date.now();
    await page.keyboard.press(letter);
    await page.waitForFunction(([r, c]) => document.querySelector(`#cell-${r}-${c}`).dataset.letters !== "" &&
                                            window.workbench.editor.proof.proof.key === window.workbench.editor.proof.keyOf(window.workbench.editor.model.searchGrid()), [r, c]);
    times.push(Date.now() - started);
  }
  const longTasks = await page.evaluate(() => window.longTasks);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  times.sort((a, b) => a - b);
  console.log(`keypress to marks (4x CPU throttling): p50 ${times[times.length >> 1]} ms, max ${times[times.length - 1]} ms; ` +
              `long tasks: ${longTasks.length}, longest ${Math.round(Math.max(0, ...longTasks))} ms`);
}

// With a token, the address printed: the page's answer stores the cookie, the page takes the
// token out of its address, and its own requests go on with the cookie.
async function tokenAddress(chromium, squaresBinary) {
  const [server, url] = await startServer(squaresBinary, ["--token", "browser-token-1"]);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    assert.match(url, /\/\?token=browser-token-1$/);
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    assert.equal(page.url(), url.replace("?token=browser-token-1", ""));
    assert.equal(await page.evaluate(async () => (await fetch("/api/info")).status), 200);
    // So do the requests from the page's worker (api.js: threadFetch), and its script.
    assert.equal(await page.evaluate(async () =>
      (await (await import("/api.js")).threadFetch("/api/info", { method: "GET" })).status), 200);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
  }
}

// A puzzle's marks and info: a rebus typed in a cell (Insert, the letters, Enter), a circle
// and a shading (the Circle and Shade buttons), bars (the | key, and a click on a cell's
// bottom edge), the author and the notes; all kept through a reload, and in the ipuz exported
// (read back as JSON); the rebus edited down to one letter, the .puz exported (read back by
// @confuzzle/readpuz) has the author and notes, and what it cannot hold is said beside the
// link. The .puz opened again (sent as base64) keeps them.
async function puzzleMarks(page, outDir) {
  await newGrid(page, 5, 5);
  await page.click("#cell-0-0");
  await page.keyboard.press("ArrowLeft");  // across (the grid's edge: no move)
  await page.keyboard.press("Insert");
  await page.waitForSelector("#rebus-text");
  await page.keyboard.type("star");
  await page.keyboard.press("Enter");
  assert.equal(await page.textContent("#cell-0-0 .letter"), "STAR");
  assert.equal(await page.getAttribute("#grid", "aria-activedescendant"), "cell-0-1");
  await page.keyboard.type("E");
  await page.click("#cell-1-1");
  await page.click("#mark-circle");
  await page.click("#cell-2-2");
  await page.click("#mark-shade");
  await page.click("#cell-3-1");
  await page.keyboard.press("|");
  await page.check("#bar-mode");
  const box = await page.locator("#cell-4-0").boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 2);
  await page.uncheck("#bar-mode");
  await page.click("#puzzle-info summary");
  await page.fill("#info-author", "Ann Author");
  await page.fill("#info-notes", "Circles spell nothing.");
  await page.fill("#title", "Marked");
  const marks = async () => page.$$eval("#grid [role=gridcell]", (cells) => cells.filter((cell) =>
    /circled|shaded|bar-|rebus/.test(cell.className)).map((cell) =>
    `${cell.id}:${["rebus", "circled", "shaded", "bar-right", "bar-below"].filter((c) => cell.classList.contains(c)).join(",")}`));
  const expected = ["cell-0-0:rebus", "cell-1-1:circled", "cell-2-2:shaded", "cell-3-1:bar-right", "cell-4-0:bar-below"];
  assert.deepEqual(await marks(), expected);
  // A bar cuts the entry: 4 Across of row 4 is two slots now.
  assert.ok((await page.$$eval("#clues-across li", (items) => items.length)) >= 6);
  await page.screenshot({ path: path.join(outDir, "serve-marks.png"), fullPage: true });

  await page.reload();
  assert.deepEqual(await marks(), expected);
  assert.equal(await page.textContent("#cell-0-0 .letter"), "STAR");
  assert.equal(await page.inputValue("#info-author"), "Ann Author");
  assert.equal(await page.inputValue("#info-notes"), "Circles spell nothing.");

  const [ipuzFile] = await Promise.all([page.waitForEvent("download"), page.click("[data-format=ipuz]")]);
  const ipuz = JSON.parse(fs.readFileSync(await ipuzFile.path(), "utf8"));
  assert.deepEqual([ipuz.title, ipuz.author, ipuz.notes], ["Marked", "Ann Author", "Circles spell nothing."]);
  assert.deepEqual([ipuz.solution[0][0], ipuz.solution[0][1]], ["STAR", "E"]);
  const style = (r, c) => (typeof ipuz.puzzle[r][c] === "object" && ipuz.puzzle[r][c].style) || {};
  assert.equal(style(1, 1).shapebg, "circle");
  assert.ok(style(2, 2).color, JSON.stringify(ipuz.puzzle[2][2]));
  // The rebus edited again (its field holds its letters), down to one letter for .puz, whose
  // writer here may have no rebus.
  await page.click("#cell-0-0");
  await page.keyboard.press("Insert");
  assert.equal(await page.inputValue("#rebus-text"), "STAR");
  await page.fill("#rebus-text", "s");
  await page.keyboard.press("Enter");
  assert.equal(await page.textContent("#cell-0-0 .letter"), "S");
  assert.ok(!(await page.getAttribute("#cell-0-0", "class")).includes("rebus"));
  const [puzFile] = await Promise.all([page.waitForEvent("download"), page.click("[data-format=puz]")]);
  const puzBytes = fs.readFileSync(await puzFile.path());
  const puz = readpuz.readpuz(puzBytes);
  assert.deepEqual([puz.title, puz.author, puz.note], ["Marked", "Ann Author", "Circles spell nothing."]);
  assert.equal(puz.solution.slice(0, 2), "SE");
  // .puz has no shading: the status says so.
  await page.waitForFunction(() => /^Exported Marked\.puz\. .*shad/i.test(document.querySelector("#export-status").textContent));

  await page.setInputFiles("#open-file", { name: "Marked.puz", mimeType: "application/octet-stream", buffer: puzBytes });
  await page.waitForFunction(() => !/^Exported/.test(document.querySelector("#export-status").textContent));
  const opened = await page.textContent("#export-status");
  assert.ok(opened.startsWith("Opened Marked.puz."), opened);
  assert.equal(await page.inputValue("#info-author"), "Ann Author");
  assert.equal(await page.textContent("#cell-0-0 .letter"), "S");
  assert.ok((await page.getAttribute("#cell-1-1", "class")).includes("circled"));
}

// Test-solve: a 3x3 grid filled, its letters hidden in solve mode (blocks and numbers kept),
// a right and a wrong letter typed, the word checked (the wrong one marked), a rebus typed,
// the grid revealed; leaving the mode gives back the constructor's grid, its undo history
// and, after a reload, its saved state, none of them touched by the solver's letters.
// A shaped grid: its voids drawn as nothing (no fill, no border, no frame around the grid); a
// clue given by word goes to the entry that spells it.
async function voidsAndWordClues(page, url) {
  await page.goto(url);
  await page.setInputFiles("#open-file", { name: "shaped.txt", mimeType: "text/plain", buffer: Buffer.from("_CAT\n_ORE\n.WED\n") });
  await page.waitForFunction(() => document.querySelector("#export-status").textContent === "Opened shaped.txt.");
  const drawn = await page.$eval("#cell-1-0", (cell) => {
    const style = getComputedStyle(cell);
    return [cell.classList.contains("void"), style.backgroundColor, style.borderTopColor,
            getComputedStyle(cell.parentElement.parentElement).borderTopColor];
  });
  assert.deepEqual(drawn, [true, "rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]);
  await page.evaluate(() => window.workbench.editor.replace(["#CAT", "#ORE", ".WED"], [{ word: "c-a-t", text: "Pet" }]));
  assert.equal(await page.textContent("#clues-across li:first-child .clue"), "Pet");
}

async function testSolve(page, url, outDir) {
  await page.goto(url);
  await newGrid(page, 3, 3);
  await page.click("#cell-1-1");
  await page.keyboard.press("#");
  for (const [cell, letters] of [["cell-0-0", "ABC"], ["cell-1-0", "D"], ["cell-1-2", "F"], ["cell-2-0", "GHI"]]) {
    await page.click(`#${cell}`);
    if (cell.endsWith("-0")) await page.keyboard.press("ArrowLeft");  // across, staying in the cell
    await page.keyboard.type(letters);
  }
  const answers = ["ABC", "D#F", "GHI"];
  assert.deepEqual(await cellLetters(page), answers);

  await page.click("#solve");
  assert.equal(await page.isVisible("#solve-bar"), true);
  assert.deepEqual(await cellLetters(page), ["...", ".#.", "..."]);
  assert.equal(await page.textContent("#cell-0-0 .number"), "1");
  assert.deepEqual(await page.$$eval("#clues-across button", (buttons) => buttons.map((b) => b.textContent)), ["...", "..."]);
  assert.match(await page.textContent("#solve-time"), /^\d+:\d\d$/);
  await page.click("#cell-0-0");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.type("AX");
  assert.deepEqual(await cellLetters(page), ["AX.", ".#.", "..."]);
  await page.click("#solve-check-word");
  assert.equal(await page.textContent("#solve-status"), "1 wrong letter.");
  const wrong = await page.$$eval("#grid .solve-wrong", (cells) => cells.map((cell) => cell.id));
  assert.deepEqual(wrong, ["cell-0-1"]);
  // The constructor's tools for the entry are gone; Check checks the solver's letters (the
  // constructor's grid is filled, the solver's not yet).
  assert.equal(await page.isVisible("#lock-entry"), false);
  assert.equal(await page.isVisible("#reject-word"), false);
  await page.click("#check-grid");
  await page.waitForFunction(() => document.querySelector("#export-status").textContent !== "");
  assert.equal(await page.textContent("#export-status"), "Not filled yet.");
  await page.screenshot({ path: path.join(outDir, "serve-solve.png"), fullPage: true });
  // Ctrl+Z and '#' change nothing while solving.
  await page.keyboard.press("Control+z");
  await page.keyboard.press("#");
  assert.deepEqual(await cellLetters(page), ["AX.", ".#.", "..."]);
  // A rebus, through the rebus field.
  await page.click("#cell-2-0");
  await page.keyboard.press("Insert");
  await page.waitForSelector("#rebus-text");
  await page.fill("#rebus-text", "st");
  await page.keyboard.press("Enter");
  assert.equal(await page.textContent("#cell-2-0 .letter"), "ST");
  assert.ok((await page.getAttribute("#cell-2-0", "class")).includes("rebus"));
  // The clock paused hides the grid's letters and takes no typing.
  await page.click("#solve-pause");
  assert.equal(await page.textContent("#solve-pause"), "Resume");
  assert.ok((await page.getAttribute("#grid", "class")).includes("solve-paused"));
  await page.click("#solve-pause");

  await page.click("#solve-reveal-grid");
  assert.deepEqual(await cellLetters(page), answers);
  const revealed = await page.$$eval("#grid .solve-revealed", (cells) => cells.map((cell) => cell.id));
  assert.deepEqual(revealed, ["cell-0-1", "cell-0-2", "cell-1-0", "cell-1-2", "cell-2-0", "cell-2-1", "cell-2-2"]);

  // Leaving: the constructor's grid, and its last change is still the one undone.
  await page.click("#solve");
  assert.equal(await page.isVisible("#solve-bar"), false);
  assert.equal(await page.isVisible("#lock-entry"), true);
  assert.deepEqual(await cellLetters(page), answers);
  assert.equal(await page.locator("#grid .solve-wrong, #grid .solve-revealed").count(), 0);
  await page.focus("#grid");
  await page.keyboard.press("Control+z");
  assert.deepEqual(await cellLetters(page), ["ABC", "D#F", "GH."]);
  await page.keyboard.press("Control+y");
  // Solving again starts from empty cells, and leaving it once more changes nothing saved.
  await page.click("#solve");
  assert.deepEqual(await cellLetters(page), ["...", ".#.", "..."]);
  await page.click("#cell-0-0");
  await page.keyboard.type("Q");
  await page.click("#solve");
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll("#grid [role=gridcell]").length === 9);
  assert.deepEqual(await cellLetters(page), answers);
  assert.equal(await page.isVisible("#solve-bar"), false);
}

async function main() {
  const [squaresBinary, outDir, modulesArg] = process.argv.slice(2);
  const modules = path.resolve(modulesArg || "");
  if (!fs.existsSync(CHROMIUM)) skip(`no ${CHROMIUM}`);
  if (!fs.existsSync(path.join(modules, "playwright-core"))) skip(`no playwright-core in ${modules}`);
  const { chromium } = require(path.join(modules, "playwright-core"));
  readpuz = require(path.join(modules, "@confuzzle", "readpuz"));
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
    await unfilledExport(page, outDir);
    await puzzleMarks(page, outDir);
    await proofAndCandidates(page, outDir);
    await phone(page, outDir);
    await puzzles(page, url, outDir);
    await squares(page, url, outDir);
    await wordLists(page, url, outDir);
    await candidatesRace(page, url);
    await candidatesInParts(page, url);
    await idleAfterMarks(page, url);
    await keyFrame(page, url);
    await threadRequests(page, url);
    await twoTabs(page, url, outDir);
    await breakfastTier(page, url);
    await keypressTimes(page, url);
    await screens(chromium, page, url, outDir);
    await tokenAddress(chromium, squaresBinary);
    await voidsAndWordClues(page, url);
    await testSolve(page, url, outDir);
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
