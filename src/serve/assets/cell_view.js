// The cells of the editor's grid: what each shows (cellView) and its element written where that
// changed (drawCell).

// The class of a cell's shade when it can take `letters` letters: "tight-4" for one, none
// from about 26.
function tightClass(letters) {
  const step = Math.round(4 * Math.max(0, 1 - Math.log2(letters) / 4.7));
  return step ? `tight-${step}` : "";
}

// Writes into the cell element `el` and its faint letter `ghost` (an SVG text over the grid)
// what `view` (cellView) holds and `last`, the view drawn before (undefined: none), did not.
// (Its title, which a proof changes on most cells and which costs each a new style, is
// written when the pointer comes over it: Editor.bindGrid.) `ghost` null: the faint fill is
// hidden, its letter left as it is (compared with the text itself once it is shown again).
export function drawCell(el, ghost, view, last = {}) {
  const changed = (field) => view[field] !== last[field];
  if (changed("className")) el.className = view.className;
  if (changed("letters")) el.dataset.letters = view.letters;
  if (changed("number")) el.firstChild.textContent = view.number;
  if (changed("letter")) el.children[1].textContent = view.letter;
  if (changed("count")) el.style.setProperty("--letters", view.count);
  if (ghost && ghost.textContent !== view.ghost) ghost.textContent = view.ghost;
  if (changed("selected")) el.setAttribute("aria-selected", view.selected);
  if (changed("label")) el.setAttribute("aria-label", view.label);
}

// What cell `i` at (r, c) of `editor`'s grid (an Editor) shows: its classes, text and
// attributes (drawCell). `inSlot`: whether it is in the selected entry; `region`: the selected
// region or null; `marks`: the proof's (ProofView.marksFor) or null.
export function cellView(editor, i, r, c, inSlot, region, marks) {
  const cell = editor.model.cells[i];
  const here = r === editor.cursor.r && c === editor.cursor.c;
  // Solving, nothing tells the answer: no proof, no fill or lock marks.
  const solving = editor.solve.active;
  const proven = cell.black || solving || !marks ? null : editor.proof.cellState(marks, i);
  const letter = editor.letterAt(i);
  const length = letter.length > 1 ? Array.from(letter).length : letter.length;
  const number = editor.model.numbers[i];
  // (Strings joined by hand: this runs for every cell on each key and each proof.)
  let className = (cell.black ? " black" : "") + (cell.void ? " void" : "") + (inSlot ? " slot" : "") +
    (here ? " cursor" : "");
  if (!cell.black) {
    className += (cell.circled ? " circled" : "") + (cell.shaded ? " shaded" : "") + (cell.barRight ? " bar-right" : "") +
      (cell.barBelow ? " bar-below" : "") + (length > 1 ? " rebus" : "");
  }
  if (!solving) className += (cell.origin === "fill" ? " filled" : "") + (cell.locked ? " locked" : "");
  if (region && r >= region.top && r <= region.bottom && c >= region.left && c <= region.right) className += " region";
  if (proven && proven.classes) className += ` ${proven.classes}`;
  if (solving) for (const name of editor.solve.classesAt(i)) className += ` ${name}`;
  // The fewer letters a cell can take, the stronger its shade (1 letter: full), in five
  // steps, so that a proof changes the shade of few cells.
  const tight = proven && !letter && !proven.classes ? tightClass(proven.letters) : "";
  if (tight) className += ` ${tight}`;
  let label = `row ${r + 1}, column ${c + 1}: `;
  if (cell.void) label += "outside the grid";
  else if (cell.black) label += "black";
  else {
    label += (number ? `${number}, ` : "") + (letter || "empty") + (cell.locked && !solving ? ", locked" : "") +
      (cell.circled ? ", circled" : "") + (cell.shaded ? ", shaded" : "") + (cell.barRight ? ", bar after it" : "") +
      (cell.barBelow ? ", bar below it" : "") + (solving && editor.solve.marks[i] ? `, ${editor.solve.marks[i]}` : "");
  }
  return {
    className: className.slice(1),
    proven: !!proven,  // its title is the proof's (Editor.bindGrid)
    letters: proven ? `${proven.letters}` : "",
    number: number ? `${number}` : "",
    letter,
    count: `${length || 1}`,
    // A fill the verdict found, faintly in the empty cells.
    ghost: proven && !letter ? (proven.ghost || "").toUpperCase() : "",
    selected: here ? "true" : "false",
    label,
  };
}
