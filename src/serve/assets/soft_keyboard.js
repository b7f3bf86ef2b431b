// The grid's typing on a touch screen: a tap on the grid focuses a real text input (the grid
// itself is no input, and a phone raises its keyboard only for one), kept out of sight. Phones
// send no reliable keydown for a letter, so what the input receives is turned into the grid's
// keys: an inserted text (a letter of any script, or several at once) into its letters,
// a deletion into Backspace, a line break into Enter. A keyboard's keydown (a physical one, or
// Backspace and arrows on some soft ones) goes to the grid's handler as it is.
//
// The input always holds one space, so that a soft Backspace has something to delete (on an
// empty input some keyboards send nothing at all).
const KEPT = " ";

export class SoftKeyboard {
  // `grid`: the grid's element; `key(event)`: the grid's keydown handler, which calls
  // preventDefault() on the keys it takes.
  constructor(grid, key) {
    this.grid = grid;
    this.key = key;
    this.touched = false;  // whether the last pointer on the grid was a finger or a pen
    const input = document.createElement("input");
    Object.assign(input, { type: "text", id: "grid-keyboard", value: KEPT, autocomplete: "off", spellcheck: false,
                           tabIndex: -1 });  // the grid is the Tab stop; a tap brings the focus here
    input.setAttribute("inputmode", "text");
    input.setAttribute("autocapitalize", "characters");
    input.setAttribute("autocorrect", "off");
    input.setAttribute("enterkeyhint", "next");
    input.setAttribute("aria-label", "Letters for the grid");
    input.className = "soft-keyboard";
    grid.after(input);
    this.input = input;

    grid.addEventListener("pointerdown", (event) => { this.touched = event.pointerType !== "mouse"; });
    // After the grid's own mousedown (which focuses the grid): a tap gives the focus here.
    grid.addEventListener("click", () => { if (this.touched) this.focus(); });
    input.addEventListener("keydown", (event) => this.key(event));
    input.addEventListener("beforeinput", (event) => this.beforeInput(event));
    input.addEventListener("input", (event) => { if (!event.isComposing) this.flush(); });
    input.addEventListener("compositionend", () => this.flush());
    input.addEventListener("focus", () => grid.classList.add("typing"));
    input.addEventListener("blur", () => grid.classList.remove("typing"));
  }

  focus() {
    this.input.focus({ preventScroll: true });
    this.reset();
  }

  reset() {
    this.input.value = KEPT;
    this.input.setSelectionRange(KEPT.length, KEPT.length);
  }

  send(key) {
    this.key({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, preventDefault() {} });
  }

  // What can be taken before it reaches the input is taken there (the input stays as it is).
  beforeInput(event) {
    if (event.isComposing || !event.cancelable) return;
    if (event.inputType === "insertText" && event.data) {
      for (const letter of event.data.normalize("NFC")) this.send(letter);
    } else if (event.inputType === "deleteContentBackward") {
      this.send("Backspace");
    } else if (event.inputType === "deleteContentForward") {
      this.send("Delete");
    } else if (event.inputType === "insertLineBreak" || event.inputType === "insertParagraph") {
      this.send("Enter");
    } else {
      return;
    }
    event.preventDefault();
  }

  // What reached the input anyway (a composition ended, an input event not cancelable): the
  // text after the kept space as letters, the space gone as a Backspace.
  flush() {
    const value = this.input.value;
    if (value === KEPT) return;
    if (value === "") this.send("Backspace");
    for (const letter of value.slice(value.startsWith(KEPT) ? KEPT.length : 0).normalize("NFC")) {
      if (letter.trim()) this.send(letter);
    }
    this.reset();
  }
}
