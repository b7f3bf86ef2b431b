// The selected entry's candidates, each decided by the server as its searches finish
// (POST /api/candidates/stream): ✓ fillable, ✗ impossible, ? undecided, with the reason on
// hover. Sorted ✓, ?, ✗ (score order within each), or by score alone. One Tab stop: the
// arrow keys move inside the list (a roving tabindex), Enter or a click places the word.
import { postStream } from "./api.js";

const VIABILITY = {
  fillable: ["✓", "the grid can still be filled with it"],
  impossible: ["✗", "the grid cannot be filled with it"],
  unknown: ["?", "not decided yet"],
};
const RANK = { fillable: 0, unknown: 1, impossible: 2 };

export class CandidatesView {
  // `onChoose(word)` places a word in the entry.
  constructor(list, status, byScore, onChoose) {
    Object.assign(this, { list, status, byScore, onChoose });
    this.request = null;
    this.words = [];
    this.focusIndex = 0;  // the word (index into this.words) holding the tab stop
    byScore.addEventListener("change", () => this.render());
    list.addEventListener("keydown", (event) => this.key(event));
  }

  // Streams the candidates of `slot` in `grid` ({grid: rows} or {puzzle}), cancelling those in
  // flight.
  async load(slot, grid, exclude) {
    if (this.request) this.request.abort();
    if (!slot) {
      this.words = [];
      this.render();
      this.status.textContent = "No entry here.";
      return;
    }
    const controller = new AbortController();
    this.request = controller;
    delete this.list.dataset.done;
    this.status.textContent = `Looking for ${slot.name}…`;
    const started = performance.now();
    let name = slot.name, pattern = "";
    const describe = (done) => {
      const count = (v) => this.words.filter((w) => w.viability === v).length;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      this.status.textContent = `${name} (${pattern}): ${this.words.length} word${this.words.length === 1 ? "" : "s"}; ` +
        `${count("fillable")} ✓, ${count("impossible")} ✗, ${count("unknown")} ?` + (done ? ` (${seconds} s)` : ` — deciding… ${seconds} s`);
    };
    try {
      await postStream("/api/candidates/stream", {
        ...grid, slot: { row: slot.row, col: slot.col, direction: slot.direction },
        options: { exclude, seconds: 2 },
      }, controller.signal, (line) => {
        if (line.error) throw new Error(line.error);  // found once the stream had begun
        if (line.words) {
          this.words = line.words.map((w, index) => ({ ...w, index }));
          ({ name, pattern } = line.slot);
          this.list.dataset.slot = name;
        } else if (line.index !== undefined) {
          Object.assign(this.words[line.index], { viability: line.viability, reason: line.reason });
        } else if (line.done) {
          for (const { index, reason } of line.undecided) this.words[index].reason = reason;
          this.list.dataset.done = "true";
        }
        if (line.done) delete this.list.dataset.pending;
        else this.list.dataset.pending = "true";
        this.render();
        describe(!!line.done);
      });
    } catch (error) {
      if (error.name === "AbortError") return;
      this.words = [];
      this.render();
      this.status.textContent = error.message;
    } finally {
      if (this.request === controller) this.request = null;
    }
  }

  sorted() {
    const words = [...this.words];
    if (!this.byScore.checked) words.sort((a, b) => RANK[a.viability] - RANK[b.viability] || a.index - b.index);
    return words;
  }

  render() {
    const focused = this.list.contains(document.activeElement);
    const words = this.sorted();
    if (!words.some((w) => w.index === this.focusIndex)) this.focusIndex = words.length ? words[0].index : 0;
    this.list.replaceChildren(...words.map((candidate) => this.item(candidate)));
    if (focused) this.focusCurrent();
  }

  item(candidate) {
    const [mark, meaning] = VIABILITY[candidate.viability];
    const reason = candidate.reason || meaning;
    const item = document.createElement("li");
    item.className = candidate.viability;
    item.setAttribute("role", "option");
    item.dataset.index = candidate.index;
    item.tabIndex = candidate.index === this.focusIndex ? 0 : -1;
    item.title = reason;
    item.setAttribute("aria-label", `${candidate.word}, score ${candidate.score}, ${meaning}: ${reason}`);
    const viability = document.createElement("span");
    viability.className = "viability";
    viability.textContent = mark;
    const word = document.createElement("span");
    word.className = "word";
    word.textContent = candidate.word.toUpperCase();
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = candidate.score;
    item.append(viability, word, score);
    item.addEventListener("click", () => this.onChoose(candidate.word));
    return item;
  }

  focusCurrent() {
    const item = this.list.querySelector(`[data-index="${this.focusIndex}"]`);
    if (item) item.focus();
  }

  key(event) {
    const items = Array.from(this.list.children);
    const at = items.findIndex((item) => +item.dataset.index === this.focusIndex);
    const moves = { ArrowDown: 1, ArrowUp: -1, Home: -items.length, End: items.length, PageDown: 10, PageUp: -10 };
    if (moves[event.key] !== undefined && items.length) {
      const next = items[Math.max(0, Math.min(items.length - 1, at + moves[event.key]))];
      items.forEach((item) => { item.tabIndex = -1; });
      next.tabIndex = 0;
      this.focusIndex = +next.dataset.index;
      next.focus();
    } else if ((event.key === "Enter" || event.key === " ") && at >= 0) {
      this.onChoose(this.words[this.focusIndex].word);
    } else if (event.key === "Delete" && at >= 0) {  // out of the word list (lists_view.js)
      document.dispatchEvent(new CustomEvent("wordlist-exclude", { detail: this.words[this.focusIndex].word }));
    } else {
      return;
    }
    event.preventDefault();
  }
}
