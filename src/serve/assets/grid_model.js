// The crossword being edited: cells (black, letter, where the letter came from, locked),
// its slots numbered as printed crosswords number them, clues per entry, and undo/redo.

export const MAX_SIDE = 25;

// A cell's letter came from the constructor ("user") or from an autofill ("fill"); a refill
// replaces only unlocked "fill" letters.
function emptyCell() {
  return { black: false, letter: "", origin: "", locked: false };
}

// A cell as a short string: "#" black; else its letter and where it came from ("u" the
// constructor, "f" a fill), or nothing when empty; then "!" when locked.
function packCell(cell) {
  if (cell.black) return "#";
  return (cell.letter ? cell.letter + (cell.origin === "fill" ? "f" : "u") : "") + (cell.locked ? "!" : "");
}
function unpackCell(text) {
  if (text === "#") return { ...emptyCell(), black: true };
  const locked = text.endsWith("!");
  const rest = locked ? text.slice(0, -1) : text;
  if (!rest) return { ...emptyCell(), locked };
  return { black: false, letter: rest.slice(0, -1), origin: rest.endsWith("f") ? "fill" : "user", locked };
}

export class GridModel {
  constructor(rows, cols) {
    this.reset(rows, cols);
    this.undoStack = [];
    this.redoStack = [];
  }

  reset(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.cells = Array.from({ length: rows * cols }, emptyCell);
    this.clues = {};  // slot key ("r,c,across") -> clue text
    this.rejected = [];
    this.computeSlots();
  }

  index(r, c) { return r * this.cols + c; }
  cell(r, c) { return this.cells[this.index(r, c)]; }
  inside(r, c) { return r >= 0 && c >= 0 && r < this.rows && c < this.cols; }

  // Slots: maximal runs of two or more white cells; numbers in reading order.
  computeSlots() {
    const slots = [];
    this.numbers = new Array(this.rows * this.cols).fill(0);
    let number = 0;
    const starts = (r, c, dr, dc) =>
      !this.cell(r, c).black && !(this.inside(r - dr, c - dc) && !this.cell(r - dr, c - dc).black) &&
      this.inside(r + dr, c + dc) && !this.cell(r + dr, c + dc).black;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const across = starts(r, c, 0, 1), down = starts(r, c, 1, 0);
        if (across || down) this.numbers[this.index(r, c)] = ++number;
      }
    }
    for (const direction of ["across", "down"]) {
      const [dr, dc] = direction === "across" ? [0, 1] : [1, 0];
      for (let r = 0; r < this.rows; r++) {
        for (let c = 0; c < this.cols; c++) {
          if (!starts(r, c, dr, dc)) continue;
          const cells = [];
          for (let rr = r, cc = c; this.inside(rr, cc) && !this.cell(rr, cc).black; rr += dr, cc += dc) {
            cells.push(this.index(rr, cc));
          }
          slots.push({ direction, number: this.numbers[this.index(r, c)], row: r, col: c, cells,
                       key: `${r},${c},${direction}`,
                       name: `${this.numbers[this.index(r, c)]} ${direction === "across" ? "Across" : "Down"}` });
        }
      }
    }
    this.slots = slots;
  }

  // The slot through cell (r, c) in `direction`, or null.
  slotAt(r, c, direction) {
    const i = this.index(r, c);
    return this.slots.find((s) => s.direction === direction && s.cells.includes(i)) || null;
  }

  word(slot) {
    return slot.cells.map((i) => this.cells[i].letter || ".").join("");
  }

  // The grid as the API takes it; `keep(cell, index)` says which letters to send.
  toRows(keep = () => true) {
    const rows = [];
    for (let r = 0; r < this.rows; r++) {
      let row = "";
      for (let c = 0; c < this.cols; c++) {
        const i = this.index(r, c), cell = this.cells[i];
        row += cell.black ? "#" : cell.letter && keep(cell, i) ? cell.letter : ".";
      }
      rows.push(row);
    }
    return rows;
  }

  // Rows of '.', '#' and letters (the API's); every letter is the constructor's.
  loadRows(rows, clues = []) {
    const split = rows.map((row) => Array.from(row));
    this.reset(split.length, split[0].length);
    split.forEach((row, r) => row.forEach((ch, c) => {
      const cell = this.cell(r, c);
      if (ch === "#") cell.black = true;
      else if (ch !== ".") Object.assign(cell, { letter: ch.toUpperCase(), origin: "user" });
    }));
    this.computeSlots();
    for (const clue of clues) {
      const slot = this.slots.find((s) => s.number === clue.number && s.direction === clue.direction);
      if (slot) this.clues[slot.key] = clue.text;
    }
  }

  // Black or white at (r, c), and at its image under half-turn symmetry when `symmetric`.
  setBlack(r, c, black, symmetric) {
    const targets = [[r, c]];
    if (symmetric) targets.push([this.rows - 1 - r, this.cols - 1 - c]);
    for (const [rr, cc] of targets) Object.assign(this.cell(rr, cc), { ...emptyCell(), black });
    this.computeSlots();
  }

  // Undo/redo keep whole states: a grid is at most 625 cells. A state is compact, a short
  // string per cell, so that each saved puzzle's history fits the browser's storage (packCell).
  state() {
    return JSON.stringify({ rows: this.rows, cols: this.cols, cells: this.cells.map(packCell),
                            clues: this.clues, rejected: this.rejected });
  }
  // Takes a state of state(), or of a version that kept each cell as an object.
  restore(text) {
    const s = JSON.parse(text);
    const cells = s.cells.map((cell) => typeof cell === "string" ? unpackCell(cell) : { ...emptyCell(), ...cell });
    Object.assign(this, { rows: s.rows, cols: s.cols, cells, clues: s.clues || {}, rejected: s.rejected || [] });
    this.computeSlots();
  }
  // Call before each change.
  checkpoint() {
    this.undoStack.push(this.state());
    if (this.undoStack.length > 500) this.undoStack.shift();
    this.redoStack = [];
  }
  undo() { return this.step(this.undoStack, this.redoStack); }
  redo() { return this.step(this.redoStack, this.undoStack); }
  step(from, to) {
    if (!from.length) return false;
    to.push(this.state());
    this.restore(from.pop());
    return true;
  }

  // The clues of every slot that has one, as the export takes them.
  clueList() {
    return this.slots.filter((s) => this.clues[s.key])
      .map((s) => ({ number: s.number, direction: s.direction, text: this.clues[s.key] }));
  }
}
