// The grid's live proof: after each edit the server's arc consistency (POST /api/prove) says
// how many letters each cell can still take, and which entries and cells have none. Cells
// are shaded by that count (the fewer, the darker), and the dead ones turn red.
import { postJson } from "./api.js";

export class ProofView {
  // `status`: the element that names the dead entries; `onProof`: called when a proof arrives.
  constructor(status, onProof) {
    this.status = status;
    this.onProof = onProof;
    this.request = null;  // the AbortController of the proof in flight
    this.proof = null;    // { key, answer } of the latest proof
    this.started = 0;
  }

  // The key of a grid as the searches take it ({grid: rows} or {puzzle}): equal for equal grids.
  keyOf(grid) { return JSON.stringify(grid); }

  // Asks for the proof of `grid` ({grid: rows} or {puzzle}, GridModel.searchGrid), cancelling
  // the one in flight.
  async prove(grid, exclude) {
    if (this.request) this.request.abort();
    const controller = new AbortController();
    this.request = controller;
    this.started = performance.now();
    try {
      const answer = await postJson("/api/prove", { ...grid, options: { exclude } }, controller.signal);
      this.proof = { key: this.keyOf(grid), answer, ms: performance.now() - this.started };
      this.status.textContent = answer.consistent ? "" : answer.message;
      this.status.classList.toggle("dead", !answer.consistent);
      this.onProof();
    } catch (error) {
      if (error.name !== "AbortError") this.status.textContent = error.message;
    } finally {
      if (this.request === controller) this.request = null;
    }
  }

  // The proof's classes and title for cell `index` of the grid of `key` (keyOf), `cols` wide,
  // or null when the proof is of another grid.
  cellState(key, index, cols) {
    if (!this.proof || this.proof.key !== key) return null;
    const answer = this.proof.answer;
    if (!this.deadCells || this.deadKey !== this.proof) {
      this.deadKey = this.proof;
      this.deadCells = new Set(answer.dead_cells);
      this.deadEntries = new Map();
      for (const slot of answer.dead_slots) {
        const [dr, dc] = slot.direction === "across" ? [0, 1] : [1, 0];
        for (let k = 0; k < slot.length; k++) {
          this.deadEntries.set((slot.row + dr * k) * cols + slot.col + dc * k, slot.name);
        }
      }
    }
    const letters = answer.letters[index];
    const dead = this.deadCells.has(index) || letters === 0;
    const entry = this.deadEntries.get(index);
    return {
      letters,
      classes: [dead ? "dead-cell" : "", entry ? "dead-entry" : ""].filter(Boolean),
      title: dead ? "no letter fits here" : entry ? `${entry} has no word` :
        `${letters} letter${letters === 1 ? "" : "s"} can go here`,
    };
  }
}
