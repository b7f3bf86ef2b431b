// Test-solve: the constructor plays the grid with its letters hidden, as a solver would. The
// solver's entries live here only, one string per cell of the model; the model, the saved
// puzzle and its undo history never see them, so leaving the mode leaves the grid as it was.
export class SolveMode {
  // `editor`: the Editor (its model, cursor, slot and paint); `$`: the page's element by id.
  constructor(editor, $) {
    this.editor = editor;
    this.$ = $;
    this.active = false;
    this.entries = [];
    this.marks = [];                 // per cell: "", "wrong" or "revealed"
    this.elapsed = 0;                // milliseconds before `since`
    this.since = null;               // when the clock last started, or null when paused
    this.ticker = 0;
    $("solve").addEventListener("click", () => (this.active ? this.stop() : this.start()));
    $("solve-pause").addEventListener("click", () => this.pause(this.since !== null));
    for (const scope of ["letter", "word", "grid"]) {
      $(`solve-check-${scope}`).addEventListener("click", () => this.check(scope));
      $(`solve-reveal-${scope}`).addEventListener("click", () => this.reveal(scope));
    }
  }

  start() {
    const model = this.editor.model;
    this.entries = model.cells.map(() => "");
    this.marks = model.cells.map(() => "");
    this.active = true;
    this.elapsed = 0;
    this.setStatus("");
    this.pause(false);
    this.showControls();
    this.editor.solveChanged();
  }

  // Back to the constructor's grid, which nothing here changed; `repaint` false when the
  // editor is about to draw a new grid anyway.
  stop(repaint = true) {
    if (!this.active) return;
    this.active = false;
    this.entries = [];
    this.marks = [];
    clearInterval(this.ticker);
    this.since = null;
    this.showControls();
    if (repaint) this.editor.solveChanged();
  }

  showControls() {
    this.$("solve").setAttribute("aria-pressed", String(this.active));
    this.$("solve").textContent = this.active ? "Stop solving" : "Solve";
    this.$("solve-bar").hidden = !this.active;
    this.editor.root.classList.toggle("solving", this.active);
  }

  get paused() { return this.active && this.since === null; }

  // The clock stopped (`paused` true, the grid hidden) or running.
  pause(paused) {
    clearInterval(this.ticker);
    if (paused) {
      this.elapsed += performance.now() - this.since;
      this.since = null;
    } else {
      this.since = performance.now();
      this.ticker = setInterval(() => this.showTime(), 500);
    }
    this.$("solve-pause").textContent = paused ? "Resume" : "Pause";
    this.editor.grid.classList.toggle("solve-paused", paused);
    this.showTime();
  }

  showTime() {
    const total = Math.floor((this.elapsed + (this.since === null ? 0 : performance.now() - this.since)) / 1000);
    this.$("solve-time").textContent = `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
  }

  // What cell `i` shows: the solver's letters.
  letterAt(i) { return this.entries[i]; }

  classesAt(i) { return this.marks[i] ? [`solve-${this.marks[i]}`] : []; }

  // The solver's letters of `slot`, '.' for an empty cell (the words the page shows).
  word(slot) { return slot.cells.map((i) => this.entries[i] || ".").join(""); }

  // The solver types `letters` (one, a rebus's, or "" to erase) into the cursor's cell.
  write(letters) {
    if (this.paused) return;
    const i = this.cursorIndex();
    if (this.editor.model.cells[i].black || this.entries[i] === letters) return;
    this.entries[i] = letters;
    this.marks[i] = "";
    if (this.solved()) {
      this.pause(true);
      this.setStatus(`Solved in ${this.$("solve-time").textContent}.`);
    }
    this.editor.solveChanged();
  }

  cursorIndex() { return this.editor.model.index(this.editor.cursor.r, this.editor.cursor.c); }

  // The cells of `scope` ("letter", "word", "grid") that hold an answer.
  cells(scope) {
    const model = this.editor.model;
    const slot = this.editor.slot();
    const all = scope === "letter" ? [this.cursorIndex()] : scope === "word" ? (slot ? slot.cells : [])
      : model.cells.map((_, i) => i);
    return all.filter((i) => !model.cells[i].black && model.cells[i].letter);
  }

  // Marks the wrong letters of `scope` (an empty cell is not wrong, only unfinished).
  check(scope) {
    if (this.paused) return;
    const answers = this.editor.model.cells;
    let wrong = 0;
    for (const i of this.cells(scope)) {
      if (!this.entries[i] || this.marks[i] === "revealed") continue;
      const right = this.entries[i] === answers[i].letter;
      this.marks[i] = right ? "" : "wrong";
      wrong += right ? 0 : 1;
    }
    this.setStatus(wrong ? `${wrong} wrong letter${wrong > 1 ? "s" : ""}.` : "No wrong letters.");
    this.editor.solveChanged();
  }

  reveal(scope) {
    if (this.paused) return;
    const answers = this.editor.model.cells;
    for (const i of this.cells(scope)) {
      if (this.entries[i] === answers[i].letter && this.marks[i] !== "wrong") continue;
      this.entries[i] = answers[i].letter;
      this.marks[i] = "revealed";
    }
    this.setStatus("");
    this.editor.solveChanged();
  }

  // Every cell with an answer holds it.
  solved() {
    const answers = this.cells("grid");
    return answers.length > 0 && answers.every((i) => this.entries[i] === this.editor.model.cells[i].letter);
  }

  setStatus(text) { this.$("solve-status").textContent = text; }
}
