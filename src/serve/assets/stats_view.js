// The grid's statistics as constructors count them: entries, blocks, average entry length,
// unchecked cells (in one entry only), two-letter entries, repeated words and letter counts.
export function gridStats(model) {
  const white = model.cells.filter((cell) => !cell.black).length;
  const entries = model.slots.length;
  const inSlots = new Array(model.cells.length).fill(0);
  for (const slot of model.slots) for (const i of slot.cells) inSlots[i]++;
  const unchecked = model.cells.filter((cell, i) => !cell.black && inSlots[i] < 2).length;
  const words = model.slots.map((slot) => model.word(slot)).filter((word) => !word.includes("."));
  const seen = new Map();
  for (const word of words) seen.set(word, (seen.get(word) || 0) + 1);
  const letters = new Map();
  for (const cell of model.cells) if (cell.letter) letters.set(cell.letter, (letters.get(cell.letter) || 0) + 1);
  return {
    entries,
    blocks: model.cells.length - white,
    average: entries ? model.slots.reduce((sum, slot) => sum + slot.cells.length, 0) / entries : 0,
    unchecked,
    twoLetter: model.slots.filter((slot) => slot.cells.length === 2).length,
    repeated: [...seen].filter(([, count]) => count > 1).map(([word]) => word),
    letters: [...letters].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  };
}

// Writes the statistics of `model` into the element `out`: its rows made once, then only the
// values that changed written (each edit draws them).
export function renderStats(model, out) {
  const s = gridStats(model);
  const rows = [
    ["Entries", s.entries], ["Blocks", s.blocks], ["Average length", s.average.toFixed(2)],
    ["Unchecked cells", s.unchecked], ["2-letter entries", s.twoLetter],
    ["Repeated words", s.repeated.join(", ") || "none"],
    ["Letters", s.letters.map(([letter, count]) => `${letter} ${count}`).join(", ") || "none"],
  ];
  if (out.childElementCount !== rows.length) {
    out.replaceChildren(...rows.map(([name]) => {
      const row = document.createElement("div");
      const term = document.createElement("dt");
      const data = document.createElement("dd");
      term.textContent = name;
      data.dataset.stat = name;
      row.append(term, data);
      return row;
    }));
  }
  rows.forEach(([, value], k) => {
    const data = out.children[k].lastChild;
    if (data.textContent !== `${value}`) data.textContent = value;
  });
}
