// Block patterns for a new grid: the templates the server embeds (templates.json, from
// data/templates), each with a small preview, and a random legal pattern of a chosen size (rows and columns),
// share of blocks and seed (POST /api/block-pattern). Choosing one replaces the grid (undoable).
import { answerOf, postJson } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";

// A pattern's picture: a square per cell, the blocks black.
function preview(rows) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${rows[0].length} ${rows.length}`);
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("pattern-preview");
  const back = document.createElementNS(SVG, "rect");
  Object.entries({ width: rows[0].length, height: rows.length, class: "white" }).forEach(([k, v]) => back.setAttribute(k, v));
  svg.append(back);
  rows.forEach((row, r) => Array.from(row).forEach((ch, c) => {
    if (ch !== "#") return;
    const block = document.createElementNS(SVG, "rect");
    Object.entries({ x: c, y: r, width: 1, height: 1 }).forEach(([k, v]) => block.setAttribute(k, v));
    svg.append(block);
  }));
  return svg;
}

function blocksOf(rows) { return rows.join("").split("#").length - 1; }

export class TemplatesView {
  // `replace(rows, what)`: puts the pattern in the grid; `what` names it in the editor's status.
  constructor(root, replace) {
    this.$ = (id) => root.querySelector(`#${id}`);
    this.replace = replace;
    this.status = this.$("template-status");
    this.$("pattern-random").addEventListener("click", () => this.random());
    fetch("templates.json").then(answerOf).then((templates) => this.render(templates),
      (error) => { this.status.textContent = `The templates did not load: ${error.message}`; });
  }

  render(templates) {
    this.$("template-list").replaceChildren(...templates.map((template) => {
      const size = `${template.rows.length}×${template.rows[0].length}`;
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "template";
      button.title = `${template.source} (${template.licence})`;
      button.setAttribute("aria-label", `${template.name}: ${size}, ${blocksOf(template.rows)} blocks`);
      const name = document.createElement("span"), about = document.createElement("span");
      name.textContent = template.name;
      about.textContent = size;
      button.append(preview(template.rows), name, about);
      button.addEventListener("click", () => {
        this.replace(template.rows);
        this.status.textContent = `Template ${template.name}: ${size}, ${blocksOf(template.rows)} blocks.`;
      });
      item.append(button);
      return item;
    }));
  }

  async random() {
    const rows = parseInt(this.$("pattern-rows").value, 10);
    const cols = parseInt(this.$("pattern-cols").value, 10);
    const share = parseFloat(this.$("pattern-density").value);
    const seedField = this.$("pattern-seed");
    const seed = parseInt(seedField.value, 10) || 0;
    try {
      const answer = await postJson("/api/block-pattern", { rows, cols, density: share / 100, seed });
      this.replace(answer.rows);
      this.status.textContent = `Random ${rows}×${cols} pattern, seed ${seed}: ${answer.blocks} blocks. ` +
        "Again for another.";
      seedField.value = seed + 1;  // the next click, another pattern
    } catch (error) {
      this.status.textContent = error.message;
    }
  }
}
