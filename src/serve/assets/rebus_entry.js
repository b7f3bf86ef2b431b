// Several letters in one cell (a rebus: STAR; the Dutch IJ), as constructors know it from
// Across Lite: Insert (or the Rebus button) opens a field over the cell with its letters;
// Enter writes what it holds (nothing: the cell is emptied), Escape or leaving it changes
// nothing.
export class RebusEntry {
  // `onDone(letters)`: the letters to write (upper case), or null when cancelled.
  constructor(onDone) {
    this.onDone = onDone;
    this.field = null;
  }

  get open() { return this.field !== null; }

  // Opens the field over `cellElement`, holding `letters`.
  start(cellElement, letters) {
    this.close();
    const field = document.createElement("input");
    field.type = "text";
    field.id = "rebus-text";
    field.className = "rebus-text";
    field.value = letters;
    field.spellcheck = false;
    field.autocomplete = "off";
    field.setAttribute("aria-label", "Letters of the cell (Enter writes them, Escape cancels)");
    field.addEventListener("keydown", (event) => {
      event.stopPropagation();
      if (event.key === "Enter") this.finish(field.value);
      else if (event.key === "Escape") this.finish(null);
      else return;
      event.preventDefault();
    });
    field.addEventListener("input", () => {
      field.value = Array.from(field.value).filter((ch) => /\p{L}/u.test(ch)).join("").toUpperCase();
    });
    field.addEventListener("blur", () => this.finish(null));
    field.addEventListener("mousedown", (event) => event.stopPropagation());
    this.field = field;
    cellElement.append(field);
    field.focus();
    field.select();
  }

  finish(value) {
    if (!this.field) return;
    this.close();
    this.onDone(value === null ? null : value.toUpperCase());
  }

  close() {
    const field = this.field;
    this.field = null;
    if (field) field.remove();
  }
}
