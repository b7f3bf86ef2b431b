// The crossword being edited: cells (black, letter, where the letter came from, locked),
// its slots numbered as printed crosswords number them, clues per entry, and undo/redo.

export const MAX_SIDE = 25;

// A cell's letter came from the constructor ("user") or from an autofill ("fill"); a refill
// replaces only unlocked "fill" letters. `letter` holds one letter or several (a rebus: STAR);
// a void (outside a shaped grid) is black too; marks (circled, shaded) and bars (a thick edge
// after the cell: right, below) are the constructor's; `given` the letters a solver is given
// (kept as the file had them).
function emptyCell() {
  return { black: false, void: false, letter: "", origin: "", locked: false, given: "",
           circled: false, shaded: false, barRight: false, barBelow: false };
}

// The flags of a packed cell, after a "|": c circled, s shaded, r bar right, b bar below.
const FLAGS = [["c", "circled"], ["s", "shaded"], ["r", "barRight"], ["b", "barBelow"]];

// A cell as a short string: "#" black, "_" void; else its letters and where they came from
// ("u" the constructor, "f" a fill), or nothing when empty; then "!" when locked; then, when
// it has any, "|" and its flags (FLAGS), and "|" and its given letters.
function packCell(cell) {
  const base = cell.void ? "_" : cell.black ? "#"
    : (cell.letter ? cell.letter + (cell.origin === "fill" ? "f" : "u") : "") + (cell.locked ? "!" : "");
  const flags = FLAGS.filter(([, name]) => cell[name]).map(([flag]) => flag).join("");
  return base + (flags || cell.given ? `|${flags}` : "") + (cell.given ? `|${cell.given}` : "");
}
function unpackCell(text) {
  const [head, flags = "", given = ""] = text.split("|");
  const marks = { given };
  for (const [flag, name] of FLAGS) marks[name] = flags.includes(flag);
  if (head === "#" || head === "_") return { ...emptyCell(), ...marks, black: true, void: head === "_" };
  const locked = head.endsWith("!");
  const rest = locked ? head.slice(0, -1) : head;
  if (!rest) return { ...emptyCell(), ...marks, locked };
  return { ...emptyCell(), ...marks, letter: rest.slice(0, -1), origin: rest.endsWith("f") ? "fill" : "user", locked };
}

// A cell's letters as a row of the API writes them: one letter as it is, several in brackets.
function rowLetters(letters) { return Array.from(letters).length > 1 ? `[${letters}]` : letters; }

// The cells of a row of the API ('.', '#', '_', a letter, "[STAR]"), as strings.
export function splitRow(row) { return row.match(/\[[^\]]*\]|./gu) || []; }

// What the page keeps of a puzzle beside its grid and title (the API's "info" less the title).
export const INFO_FIELDS = ["author", "editor", "copyright", "date", "publisher", "notes"];
function emptyInfo() { return Object.fromEntries(INFO_FIELDS.map((field) => [field, ""])); }

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
    this.enumerations = {};  // slot key -> the enumeration a file gave ("5", "3,4")
    this.info = this.info || emptyInfo();  // a new grid of the same puzzle keeps it
    this.rejected = [];
    this.computeSlots();
  }

  index(r, c) { return r * this.cols + c; }
  cell(r, c) { return this.cells[this.index(r, c)]; }
  inside(r, c) { return r >= 0 && c >= 0 && r < this.rows && c < this.cols; }

  // Whether an entry runs on from (r, c) to (r + dr, c + dc): both white, no bar between.
  joined(r, c, dr, dc) {
    if (!this.inside(r, c) || !this.inside(r + dr, c + dc)) return false;
    const here = this.cell(r, c);
    return !here.black && !this.cell(r + dr, c + dc).black && !(dr ? here.barBelow : here.barRight);
  }

  // Whether the grid has a bar anywhere (a barred grid: its slots need the bars).
  barred() { return this.cells.some((cell) => !cell.black && (cell.barRight || cell.barBelow)); }

  // Slots: maximal runs of two or more white cells that no bar cuts; numbers in reading order.
  computeSlots() {
    const slots = [];
    this.numbers = new Array(this.rows * this.cols).fill(0);
    let number = 0;
    const starts = (r, c, dr, dc) => !this.joined(r - dr, c - dc, dr, dc) && this.joined(r, c, dr, dc);
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
          const cells = [this.index(r, c)];
          for (let rr = r, cc = c; this.joined(rr, cc, dr, dc); rr += dr, cc += dc) {
            cells.push(this.index(rr + dr, cc + dc));
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

  // The entry's letters, '.' for an empty cell (a rebus cell gives all its letters).
  word(slot) {
    return slot.cells.map((i) => this.cells[i].letter || ".").join("");
  }

  // The grid as the API takes it; `keep(cell, index)` says which letters to send, and
  // `letterOf(cell, index)` what they are (the solver's, in test-solve mode).
  toRows(keep = () => true, letterOf = (cell) => cell.letter) {
    const rows = [];
    for (let r = 0; r < this.rows; r++) {
      let row = "";
      for (let c = 0; c < this.cols; c++) {
        const i = this.index(r, c), cell = this.cells[i];
        const letter = cell.black ? "" : letterOf(cell, i);
        row += cell.void ? "_" : cell.black ? "#" : letter && keep(cell, i) ? rowLetters(letter) : ".";
      }
      rows.push(row);
    }
    return rows;
  }

  // The grid as the searches take it (fill, candidates, prove): its rows, or in a barred grid
  // the puzzle's cells, which hold the bars.
  searchGrid(keep = () => true, letterOf = undefined) {
    return this.barred() ? { puzzle: { cells: this.puzzleCells(keep, letterOf) } } : { grid: this.toRows(keep, letterOf) };
  }

  // The cells as the API's "puzzle" takes them (rows of cell objects, defaults left out).
  puzzleCells(keep = () => true, letterOf = (cell) => cell.letter) {
    const rows = [];
    for (let r = 0; r < this.rows; r++) {
      const row = [];
      for (let c = 0; c < this.cols; c++) {
        const i = this.index(r, c), cell = this.cells[i], out = {};
        if (cell.black) out.kind = cell.void ? "void" : "block";
        else {
          const letter = letterOf(cell, i);
          if (letter && keep(cell, i)) out.solution = letter;
          if (cell.given) out.given = cell.given;
          if (cell.circled) out.circled = true;
          if (cell.shaded) out.shaded = true;
          if (cell.barRight) out["bar-right"] = true;
          if (cell.barBelow) out["bar-below"] = true;
        }
        row.push(out);
      }
      rows.push(row);
    }
    return rows;
  }

  // The whole puzzle as the API takes it: cells, `title` and the info, the clues.
  toPuzzle(title) {
    return { cells: this.puzzleCells(), info: { title, ...this.info }, clues: this.clueList() };
  }

  // Rows of '.', '#', '_' and letters (the API's); every letter is the constructor's.
  loadRows(rows, clues = []) {
    const split = rows.map(splitRow);
    this.reset(split.length, split[0].length);
    split.forEach((row, r) => row.forEach((text, c) => {
      const cell = this.cell(r, c);
      if (text === "#" || text === "_") Object.assign(cell, { black: true, void: text === "_" });
      else if (text !== ".") Object.assign(cell, { letter: text.replace(/^\[|\]$/g, "").toUpperCase(), origin: "user" });
    }));
    this.computeSlots();
    this.loadClues(clues);
  }

  // A puzzle as /api/open answers it ({ cells, info, clues }); its letters are the
  // constructor's.
  loadPuzzle(puzzle) {
    this.reset(puzzle.cells.length, puzzle.cells[0].length);
    puzzle.cells.forEach((row, r) => row.forEach((from, c) => Object.assign(this.cell(r, c), {
      black: from.kind === "block" || from.kind === "void", void: from.kind === "void",
      letter: (from.solution || "").toUpperCase(), origin: from.solution ? "user" : "", given: from.given || "",
      circled: !!from.circled, shaded: !!from.shaded, barRight: !!from["bar-right"], barBelow: !!from["bar-below"],
    })));
    for (const field of INFO_FIELDS) this.info[field] = (puzzle.info || {})[field] || "";
    this.computeSlots();
    this.loadClues(puzzle.clues || []);
  }

  // Clues as the API gives them: by number and direction, or by word (the entry whose letters
  // spell it, matched as the server matches a clues file's words: case, spaces, hyphens,
  // apostrophes and periods aside).
  loadClues(clues) {
    const key = (word) => word.toUpperCase().replace(/[\s\-'.]/g, "");
    for (const clue of clues) {
      const slot = clue.word ? this.slots.find((s) => this.word(s) === key(clue.word))
        : this.slots.find((s) => s.number === clue.number && s.direction === clue.direction);
      if (!slot) continue;
      this.clues[slot.key] = clue.text;
      if (clue.enumeration) this.enumerations[slot.key] = clue.enumeration;
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
                            clues: this.clues, enumerations: this.enumerations, info: this.info,
                            rejected: this.rejected });
  }
  // Takes a state of state(), or of a version that kept each cell as an object.
  restore(text) {
    const s = JSON.parse(text);
    const cells = s.cells.map((cell) => typeof cell === "string" ? unpackCell(cell) : { ...emptyCell(), ...cell });
    Object.assign(this, { rows: s.rows, cols: s.cols, cells, clues: s.clues || {}, enumerations: s.enumerations || {},
                          info: { ...emptyInfo(), ...s.info }, rejected: s.rejected || [] });
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
  // The info is not in the history (as the title is not): an undo keeps it as it is.
  step(from, to) {
    if (!from.length) return false;
    to.push(this.state());
    const info = this.info;
    this.restore(from.pop());
    this.info = info;
    return true;
  }

  // The clues of every slot that has one, as the export takes them.
  clueList() {
    return this.slots.filter((s) => this.clues[s.key] || this.enumerations[s.key])
      .map((s) => ({ number: s.number, direction: s.direction, text: this.clues[s.key] || "",
                     ...(this.enumerations[s.key] ? { enumeration: this.enumerations[s.key] } : {}) }));
  }
}
