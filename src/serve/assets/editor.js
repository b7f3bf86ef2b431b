// The crossword editor: the grid (an ARIA grid driven from the keyboard or the mouse), the
// candidates of the selected entry, autofill, locks, rejected words, clues, check and export.
import { GridModel, INFO_FIELDS, MAX_SIDE, splitRow } from "./grid_model.js";
import { answerOf, postJson, sentence } from "./api.js";
import { ProofView } from "./proof_view.js";
import { cellView, drawCell } from "./cell_view.js";
import { CandidatesView } from "./candidates_view.js";
import { renderStats } from "./stats_view.js";
import { SoftKeyboard } from "./soft_keyboard.js";
import { PuzzlesView } from "./puzzles_view.js";
import { TemplatesView } from "./templates_view.js";
import { allowOffensive, bindBreakfast } from "./breakfast.js";
import { RebusEntry } from "./rebus_entry.js";
import { SolveMode } from "./solve_mode.js";
import { acceptDrops, describe, exportPuzzle, openFile } from "./puzzle_files.js";
import { IdleGate } from "./idle.js";

const SVG = "http://www.w3.org/2000/svg";
const LONG_WORD = 18;  // the letters of the longest entry shown in full type (style.css: #entry-word)

function isAbort(error) { return error.name === "AbortError"; }

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

export class Editor {
  constructor(root) {
    this.root = root;
    this.$ = (id) => root.querySelector(`#${id}`);
    this.model = new GridModel(15, 15);
    this.cursor = { r: 0, c: 0 };
    this.direction = "across";
    this.anchor = null;              // the other corner of a selected region, or null
    this.candidatesTimer = 0;
    this.afterMarks = new IdleGate();  // closed while the marks of an edit are awaited
    this.fillRequest = null;         // the AbortController of the fill in flight
    this.grid = this.$("grid");
    bindBreakfast(document.getElementById("allow-offensive"));
    this.rebus = new RebusEntry((letters) => this.endRebus(letters));
    this.solve = new SolveMode(this, this.$);
    this.proof = new ProofView(this.$("proof-status"), this.$("proof-verdict"), () => this.paint());
    this.candidates = new CandidatesView(this.$("candidates"), this.$("candidates-status"), this.$("by-score"),
                                         (word) => this.place(word));
    // The puzzles saved in the browser: the one open last comes back with its history.
    this.puzzles = new PuzzlesView(root, this);
    this.adopt(this.puzzles.first());
    this.templates = new TemplatesView(root, (rows) => this.replace(rows));
    this.bindControls();
    this.bindGrid();
    this.softKeyboard = new SoftKeyboard(this.grid, (event) => this.key(event));
    this.build();
    // Another word list, or its words changed: the proof and candidates again.
    document.addEventListener("wordlist-change", () => {
      this.proof.reset();  // its marks and fill are of the other words
      this.proveGrid();
    });
    // A reload or a closed tab: the edits waiting to be saved are saved now.
    window.addEventListener("pagehide", () => this.flushSave());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.flushSave();
    });
  }

  // ---- Controls outside the grid.
  bindControls() {
    this.$("new-grid").addEventListener("click", () => {
      this.model.checkpoint();
      this.model.reset(...this.chosenSize());
      this.cursor = { r: 0, c: 0 };
      this.build();
    });
    this.$("open-file").addEventListener("change", (event) => this.open(event.target.files[0]));
    acceptDrops(this.root, (file) => this.open(file));
    this.$("rebus").addEventListener("click", () => this.startRebus());
    this.$("mark-circle").addEventListener("click", () => this.toggleMark("circled"));
    this.$("mark-shade").addEventListener("click", () => this.toggleMark("shaded"));
    this.$("bar-right").addEventListener("click", () => this.toggleBar("barRight"));
    this.$("bar-below").addEventListener("click", () => this.toggleBar("barBelow"));
    for (const field of INFO_FIELDS) {
      this.$(`info-${field}`).addEventListener("input", (event) => {
        this.model.info[field] = event.target.value;
        this.save();
      });
    }
    this.$("undo").addEventListener("click", () => this.history("undo"));
    this.$("redo").addEventListener("click", () => this.history("redo"));
    this.$("fill-all").addEventListener("click", () => this.fill(false));
    this.$("fill-region").addEventListener("click", () => this.fill(true));
    this.$("fill-stop").addEventListener("click", () => this.fillRequest && this.fillRequest.abort());
    this.$("fill-clear").addEventListener("click", () => this.edit(() => {
      for (const cell of this.model.cells) {
        if (cell.origin === "fill" && !cell.locked) Object.assign(cell, { letter: "", origin: "" });
      }
    }));
    this.$("title").addEventListener("input", () => this.save());
    this.$("clue-text").addEventListener("input", (event) => {
      const slot = this.slot();
      if (slot) this.model.clues[slot.key] = event.target.value;
      this.renderClues();
      this.save();
    });
    this.$("lock-entry").addEventListener("change", (event) => {
      const slot = this.slot();
      if (!slot) return;
      this.edit(() => slot.cells.forEach((i) => { this.model.cells[i].locked = event.target.checked; }));
    });
    this.$("reject-word").addEventListener("click", () => this.reject());
    this.$("exclude-word").addEventListener("click", () => this.excludeFromList());
    this.$("check-grid").addEventListener("click", () => this.check());
    for (const button of this.root.querySelectorAll("[data-format]")) {
      button.addEventListener("click", () => this.export(button.dataset.format));
    }
    // PDF only when the server has lualatex.
    fetch("/api/info").then(answerOf).then((info) => {
      for (const id of ["export-pdf", "export-submission"]) this.$(id).hidden = !info.pdf;
    }, () => {});
  }

  // ---- The grid: mouse and keyboard.
  bindGrid() {
    this.grid.addEventListener("mousedown", (event) => {
      const target = event.target.closest("[role=gridcell]");
      if (!target) return;
      event.preventDefault();
      this.grid.focus();
      const r = +target.dataset.r, c = +target.dataset.c;
      const shaping = !this.solve.active && !event.shiftKey;
      const edge = shaping && this.$("bar-mode").checked && this.edgeOf(target, event);
      if (edge) {
        this.cursor = { r, c };
        this.toggleBar(edge);
        return;
      }
      if (shaping && this.$("black-mode").checked) {
        this.cursor = { r, c };
        this.toggleBlack();
        return;
      }
      if (event.shiftKey) {
        this.anchor = this.anchor || { ...this.cursor };
      } else {
        if (this.cursor.r === r && this.cursor.c === c) this.turn();
        this.anchor = null;
      }
      this.moveTo(r, c);
    });
    this.grid.addEventListener("keydown", (event) => this.key(event));
    this.grid.addEventListener("mouseover", (event) => {
      const target = event.target.closest("[role=gridcell]");
      if (!target) return;
      const i = this.model.index(+target.dataset.r, +target.dataset.c);
      const view = this.drawn[i];
      const title = view && view.proven ? this.proof.title(this.drawnMarks, i) : "";
      if (view && target.title !== title) target.title = title;
    });
  }

  key(event) {
    // Solving, the keys that change the grid's shape or history do nothing.
    if (this.solve.active && ((event.ctrlKey || event.metaKey) || ["#", ".", "|", "_"].includes(event.key))) {
      event.preventDefault();
      return;
    }
    const arrows = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const k = event.key;
    if ((event.ctrlKey || event.metaKey) && !event.altKey) {
      if (k === "z" || k === "Z") this.history(event.shiftKey ? "redo" : "undo");
      else if (k === "y") this.history("redo");
      else return;
    } else if (arrows[k]) {
      const [dr, dc] = arrows[k];
      if (event.shiftKey) {
        this.anchor = this.anchor || { ...this.cursor };
      } else {
        this.anchor = null;
        this.direction = dr === 0 ? "across" : "down";
      }
      this.moveTo(this.cursor.r + dr, this.cursor.c + dc);
    } else if (k === "Tab") {
      this.nextSlot(event.shiftKey ? -1 : 1);
    } else if (k === " " || k === "Enter") {
      this.turn();
      this.paint();
    } else if (k === "Insert") {
      this.startRebus();
    } else if (k === "Escape") {
      this.$("clue-text").focus();
    } else if (k === "|") {
      this.toggleBar("barRight");
    } else if (k === "_") {
      this.toggleBar("barBelow");
    } else if (k === "#" || k === ".") {
      this.toggleBlack();
    } else if (k === "Backspace" || k === "Delete") {
      const here = this.letterAt(this.model.index(this.cursor.r, this.cursor.c));
      if (k === "Backspace" && !here) this.advance(-1);
      this.setLetter("");
      if (k === "Backspace" && here) this.paint();
    } else if (k.length >= 1 && /^\p{L}$/u.test(k) && !event.altKey) {
      this.setLetter(k.toUpperCase());
      this.advance(1);
    } else {
      return;
    }
    event.preventDefault();
  }

  moveTo(r, c) {
    if (!this.model.inside(r, c)) return;
    this.cursor = { r, c };
    this.paint();
    this.scheduleCandidates();
  }

  // The other direction, when the cell has a slot in it.
  turn() {
    const other = this.direction === "across" ? "down" : "across";
    if (this.model.slotAt(this.cursor.r, this.cursor.c, other)) this.direction = other;
    this.scheduleCandidates();
  }

  advance(step) {
    const [dr, dc] = this.direction === "across" ? [0, step] : [step, 0];
    const r = this.cursor.r + dr, c = this.cursor.c + dc;
    if (this.model.inside(r, c) && !this.model.cell(r, c).black) this.moveTo(r, c);
  }

  nextSlot(step) {
    const slots = this.model.slots;
    if (!slots.length) return;
    const current = slots.indexOf(this.slot());
    const next = slots[(current + step + slots.length) % slots.length];
    this.direction = next.direction;
    this.anchor = null;
    this.moveTo(next.row, next.col);
  }

  // The selected entry: the slot through the cursor in the current direction, or the other.
  slot() {
    const { r, c } = this.cursor;
    const slot = this.model.slotAt(r, c, this.direction);
    if (slot) return slot;
    const other = this.model.slotAt(r, c, this.direction === "across" ? "down" : "across");
    if (other) this.direction = other.direction;
    return other;
  }

  // ---- Changes (each undoable). `shape`: whether the change may move the entries (not a
  // letter's).
  edit(change, shape = true) {
    if (this.solve.active) return;
    this.model.checkpoint();
    change();
    if (shape) this.model.computeSlots();
    this.changed();
  }

  changed() {
    if (this.ghostTexts.length !== this.model.cells.length) {  // a grid of another size
      this.build();
    } else {
      this.proveGrid();
      this.paint();
    }
    this.renderClues(true);
    this.saveSoon();
  }

  // The proof of the grid as it is now. The candidates wait for its marks (scheduleCandidates):
  // their searches would share the server's core with them, and their list's answer and
  // drawing the page's main thread; so does the edit's idle work (afterMarks).
  proveGrid() {
    this.candidates.cancel();
    clearTimeout(this.candidatesTimer);
    this.afterMarks.close();
    this.proof.prove(this.model.searchGrid(), this.model.rejected, () => {
      this.afterMarks.open();
      this.scheduleCandidates();
    });
  }

  // Saves the puzzle (and its history) when the page is next idle, not on the key that changed
  // it: writing the history is the longest part of an edit. What is waiting is saved before
  // the page goes away or another puzzle is opened (flushSave, puzzles_view.js).
  saveSoon() {
    if (this.saveWaiting) return;
    this.saveWaiting = this.afterMarks.whenIdle(() => this.save(), 1000);
  }

  flushSave() {
    if (this.saveWaiting) this.save();
  }

  // The edits waiting to be saved are not (another tab's version of the puzzle replaces them).
  dropSave() {
    if (this.saveWaiting) this.afterMarks.cancel(this.saveWaiting);
    this.saveWaiting = 0;
  }

  save() {
    this.dropSave();
    this.puzzles.save(this.snapshot());
  }

  snapshot() {
    return { title: this.$("title").value, rows: this.model.rows, cols: this.model.cols,
             state: this.model.state(), undo: this.model.undoStack, redo: this.model.redoStack };
  }

  // The size the toolbar's Rows and Columns say.
  chosenSize() {
    const side = (id) => Math.min(MAX_SIDE, Math.max(2, parseInt(this.$(id).value, 10) || 15));
    return [side("new-rows"), side("new-cols")];
  }

  // A saved puzzle ({ title, state, undo, redo }) becomes the one edited.
  adopt(puzzle) {
    this.model.restore(puzzle.state);
    this.model.undoStack = [...puzzle.undo];
    this.model.redoStack = [...puzzle.redo];
    this.setTitle(puzzle.title);
  }

  show(puzzle) {
    this.adopt(puzzle);
    this.cursor = { r: 0, c: 0 };
    this.anchor = null;
    this.build();
  }

  setTitle(title) { this.$("title").value = title; }

  // The info fields show the model's (after a change of puzzle, an undo, an opened file).
  showInfo() {
    for (const field of INFO_FIELDS) this.$(`info-${field}`).value = this.model.info[field];
  }

  // A new grid of `rows` (the API's: '.', '#', letters) with `clues`, in place of this one
  // (undoable).
  replace(rows, clues = []) {
    this.model.checkpoint();
    this.model.loadRows(rows, clues);
    this.cursor = { r: 0, c: 0 };
    this.anchor = null;
    this.build();
  }

  history(which) {
    if (!this.solve.active && this.model[which]()) {
      this.cursor = { r: Math.min(this.cursor.r, this.model.rows - 1), c: Math.min(this.cursor.c, this.model.cols - 1) };
      this.build();
    }
  }

  // ---- Rebus cells, marks and bars.
  startRebus() {
    const { r, c } = this.cursor;
    if (this.model.cell(r, c).black) return;
    this.rebus.start(this.grid.children[r].children[c], this.letterAt(this.model.index(r, c)));
  }

  endRebus(letters) {
    this.grid.focus();
    if (letters === null) return;
    this.setLetter(letters);
    if (letters) this.advance(1);
  }

  // The selected cells: the region's, or the cursor's.
  selectedCells() {
    const region = this.region() || { top: this.cursor.r, bottom: this.cursor.r, left: this.cursor.c, right: this.cursor.c };
    const cells = [];
    for (let r = region.top; r <= region.bottom; r++) {
      for (let c = region.left; c <= region.right; c++) {
        if (!this.model.cell(r, c).black) cells.push(this.model.cell(r, c));
      }
    }
    return cells;
  }

  // Circles (`mark` "circled") or shades ("shaded") the selected white cells, or takes the mark
  // off them when all have it.
  toggleMark(mark) {
    const cells = this.selectedCells();
    if (!cells.length) return;
    const on = !cells.every((cell) => cell[mark]);
    this.edit(() => cells.forEach((cell) => { cell[mark] = on; }));
    this.focusGrid();
  }

  // A bar after the cursor's cell (`side` "barRight" or "barBelow"), or none there any more.
  toggleBar(side) {
    const { r, c } = this.cursor;
    const cell = this.model.cell(r, c);
    if (cell.black) return;
    this.edit(() => { cell[side] = !cell[side]; });
    this.focusGrid();
  }

  // The edge of the cell element a click fell on ("barRight", "barBelow"), or null: the outer
  // fifth of the cell on its right or bottom side.
  edgeOf(element, event) {
    const box = element.getBoundingClientRect();
    const right = (event.clientX - box.left) / box.width, below = (event.clientY - box.top) / box.height;
    if (right > 0.8 && right - 0.8 >= below - 0.8) return "barRight";
    if (below > 0.8) return "barBelow";
    return null;
  }

  setLetter(letter) {
    if (this.solve.active) return this.solve.write(letter);
    const cell = this.model.cell(this.cursor.r, this.cursor.c);
    if (cell.black || cell.letter === letter) return;
    this.edit(() => Object.assign(cell, { letter, origin: letter ? "user" : "", locked: letter ? cell.locked : false }), false);
  }

  toggleBlack() {
    const { r, c } = this.cursor;
    const black = !this.model.cell(r, c).black;
    const symmetric = this.$("symmetry").checked;
    const mirror = this.model.cell(this.model.rows - 1 - r, this.model.cols - 1 - c);
    const lost = [this.model.cell(r, c), ...(symmetric ? [mirror] : [])].filter((cell) => black && cell.letter);
    if (lost.length) {
      this.$("proof-status").textContent = `A black square here would erase ${lost.map((cell) => cell.letter).join(" and ")}: ` +
        "delete the letter first.";
      return;
    }
    this.edit(() => this.model.setBlack(r, c, black, symmetric));
  }

  // The selected entry's word when it is complete; else null, and the status says so.
  entryWord(action) {
    const slot = this.slot();
    if (!slot) return null;
    const word = this.model.word(slot);
    if (!word.includes(".")) return word;
    this.$("candidates-status").textContent = `The entry is not complete: nothing to ${action}.`;
    return null;
  }

  // Excludes the entry's word from the word list (lists_view.js), for every grid.
  excludeFromList() {
    const word = this.entryWord("exclude");
    if (word) document.dispatchEvent(new CustomEvent("wordlist-exclude", { detail: word }));
  }

  reject() {
    const slot = this.slot();
    const word = this.entryWord("reject");
    if (!word) return;
    this.edit(() => {
      if (!this.model.rejected.includes(word)) this.model.rejected.push(word);
      for (const i of slot.cells) {
        const cell = this.model.cells[i];
        if (!cell.locked) Object.assign(cell, { letter: "", origin: "" });
      }
    });
  }

  // ---- Drawing.
  build() {
    this.solve.stop(false);
    this.$("new-rows").value = this.model.rows;
    this.$("new-cols").value = this.model.cols;
    this.grid.replaceChildren();
    this.drawn = [];  // the view of each cell drawn (cellView)
    this.grid.style.setProperty("--cols", this.model.cols);
    for (let r = 0; r < this.model.rows; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      for (let c = 0; c < this.model.cols; c++) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.id = `cell-${r}-${c}`;
        cell.dataset.r = r;
        cell.dataset.c = c;
        cell.innerHTML = '<span class="number"></span><span class="letter"></span>';
        row.append(cell);
      }
      this.grid.append(row);
    }
    this.ghosts = this.ghostLayer();
    this.ghostTexts = this.ghosts.firstChild.children;  // cell i's faint letter: its i-th
    this.grid.append(this.ghosts);
    this.showInfo();
    this.proof.reset();
    this.proveGrid();
    this.paint();
    this.renderClues();
    this.scheduleCandidates();
    this.save();
  }

  // The fill a verdict found, faintly over the empty cells: a layer of its own (an SVG text per
  // cell), which one class hides (a key whose letter disagrees with it) and for which no cell
  // is laid out again.
  ghostLayer() {
    const layer = document.createElement("div");
    layer.className = "ghosts";
    layer.setAttribute("aria-hidden", "true");
    const svg = document.createElementNS(SVG, "svg");
    layer.append(svg);
    for (let r = 0; r < this.model.rows; r++) {
      for (let c = 0; c < this.model.cols; c++) {
        const text = document.createElementNS(SVG, "text");
        text.setAttribute("x", `${(c + 0.5) / this.model.cols * 100}%`);
        text.setAttribute("y", `${(r + 0.5) / this.model.rows * 100}%`);
        svg.append(text);
      }
    }
    return layer;
  }

  // What cell `i` shows and what a slot reads: the solver's letters while solving.
  letterAt(i) { return this.solve.active ? this.solve.letterAt(i) : this.model.cells[i].letter; }

  wordOf(slot) { return this.solve.active ? this.solve.word(slot) : this.model.word(slot); }

  // Solve mode began, ended or its letters changed: the grid and clues drawn again.
  solveChanged() {
    this.paint();
    this.renderClues();
    this.focusGrid();
  }

  region() {
    if (!this.anchor) return null;
    return { top: Math.min(this.anchor.r, this.cursor.r), bottom: Math.max(this.anchor.r, this.cursor.r),
             left: Math.min(this.anchor.c, this.cursor.c), right: Math.max(this.anchor.c, this.cursor.c) };
  }

  // Draws the grid and the entry's fields once the task's changes are made (a key's letter and
  // its move to the next cell: one pass over the cells, not two).
  paint() {
    if (this.paintQueued) return;
    this.paintQueued = true;
    queueMicrotask(() => {
      this.paintQueued = false;
      this.draw();
    });
  }

  // A cell's element is written only where what it shows changed: any write (even of the same
  // text) makes the browser lay the cell out again, and 225 of them on each key made one layout
  // take longer than the key's proof.
  draw() {
    const slot = this.slot();
    const inSlot = new Set(slot ? slot.cells : []);
    const region = this.region();
    const key = this.proof.keyOf(this.model.searchGrid());
    const cells = this.model.cells;
    const marks = this.proof.marksFor(key, cells.length, this.model.cols, (fill) =>
      cells.every((cell, i) => cell.black || !cell.letter || (fill[i] || "").toUpperCase() === cell.letter));
    this.drawnMarks = marks;
    // A hidden faint fill's letters are written when it is shown again, not on the key that
    // hid it or those after: a text changed in it lays out its whole SVG and paints its layer
    // again, in the key's frame, for nothing seen.
    const ghostsHidden = !!marks && marks.ghostHidden;
    for (let r = 0; r < this.model.rows; r++) {
      for (let c = 0; c < this.model.cols; c++) {
        const i = this.model.index(r, c);
        const view = cellView(this, i, r, c, inSlot.has(i), region, marks);
        drawCell(this.grid.children[r].children[c], ghostsHidden ? null : this.ghostTexts[i], view, this.drawn[i]);
        this.drawn[i] = view;
      }
    }
    this.grid.setAttribute("aria-activedescendant", `cell-${this.cursor.r}-${this.cursor.c}`);
    // A shaped grid (voids outside it) has no frame: its cells' own borders outline it.
    this.grid.classList.toggle("shaped", this.model.cells.some((cell) => cell.void));
    this.ghosts.classList.toggle("hidden", ghostsHidden);
    setText(this.$("entry-name"), slot ? slot.name : "");
    const word = slot ? this.wordOf(slot) : "";
    setText(this.$("entry-word"), word);
    this.$("entry-word").classList.toggle("long", word.length > LONG_WORD);
    const clue = slot ? this.model.clues[slot.key] || "" : "";
    if (this.$("clue-text").value !== clue) this.$("clue-text").value = clue;
    this.$("lock-entry").checked = !!slot && slot.cells.every((i) => this.model.cells[i].locked);
    setText(this.$("rejected"), this.model.rejected.join(", ") || "none");
  }

  // The clue lists: built again when the entries changed, else only their texts written (as
  // the cells are, paint); with `soon`, those texts and the statistics when the page is next
  // idle (an edit's words: not on the key that made them).
  renderClues(soon = false) {
    const lists = ["across", "down"].map((direction) => {
      const list = this.$(`clues-${direction}`);
      const slots = this.model.slots.filter((s) => s.direction === direction);
      const entries = slots.map((slot) => `${slot.number} ${slot.key}`).join(" ");
      if (list.dataset.entries !== entries) {
        list.dataset.entries = entries;
        list.replaceChildren(...slots.map((slot) => this.clueItem(slot)));
        soon = false;
      }
      return [list, slots];
    });
    if (!soon) {
      this.writeClues(lists);
    } else if (!this.cluesWaiting) {
      this.cluesWaiting = this.afterMarks.whenIdle(() => this.renderClues(), 500);
    }
  }

  writeClues(lists) {
    if (this.cluesWaiting) this.afterMarks.cancel(this.cluesWaiting);
    this.cluesWaiting = 0;
    renderStats(this.model, this.$("stats"));
    for (const [list, slots] of lists) {
      slots.forEach((slot, k) => {
        const [word, clue] = list.children[k].children;
        setText(word, this.wordOf(slot));
        setText(clue, this.model.clues[slot.key] || "");
      });
    }
  }

  // The item of `slot` in its clue list: its word (a button that selects it) and its clue.
  clueItem(slot) {
    const item = document.createElement("li");
    item.value = slot.number;
    const button = document.createElement("button");
    button.type = "button";
    button.addEventListener("click", () => {
      this.direction = slot.direction;
      this.moveTo(slot.row, slot.col);
      this.focusGrid();
    });
    const clue = document.createElement("span");
    clue.className = "clue";
    item.append(button, clue);
    return item;
  }

  // ---- Candidates: the newest request only; a change or a move cancels the one in flight at
  // once, and asks again after a pause.
  scheduleCandidates() {
    this.candidates.cancel();
    clearTimeout(this.candidatesTimer);
    if (this.afterMarks.closed) return;  // asked for once the marks are shown (proveGrid)
    this.candidatesTimer = setTimeout(() => this.loadCandidates(), 120);
  }

  // A filled entry's alternatives: its own letters are left out of the request (crossing
  // entries keep theirs), and its word is marked in the list.
  loadCandidates() {
    const slot = this.slot();
    const filled = !!slot && slot.cells.every((i) => this.model.cells[i].letter);
    const grid = filled ? this.model.searchGrid((cell, i) => !slot.cells.includes(i)) : this.model.searchGrid();
    this.candidates.load(slot, grid, this.model.rejected, filled ? this.model.word(slot) : "");
  }

  // Places `word` in the selected entry; the focus goes back to the grid.
  place(word) {
    const slot = this.slot();
    if (!slot) return;
    // A rebus cell of the entry takes its letters of the word; any other cell one letter.
    const upper = word.toUpperCase();
    let at = 0;
    this.edit(() => slot.cells.forEach((i) => {
      const cell = this.model.cells[i];
      const letters = Array.from(cell.letter).length > 1 && upper.startsWith(cell.letter, at) ? cell.letter
        : Array.from(upper.slice(at))[0] || "";
      at += letters.length;
      if (cell.letter !== letters) Object.assign(cell, { letter: letters, origin: "user" });
    }));
    this.focusGrid();
  }

  // The focus back to the grid; on a touch screen to its keyboard's input, which keeps the
  // soft keyboard up.
  focusGrid() {
    if (this.softKeyboard.touched) this.softKeyboard.focus();
    else this.grid.focus();
  }

  // ---- Autofill: the constructor's and the locked letters are kept, with those outside the
  // region when filling a region; the answer's other letters come in as "fill" letters.
  async fill(inRegion) {
    if (this.fillRequest) this.fillRequest.abort();
    let region = null;
    if (inRegion) {
      region = this.region();
      const slot = this.slot();
      if (!region && slot) {
        const rows = slot.cells.map((i) => Math.floor(i / this.model.cols)), cols = slot.cells.map((i) => i % this.model.cols);
        region = { top: Math.min(...rows), bottom: Math.max(...rows), left: Math.min(...cols), right: Math.max(...cols) };
      }
    }
    const inside = (i) => {
      const r = Math.floor(i / this.model.cols), c = i % this.model.cols;
      return !region || (r >= region.top && r <= region.bottom && c >= region.left && c <= region.right);
    };
    const keep = (cell, i) => cell.origin === "user" || cell.locked || !inside(i);
    const options = { exclude: this.model.rejected, "quality-time": Math.max(0, +this.$("fill-time").value || 0),
                      "allow-offensive": allowOffensive() };
    if (this.$("fill-any").checked) options.any = true;
    const body = { ...this.model.searchGrid(keep), options };
    if (region) body.region = region;

    const controller = new AbortController();
    this.fillRequest = controller;
    const status = this.$("fill-status");
    const started = performance.now();
    const ticker = setInterval(() => {
      status.textContent = `Filling${region ? " the region" : ""}… ${((performance.now() - started) / 1000).toFixed(1)} s`;
    }, 100);
    this.$("fill-stop").disabled = false;
    try {
      const answer = await postJson("/api/fill", body, controller.signal);
      if (answer.rows) this.applyFill(answer.rows, keep);
      status.textContent = this.describeFill(answer);
    } catch (error) {
      status.textContent = isAbort(error) ? "Stopped." : error.message;
    } finally {
      clearInterval(ticker);
      if (this.fillRequest === controller) {
        this.fillRequest = null;
        this.$("fill-stop").disabled = true;
      }
    }
  }

  applyFill(rows, keep) {
    this.edit(() => rows.forEach((row, r) => splitRow(row).forEach((text, c) => {
      const i = this.model.index(r, c), cell = this.model.cells[i];
      if (cell.black || keep(cell, i) || [".", "#", "_"].includes(text)) return;
      Object.assign(cell, { letter: text.replace(/^\[|\]$/g, "").toUpperCase(), origin: "fill" });
    })));
  }

  describeFill(answer) {
    const seconds = `${answer.stats.seconds.toFixed(2)} s`;
    if (answer.status !== "filled") {
      return `${sentence(answer.message.replace(/^(impossible|over-constrained): /, "no fill: "))} (${seconds}).`;
    }
    const q = answer.quality;
    if (!q) return `Filled (${seconds}): the list's scores are all equal, so this is the first fill found, not a best one.`;
    let text = `Filled: worst word ${q.worst.toUpperCase()} (score ${q.worst_score}), mean ${q.mean_score.toFixed(2)}`;
    if (q.proven !== undefined) {
      text += q.proven ? ", worst word proven best" : `, not proven best (no worst word beats ${q.bound})`;
      if (q.mean_proven) text += ", mean proven best";
    }
    return `${text} (${seconds}).`;
  }

  // ---- Files.
  async open(file) {
    if (!file) return;
    const status = this.$("export-status");
    try {
      const answer = await openFile(file);
      this.model.checkpoint();
      this.model.loadPuzzle(answer.puzzle);
      this.setTitle(answer.puzzle.info.title || "");
      this.cursor = { r: 0, c: 0 };
      this.anchor = null;
      this.build();
      status.textContent = describe(`Opened ${file.name}.`, [
        ...answer.warnings,
        ...(answer.locked ? ["its solution is locked (scrambled): the grid opens without its letters"] : [])]);
    } catch (error) {
      status.textContent = error.message;
    }
  }

  // Whether every entry is a word of the list: the grid's, or while solving the solver's.
  async check() {
    const status = this.$("export-status");
    const grid = this.solve.active ? this.model.searchGrid(undefined, (cell, i) => this.solve.letterAt(i))
      : this.model.searchGrid();
    try {
      const answer = await postJson("/api/check", grid);
      status.textContent = answer.valid ? "Valid: every entry is a word of the list."
        : !answer.filled ? "Not filled yet." : `Problems: ${answer.problems.join("; ")}`;
    } catch (error) {
      status.textContent = error.message;
    }
  }

  async export(format) {
    const status = this.$("export-status");
    try {
      status.textContent = `Making the ${format} document…`;
      status.textContent = await exportPuzzle(this.model.toPuzzle(this.$("title").value), format);
    } catch (error) {
      status.textContent = error.message;
    }
  }
}
