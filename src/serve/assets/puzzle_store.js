// The puzzles saved in the browser (localStorage): an index (each puzzle's title, size and
// when it was last edited, and which is open), and each puzzle under a key of its own: its grid
// with its clues and rejected words (GridModel.state()) and its undo and redo history, the
// newest HISTORY_KEPT states of each. A write the storage refuses is an error the page shows,
// never a silent loss. Other tabs of the page share the storage: each write of the index merges
// theirs (merge), so that no tab drops another's puzzles.
export const INDEX_KEY = "squares-workbench-puzzles";
export const PUZZLE_PREFIX = "squares-workbench-puzzle-";
const SINGLE_GRID_KEY = "squares-workbench-grid";  // the one grid earlier versions kept
export const HISTORY_KEPT = 50;
// When the storage is full, a puzzle is saved again with this much of its history.
const HISTORY_WHEN_FULL = 5;

export class StorageFull extends Error {}

export class PuzzleStore {
  // `storage`: localStorage, or null when the browser refuses it (the puzzles then live only in
  // the page).
  constructor(storage) {
    this.storage = storage;
    this.memory = new Map();  // key -> text, without storage
    this.savedStates = new Map();  // id -> the state last read or written, to tell an edit
    this.deleted = new Set();  // ids this page deleted
    this.index = this.readIndex();
  }

  get(key) { return this.storage ? this.storage.getItem(key) : this.memory.get(key) ?? null; }
  set(key, text) {
    if (this.storage) this.storage.setItem(key, text);
    else this.memory.set(key, text);
  }
  remove(key) {
    if (this.storage) this.storage.removeItem(key);
    else this.memory.delete(key);
  }

  // The index, or a new one; the grid of earlier versions becomes the first puzzle.
  readIndex() {
    try {
      const index = JSON.parse(this.get(INDEX_KEY));
      if (index && Array.isArray(index.puzzles)) return index;
    } catch {
      // unreadable: start a new index below
    }
    this.index = { next: 1, current: 0, puzzles: [] };
    const single = this.get(SINGLE_GRID_KEY);
    if (single) {
      try {
        const { rows, cols } = JSON.parse(single);
        this.index.current = this.create({ title: "", rows, cols, state: single, undo: [], redo: [] });
        this.remove(SINGLE_GRID_KEY);
      } catch {
        // an unreadable grid is left where it was
      }
    }
    return this.index;
  }

  // The puzzles, the last edited first.
  list() { return [...this.index.puzzles].sort((a, b) => b.edited - a.edited); }
  entry(id) { return this.index.puzzles.find((p) => p.id === id) || null; }

  // { title, rows, cols, state, undo, redo } of puzzle `id`, or null when it cannot be read.
  load(id) {
    const entry = this.entry(id);
    try {
      const saved = JSON.parse(this.get(PUZZLE_PREFIX + id));
      this.savedStates.set(id, saved.state);
      return { title: entry.title, rows: entry.rows, cols: entry.cols, state: saved.state,
               undo: saved.undo || [], redo: saved.redo || [] };
    } catch {
      return null;
    }
  }

  // A new puzzle; returns its id.
  create(puzzle) {
    this.merge();  // another tab's ids are taken
    const id = this.index.next++;
    this.index.puzzles.push({ id, title: puzzle.title, rows: puzzle.rows, cols: puzzle.cols, edited: Date.now() });
    try {
      this.save(id, puzzle);
    } catch (error) {
      this.index.puzzles.pop();
      throw error;
    }
    return id;
  }

  // Saves puzzle `id`; throws StorageFull when the storage refuses it even with a shorter
  // history (the index then still lists it as it was last saved).
  save(id, puzzle) {
    const entry = this.entry(id);
    const changed = entry.title !== puzzle.title || entry.rows !== puzzle.rows || entry.cols !== puzzle.cols ||
      this.savedStates.get(id) !== puzzle.state;
    const write = (kept) => this.set(PUZZLE_PREFIX + id, JSON.stringify({
      state: puzzle.state, undo: puzzle.undo.slice(-kept), redo: puzzle.redo.slice(-kept) }));
    try {
      write(HISTORY_KEPT);
    } catch {
      try {
        write(HISTORY_WHEN_FULL);
      } catch {
        throw new StorageFull(`The browser's storage is full: the last changes to “${puzzle.title || "Untitled"}” ` +
          "are not saved. Delete a puzzle you no longer need, then edit again.");
      }
    }
    this.savedStates.set(id, puzzle.state);
    if (changed) Object.assign(entry, { title: puzzle.title, rows: puzzle.rows, cols: puzzle.cols, edited: Date.now() });
    this.index.current = id;
    this.writeIndex();
  }

  rename(id, title) {
    Object.assign(this.entry(id), { title, edited: Date.now() });
    this.writeIndex();
  }

  delete(id) {
    this.deleted.add(id);
    this.index.puzzles = this.index.puzzles.filter((p) => p.id !== id);
    this.remove(PUZZLE_PREFIX + id);
    this.writeIndex();
  }

  // Takes in the index as stored, which another tab may have written since: its new puzzles and
  // later edits come in; a puzzle it deleted goes (its data is gone); one this page deleted
  // stays out.
  merge() {
    let stored = null;
    try {
      stored = JSON.parse(this.get(INDEX_KEY));
    } catch {
      return;  // unreadable: this page's index is written over it
    }
    if (!stored || !Array.isArray(stored.puzzles)) return;
    const byId = new Map(this.index.puzzles.map((p) => [p.id, p]));
    const storedIds = new Set(stored.puzzles.map((p) => p.id));
    for (const other of stored.puzzles) {
      const mine = byId.get(other.id);
      if (!this.deleted.has(other.id) && !(mine && mine.edited >= other.edited)) byId.set(other.id, other);
    }
    this.index.puzzles = [...byId.values()].filter((p) => storedIds.has(p.id) || this.get(PUZZLE_PREFIX + p.id) !== null);
    this.index.next = Math.max(this.index.next, stored.next || 1);
  }

  writeIndex() {
    this.merge();
    try {
      this.set(INDEX_KEY, JSON.stringify(this.index));
    } catch {
      throw new StorageFull("The browser's storage is full: the list of puzzles is not saved. " +
        "Delete a puzzle you no longer need.");
    }
  }
}
