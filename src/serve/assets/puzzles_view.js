// The puzzles saved in the browser (PuzzleStore): the list (title, size, last edited), open,
// rename, delete and new. The editor hands the open puzzle over on every change (save) and
// shows the one this view opens (Editor.show).
import { GridModel } from "./grid_model.js";
import { INDEX_KEY, PUZZLE_PREFIX, PuzzleStore, StorageFull } from "./puzzle_store.js";
import { TabGuard } from "./tab_guard.js";

// localStorage, or null when the browser refuses it to this page.
function browserStorage() {
  try {
    const storage = window.localStorage;
    storage.getItem("");
    return storage;
  } catch {
    return null;
  }
}

function titleOf(entry) { return entry.title || "Untitled"; }

const EDITED = new Intl.DateTimeFormat([], { dateStyle: "medium", timeStyle: "short" });

export class PuzzlesView {
  constructor(root, editor) {
    this.editor = editor;
    this.$ = (id) => root.querySelector(`#${id}`);
    this.list = this.$("puzzle-list");
    this.status = this.$("puzzle-status");
    const storage = browserStorage();
    this.store = new PuzzleStore(storage);
    if (!storage) this.status.textContent = "This browser keeps nothing for this page: the puzzles are lost when it closes.";
    this.$("puzzle-new").addEventListener("click", () => this.create());
    this.guard = new TabGuard(this.$("puzzle-conflict"), {
      theirs: () => {
        this.editor.dropSave();
        this.open(this.current);
      },
      mine: () => this.editor.save(),
      copy: () => {
        const puzzle = this.editor.snapshot();
        this.current = this.attempt(() => this.store.create({ ...puzzle, title: `${puzzle.title || "Untitled"} (copy)` })) ?? this.current;
        this.guard.opened(this.current);
        this.editor.setTitle(this.store.entry(this.current).title);
        this.render();
      },
    });
    window.addEventListener("storage", (event) => {
      // Another tab saved the puzzle open here, as something else than this tab last saved.
      if (event.key === PUZZLE_PREFIX + this.current && event.newValue !== null) {
        let state = null;
        try { state = JSON.parse(event.newValue).state; } catch { /* unreadable: asked all the same */ }
        if (state !== this.store.savedStates.get(this.current)) this.guard.conflict();
        return;
      }
      // Another tab changed the list.
      if (event.key !== INDEX_KEY && event.key !== null) return;
      this.store.merge();
      this.render();
    });
  }

  // The puzzle to show when the page opens: the one open last, or a new one.
  first() {
    const current = this.store.entry(this.store.index.current) ? this.store.index.current
      : this.store.list().length ? this.store.list()[0].id : 0;
    const puzzle = current ? this.store.load(current) : null;
    if (puzzle) {
      this.current = current;
      this.guard.opened(current);
      this.render();
      return puzzle;
    }
    return this.blank(15, 15);
  }

  // A new empty puzzle, made the open one: saved unless the storage is full (then its first
  // change tries again).
  blank(rows, cols) {
    const puzzle = { title: "", rows, cols, state: new GridModel(rows, cols).state(), undo: [], redo: [] };
    this.current = this.attempt(() => this.store.create(puzzle)) ?? 0;
    this.guard.opened(this.current);
    this.render();
    return puzzle;
  }

  // (Each of these saves the edits waiting first, while they are still the open puzzle's.)
  create() {
    this.editor.flushSave();
    const [rows, cols] = this.editor.chosenSize();
    this.editor.show(this.blank(rows, cols));
    if (this.current) this.status.textContent = `New ${rows}×${cols} puzzle.`;
  }

  open(id) {
    this.editor.flushSave();
    const puzzle = this.store.load(id);
    if (!puzzle) {
      this.status.textContent = `“${titleOf(this.store.entry(id))}” cannot be read: its saved data is damaged.`;
      return;
    }
    this.current = id;
    this.guard.opened(id);
    this.editor.show(puzzle);
    this.status.textContent = `Opened “${titleOf(puzzle)}”.`;
  }

  // Called by the editor after each change, with { title, rows, cols, state, undo, redo }.
  save(puzzle) {
    if (this.guard.held) return;  // another tab's version is waiting for the constructor's choice
    const saved = this.store.entry(this.current) ? this.attempt(() => this.store.save(this.current, puzzle))
      : this.attempt(() => { this.current = this.store.create(puzzle); });
    if (saved !== undefined && this.full) {
      this.full = false;
      this.status.textContent = "Saved again.";
    }
    this.render();
  }

  // Runs a write of the store; a full storage is said in the status (and stays said until a
  // save succeeds). Returns what `write` returns, or undefined when it failed.
  attempt(write) {
    try {
      return write() ?? null;
    } catch (error) {
      if (!(error instanceof StorageFull)) throw error;
      this.full = true;
      this.status.textContent = error.message;
      return undefined;
    }
  }

  rename(id, title) {
    this.attempt(() => this.store.rename(id, title.trim()));
    if (id === this.current) this.editor.setTitle(title.trim());
    this.render();
  }

  // Asks first: a deleted puzzle cannot be brought back.
  confirmDelete(id) {
    const title = titleOf(this.store.entry(id));
    const yes = document.createElement("button"), no = document.createElement("button");
    yes.type = no.type = "button";
    yes.textContent = `Delete “${title}”`;
    no.textContent = "Keep it";
    yes.id = "puzzle-delete-confirm";
    yes.addEventListener("click", () => this.delete(id));
    no.addEventListener("click", () => { this.status.textContent = ""; });
    this.status.replaceChildren(`Delete “${title}” and its history? This cannot be undone. `, yes, " ", no);
    no.focus();
  }

  delete(id) {
    this.editor.flushSave();
    const title = titleOf(this.store.entry(id));
    this.attempt(() => this.store.delete(id));
    if (id === this.current) {
      const next = this.store.list()[0];
      if (next) this.open(next.id);
      else this.editor.show(this.blank(15, 15));
    }
    this.render();
    this.status.textContent = `Deleted “${title}”.`;
  }

  // The list of puzzles; drawn again only when what it shows changed (each edit saves, and
  // the list rebuilt on every key laid out the page again), or with `force`.
  render(force = false) {
    const puzzles = this.store.list();
    const edited = (entry) => EDITED.format(new Date(entry.edited));
    const shown = JSON.stringify([this.current, puzzles.map((e) => [e.id, e.title, e.rows, e.cols, edited(e)])]);
    if (shown === this.shown && !force) return;
    this.shown = shown;
    this.$("puzzle-summary").textContent = `(${puzzles.length} saved)`;
    this.list.replaceChildren(...puzzles.map((entry) => {
      const item = document.createElement("li");
      if (entry.id === this.current) item.setAttribute("aria-current", "true");
      const open = document.createElement("button");
      open.type = "button";
      open.className = "puzzle-open";
      open.textContent = titleOf(entry);
      open.addEventListener("click", () => this.open(entry.id));
      const about = document.createElement("span");
      about.className = "puzzle-about";
      about.textContent = `${entry.rows}×${entry.cols}, edited ${edited(entry)}`;
      const rename = document.createElement("button");
      rename.type = "button";
      rename.textContent = "Rename";
      rename.setAttribute("aria-label", `Rename “${titleOf(entry)}”`);
      rename.addEventListener("click", () => this.startRename(item, entry));
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Delete";
      remove.setAttribute("aria-label", `Delete “${titleOf(entry)}”`);
      remove.addEventListener("click", () => this.confirmDelete(entry.id));
      item.append(open, " ", about, " ", rename, " ", remove);
      return item;
    }));
  }

  // The title becomes a field: Enter or leaving it renames, Escape keeps the old title.
  startRename(item, entry) {
    const field = document.createElement("input");
    field.type = "text";
    field.className = "puzzle-title";
    field.value = entry.title;
    field.setAttribute("aria-label", "New title");
    let done = false;
    const finish = (keep) => {
      if (done) return;
      done = true;
      if (keep) this.render(true);
      else this.rename(entry.id, field.value);
    };
    field.addEventListener("keydown", (event) => {
      if (event.key === "Enter") finish(false);
      else if (event.key === "Escape") finish(true);
      else return;
      event.preventDefault();
    });
    field.addEventListener("blur", () => finish(false));
    item.firstChild.replaceWith(field);
    field.focus();
    field.select();
  }
}
