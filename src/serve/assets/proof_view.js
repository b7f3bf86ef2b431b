// The grid's live proof and its verdict. After each edit, POST /api/prove twice: first arc
// consistency alone ("seconds": 0, a few milliseconds), which says how many letters each cell
// can still take and which entries and cells have none (cells shaded by that count, dead ones
// red); then the verdict of a search of about a second, which says whether the grid is
// fillable (its fill shown faintly in the empty cells), impossible (the entries of the
// conflict outlined) or unknown (asked again twice, for 2 s then 4 s). The page always says which of the three
// holds, or that it is being decided (on an edit the line turns grey at once, and says so
// once the marks are drawn). A newer edit cancels both requests; an answer to an older grid is dropped.
import { postJson } from "./api.js";
import { allowOffensive, tierName } from "./breakfast.js";
import { whenIdle } from "./idle.js";

const VERDICT_SECONDS = 1;
const RETRIES = 2;
const VERDICT_WAIT_MS = 50;  // the longest wait for an idle moment before asking for the verdict

export class ProofView {
  // `status`: the element that names the dead entries; `verdictLine`: the verdict's;
  // `onProof`: called when a proof or a verdict arrives.
  constructor(status, verdictLine, onProof) {
    this.status = status;
    this.verdictLine = verdictLine;
    this.onProof = onProof;
    this.request = null;  // the AbortController of the proof in flight
    this.proof = null;    // { key, answer, ms } of the latest proof (or verdict)
    this.started = 0;
    this.marks = null;    // the latest proof's cells, cached per proof (marksFor)
    this.fill = null;     // the last fill a verdict found, { fill, context }, while it may still hold
  }

  // The key of a grid as the searches take it ({grid: rows} or {puzzle}): equal for equal grids.
  keyOf(grid) { return JSON.stringify(grid); }

  // Asks for the proof of `grid` ({grid: rows} or {puzzle}, GridModel.searchGrid), then its
  // verdict, cancelling those in flight; `onMarks` once the proof is shown (or failed).
  async prove(grid, exclude, onMarks = () => {}) {
    if (this.request) this.request.abort();
    const controller = new AbortController();
    this.request = controller;
    this.started = performance.now();
    const key = this.keyOf(grid);
    const tier = allowOffensive();
    // A fill found for other rejected words or another tier says nothing of this grid.
    const context = JSON.stringify([exclude, tier]);
    if (this.fill && this.fill.context !== context) this.fill = null;
    const ask = (seconds) => postJson("/api/prove",
      { ...grid, options: { exclude, "allow-offensive": tier, seconds } }, controller.signal, true);
    const current = () => this.request === controller;
    // On the key the line only turns grey (its state); its words, which lay the page out
    // again from the line down, change once the marks are drawn.
    this.state("checking");
    let marked = false;  // onMarks called
    try {
      let answer = await ask(0);
      if (!current()) return;
      this.show(key, answer, context);
      // The verdict's request leaves once the page is idle (the marks drawn), so that nothing
      // of it (its start, its answer) comes before the marks' frame.
      // (Asked before onMarks: the idle work that waited for the marks comes after it.)
      const idle = new Promise((resolve) => whenIdle(resolve, VERDICT_WAIT_MS));
      marked = true;
      onMarks();
      await idle;
      if (!current()) return;
      this.say("checking", "Deciding whether the grid can be filled…", tier);
      // Unknown: asked again (RETRIES times, each twice as long) while the grid stays as it
      // is; each search starts from the last fill the server found, which the candidates'
      // searches meanwhile renew.
      for (let round = 0; round <= RETRIES && answer.verdict.verdict !== "impossible" &&
                          answer.verdict.verdict !== "fillable"; round++) {
        if (round > 0) this.say("unknown", `Unknown: ${answer.message}; searching again…`, tier);
        answer = await ask(VERDICT_SECONDS * 2 ** round);
        if (!current()) return;
        this.show(key, answer, context);
      }
      const verdict = answer.verdict;
      const text = {
        fillable: "Fillable: a fill exists (shown faintly in the empty cells).",
        impossible: `Impossible: ${answer.message}.`,
        unknown: `Unknown: ${answer.message}.`,
      }[verdict.verdict];
      this.say(verdict.verdict, text, tier);
    } catch (error) {
      if (error.name === "AbortError" || !current()) return;
      if (!marked) onMarks();  // (the editor's idle work and candidates wait for it)
      this.say("unknown", `Unknown: ${error.message}`, tier);
    } finally {
      if (current()) this.request = null;
    }
  }

  show(key, answer, context) {
    this.proof = { key, answer, ms: performance.now() - this.started };
    const verdict = answer.verdict;
    if (verdict.fill) this.fill = { fill: verdict.fill, context };
    else if (verdict.verdict === "impossible" || !answer.consistent) this.fill = null;
    this.status.textContent = answer.consistent ? "" : answer.message;
    this.status.classList.toggle("dead", !answer.consistent);
    this.onProof();
  }

  say(state, text, tier) {
    this.state(state);
    const line = `${text} Breakfast test: ${tierName(tier)}.`;
    if (this.verdictLine.textContent !== line) this.verdictLine.textContent = line;
  }

  state(state) {
    if (this.verdictLine.dataset.verdict === state) return;
    this.verdictLine.className = state;
    this.verdictLine.dataset.verdict = state;
  }

  // Forgets the proof shown: the next grid is another one (a file, a new puzzle), whose cells
  // the last proof's marks say nothing about.
  reset() {
    this.proof = null;
    this.marks = null;
    this.fill = null;
  }

  // The marks to draw on the grid of `key` (keyOf), `count` cells `cols` wide, for cellState:
  // its own proof's, or while that is asked for, the last proof's of a grid of the same size (an
  // edit changes the marks of few cells: drawn over the last ones, not over none, a key restyles
  // those few cells once instead of the whole grid twice). The last fill found is shown faintly
  // while `fits(fill)` says it is a fill of this grid too (a letter typed as the fill has it
  // keeps it: the arc consistency proof, which finds no fill, does not clear it, nor the
  // verdict then draw it again, each a change of every empty cell). A fill that no longer fits
  // stays drawn, hidden (`ghostHidden`): hiding it is one class on its layer (Editor.build),
  // where clearing each empty cell's letter restyled and laid out every one (~300 elements and
  // 600 layout objects on the key). Null when there is none.
  marksFor(key, count, cols, fits) {
    if (!this.proof || this.proof.answer.letters.length !== count) return null;
    if (!this.marks || this.marks.proof !== this.proof) this.marks = this.cellMarks(this.proof.answer, cols);
    const marks = this.marks;
    if (marks.key !== key || marks.fill !== this.fill) {
      marks.key = key;
      marks.fill = this.fill;
      marks.ghost = this.fill ? this.fill.fill : null;
      marks.ghostHidden = !!this.fill && !fits(this.fill.fill);
    }
    return marks;
  }

  // The proof's classes (a string), letter count and faint letter for cell `index` of the grid
  // `marks` (marksFor) are for; `title` says the same in words, when the pointer comes over it.
  cellState(marks, index) {
    const letters = marks.proof.answer.letters[index];
    const classes = (marks.deadCells.has(index) || letters === 0 ? " dead-cell" : "") +
      (marks.deadEntries.has(index) ? " dead-entry" : "") + (marks.conflict.has(index) ? " conflict-entry" : "");
    return { letters, ghost: marks.ghost ? marks.ghost[index] : "", classes: classes.slice(1) };
  }

  title(marks, index) {
    const answer = marks.proof.answer;
    const letters = answer.letters[index];
    const entry = marks.deadEntries.get(index);
    const inConflict = marks.conflict.get(index);
    return marks.deadCells.has(index) || letters === 0 ? "no letter fits here" : entry ? `${entry} has no word` :
      inConflict ? (answer.verdict.minimal ? `${inConflict}: one of the entries that have no fill together (each is needed)`
        : `${inConflict}: part of the conflict that rules out every fill`) :
      `${letters} letter${letters === 1 ? "" : "s"} can go here`;
  }

  cellMarks(answer, cols) {
    const cellsOf = (slots) => {
      const map = new Map();
      for (const slot of slots) {
        const [dr, dc] = slot.direction === "across" ? [0, 1] : [1, 0];
        for (let k = 0; k < slot.length; k++) map.set((slot.row + dr * k) * cols + slot.col + dc * k, slot.name);
      }
      return map;
    };
    return {
      proof: this.proof,
      deadCells: new Set(answer.dead_cells),
      deadEntries: cellsOf(answer.dead_slots),
      conflict: answer.consistent ? cellsOf(answer.verdict.conflict) : new Map(),
      ghost: null,  // the fill shown, a letter per cell ("" for a black one), or null (marksFor)
      ghostHidden: false,  // whether it is hidden (no longer a fill of the grid)
    };
  }
}
