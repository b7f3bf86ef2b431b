// The selected entry's candidates, each decided by the server as its searches finish
// (POST /api/candidates/stream): ✓ fillable, ✗ impossible, ? undecided, with the reason on
// hover. The server lists every word that fits: first those the proof's letter sets allow (a
// forced word first), then those it rules out; each allowed word is searched in the order
// shown until the time runs out. Sorted ✓, then ? (under a heading that says they are not
// decided), then ✗, score order within each; or by score alone. A filled entry shows its
// alternatives, its own word marked. One Tab stop: the arrow keys move inside the list (a
// roving tabindex), Enter or a click places the word.
//
// Only the newest request writes into the list: an answer to one that was cancelled (a new
// selection, an edit) is dropped, line by line. The list is drawn when it arrives, then at
// most every REDRAW_MS as its words are decided, and at most SHOWN words of it until asked
// for all; each drawing puts its first 10 items in place at once and the rest in the page's
// idle moments, 20 at a time and fewer on a slow page, so that no keypress waits on a long
// redraw; the rest only while the list is in view, and only as far as its scrolling shows
// (half a view past it): a list of 100 is drawn whole only when scrolled to its end.
import { postStream } from "./api.js";
import { allowOffensive } from "./breakfast.js";
import { cancelIdle, whenIdle } from "./idle.js";

const VIABILITY = {
  fillable: ["✓", "the grid can still be filled with it"],
  impossible: ["✗", "the grid cannot be filled with it"],
  unknown: ["?", "not decided yet"],
};
const RANK = { fillable: 0, unknown: 1, impossible: 2 };
const HEADINGS = {
  unknown: (n, done) => done ? `${n} not decided in the time given (neither ✓ nor ✗)` : `${n} being decided`,
  impossible: (n) => `${n} ruled out`,
};
const SHOWN = 100;
// Items drawn at once (half of what the list shows: the frame of the list's arrival also lays
// out its status line, and a key typed then waits for it), then in each idle moment after
// them (parts of 10 spread the list over twice as many idle moments, into more keys' paths).
const FIRST_PART = 10;
const PART = 20;
// The longest an idle part may take to make its items (their frame takes about eight times as
// long: style, layout and paint): 20 items fit unthrottled, about 6 at 4x CPU throttling (and
// fewer on a loaded core), where 20 items and their frame made a long task on their own.
const PART_MS = 1;
const PART_WAIT_MS = 200; // the longest wait for an idle moment
const REDRAW_MS = 400;
const MAX_WORDS = 1000;

export class CandidatesView {
  // `onChoose(word)` places a word in the entry.
  constructor(list, status, byScore, onChoose) {
    Object.assign(this, { list, status, byScore, onChoose });
    this.request = null;
    this.words = [];
    this.done = false;
    this.current = "";    // the entry's own word when it is filled
    this.showAll = false;
    this.frame = 0;       // the requestAnimationFrame of the next redraw, or 0
    this.timer = 0;       // the timeout before it while decisions stream in, or 0
    this.part = 0;        // the idle callback that draws the rest of the list, or 0
    this.rest = null;     // the drawing of the rest (`all`: at once), waiting to be in view
    this.inView = true;   // whether the list is in the viewport (told by the observer below)
    this.tailItem = null; // the last item drawn while the rest waits, and whether it is in the
    this.tailNear = null; // list's view or half a view below it (null: not told yet)
    // The last item drawn, watched in the list's own view (no layout read after a write).
    this.tail = new IntersectionObserver((entries) => {
      const { boundingClientRect: box, rootBounds } = entries[entries.length - 1];
      this.tailNear = box.top < rootBounds.bottom;  // above the view counts too (scrolled down)
      this.drawRest();
    }, { root: list, rootMargin: "0px 0px 50% 0px" });
    this.focusIndex = 0;  // the word (index into this.words) holding the tab stop
    byScore.addEventListener("change", () => this.render());
    new IntersectionObserver((entries) => this.seen(entries[entries.length - 1].isIntersecting)).observe(list);
    list.addEventListener("keydown", (event) => this.key(event));
    // The word focused (by a click too) is the one the keys act on.
    list.addEventListener("focusin", (event) => {
      const item = event.target.closest("[role=option]");
      if (item) this.focusIndex = +item.dataset.index;
    });
  }

  // Stops the request in flight, if any, and the drawing of its list (which stays as it is
  // until the next load): its searches would take the server's core from the marks of the key
  // that made it stale, and its drawing the page's main thread.
  cancel() {
    if (this.request) this.request.abort();
    this.request = null;
    this.stopDrawing();
  }

  // Streams the candidates of `slot` in `grid` ({grid: rows} or {puzzle}), cancelling those in
  // flight. `current`: the entry's word when it is filled (its letters are not in `grid`).
  async load(slot, grid, exclude, current = "") {
    this.cancel();
    this.current = current;
    this.showAll = false;
    this.describe = null;
    if (!slot) {
      this.words = [];
      this.render();
      this.status.textContent = "No entry here.";
      return;
    }
    const controller = new AbortController();
    this.request = controller;
    const mine = () => this.request === controller && !controller.signal.aborted;
    delete this.list.dataset.done;
    this.done = false;
    this.status.textContent = `Looking for ${slot.name}…`;
    const started = performance.now();
    let name = slot.name, pattern = "";
    this.describe = () => {
      const count = (v) => this.words.filter((w) => w.viability === v).length;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const allowed = this.words.filter((w) => !w.byProof).length;
      const total = this.words.length >= MAX_WORDS ? `${MAX_WORDS} or more` : `${this.words.length}`;
      this.status.textContent = `${name} (${current ? `alternatives to ${current}` : pattern}): ` +
        `${total} word${this.words.length === 1 ? "" : "s"} fit, ${allowed} allowed by the proof` +
        (allowed === 1 ? " (forced)" : "") + `; ${count("fillable")} ✓, ${count("unknown")} ?, ${count("impossible")} ✗` +
        (this.done ? ` (${seconds} s)` : ` — deciding… ${seconds} s`);
    };
    try {
      await postStream("/api/candidates/stream", {
        ...grid, slot: { row: slot.row, col: slot.col, direction: slot.direction },
        options: { exclude, seconds: 2, "max-words": MAX_WORDS, "max-checked": MAX_WORDS,
                   "allow-offensive": allowOffensive() },
      }, controller.signal, (line) => {
        if (!mine()) return;  // a cancelled request's lines never reach the list
        if (line.error) throw new Error(line.error);  // found once the stream had begun
        if (line.words) {
          // Those the proof rules out come last and are impossible from the start.
          this.words = line.words.map((w, index) => ({ ...w, index, byProof: w.viability === "impossible" }));
          ({ name, pattern } = line.slot);
          this.list.dataset.slot = name;
        } else if (line.index !== undefined) {
          const word = this.words[line.index];
          if (word) Object.assign(word, { viability: line.viability, reason: line.reason });
        } else if (line.done) {
          for (const { index, reason } of line.undecided) if (this.words[index]) this.words[index].reason = reason;
          this.done = true;  // data-done once the list is drawn (drawPart)
        }
        if (line.done) delete this.list.dataset.pending;
        else this.list.dataset.pending = "true";
        this.schedule(!!line.words || !!line.done);  // the list and its status line
      });
    } catch (error) {
      if (error.name === "AbortError" || !mine()) return;
      this.words = [];
      this.describe = null;
      this.render();
      this.status.textContent = error.message;
    } finally {
      if (this.request === controller) this.request = null;
    }
  }

  // A redraw: at the next frame for the list and for the end, else at most every REDRAW_MS
  // while decisions stream in (a redraw of the list and its layout is the page's costliest
  // work; drawn on every frame, it made long tasks of hundreds of milliseconds).
  schedule(now) {
    if (now && this.timer) {
      clearTimeout(this.timer);
      this.timer = 0;
    }
    if (this.frame || this.timer) return;
    const draw = () => { this.frame = this.timer = 0; this.render(); };
    if (now) this.frame = requestAnimationFrame(draw);
    else this.timer = setTimeout(() => { this.timer = 0; this.frame = requestAnimationFrame(draw); }, REDRAW_MS);
  }

  sorted() {
    const words = [...this.words];
    if (!this.byScore.checked) words.sort((a, b) => RANK[a.viability] - RANK[b.viability] || a.index - b.index);
    return words;
  }

  // Draws the list as it is now: its first FIRST_PART items in this task, the rest PART at a
  // time (at most PART_MS of making them) when the page is idle and the list in view (100 new
  // items at once made a task of 20-85 ms at 4x CPU throttling, which a key typed then waited
  // for). Items no longer in the list leave it at once, so that a part never shows a word
  // twice or one of another list.
  render() {
    this.stopDrawing();
    delete this.list.dataset.done;
    const all = this.sorted();
    const words = this.showAll ? all : all.slice(0, SHOWN);
    // The tab stop on a word drawn at once: the first, unless the focus is in the list (on its
    // word) or the word holding it is among the first drawn (the rest may wait for a scroll).
    const at = words.findIndex((w) => w.index === this.focusIndex);
    if (at < 0 || (at >= FIRST_PART && !this.list.contains(document.activeElement))) {
      this.focusIndex = words.length ? words[0].index : 0;
    }
    if (this.drawnWords !== this.words) {  // a new list: none of its words' items made yet
      this.drawnWords = this.words;
      this.elements = new Map();  // word (of this.words) -> its item
    }
    const counts = { unknown: 0, impossible: 0 };
    for (const w of all) if (w.viability in counts) counts[w.viability]++;
    // What the list holds, in order: headings and the last item (elements), and words.
    const entries = [];
    let group = null;
    for (const candidate of words) {
      // A heading above the undecided and the ruled-out groups says what they are.
      if (!this.byScore.checked && candidate.viability !== group) {
        group = candidate.viability;
        if (HEADINGS[group]) entries.push(this.heading(group, HEADINGS[group](counts[group], this.done)));
      }
      entries.push(candidate);
    }
    if (words.length < all.length) entries.push(this.more(all.length, words.length));
    // The items drawn before are kept (the words decided since made again): as decisions
    // stream in, a redraw moves a few items and rewrites their marks instead of making 100.
    const kept = new Set(entries.map((entry) => entry instanceof Element ? entry : this.kept(entry)));
    const stale = Array.from(this.list.children).filter((item) => !kept.has(item));
    // The focus goes back to the word holding the tab stop once it is drawn, as when it was
    // in the list (or was taken from it by a redraw not yet finished).
    this.refocus = this.list.contains(document.activeElement) || (this.refocus && document.activeElement === document.body);
    if (stale.length === this.list.children.length) this.list.replaceChildren();
    else for (const item of stale) item.remove();
    if (this.describe) this.describe();
    this.drawPart(entries, 0, FIRST_PART);
  }

  // Puts `count` entries of `entries` from `start` in their places (fewer once `budget` ms
  // have gone, at least one), and the rest later.
  drawPart(entries, start, count, budget = Infinity) {
    this.part = 0;
    this.rest = null;
    const began = performance.now();
    const last = Math.min(entries.length, start + count);
    let end = start;
    while (end < last && (end === start || performance.now() - began < budget)) {
      const item = entries[end] instanceof Element ? entries[end] : this.item(entries[end]);
      const here = this.list.children[end];
      if (here !== item) this.list.insertBefore(item, here || null);
      end++;
    }
    if (this.refocus && this.list.querySelector(`[data-index="${this.focusIndex}"]`)) {
      this.refocus = false;
      if (document.activeElement === document.body || this.list.contains(document.activeElement)) this.focusCurrent();
    }
    if (end < entries.length) {
      // (`all` true: the rest at once; an idle callback passes its deadline.)
      this.rest = (all) => (all === true ? this.drawPart(entries, end, entries.length)
        : this.drawPart(entries, end, PART, PART_MS));
      this.tailItem = this.list.children[end - 1];
      this.tailNear = null;
      this.tail.disconnect();
      this.tail.observe(this.tailItem);  // told after the next frame's layout
      return;
    }
    this.tail.disconnect();
    while (this.list.children.length > entries.length) this.list.lastChild.remove();
    if (this.done) this.list.dataset.done = "true";  // the answer's end, drawn whole (in view)
  }

  // Whether the list is in view: the rest of its drawing waits for it, out of view. (Each part
  // is a frame; a key typed during it waits for it.)
  seen(inView) {
    this.inView = inView;
    this.drawRest();
  }

  // The next part in an idle moment when the list and its last item drawn are in view. Else,
  // past what its scrolling shows, the rest waits for the list to be scrolled to it; the items
  // kept from the list's drawing before, below the last one drawn and out of their order, leave
  // it (out of view; nor can the list then be scrolled past its last item drawn unseen).
  drawRest() {
    if (!this.rest || !this.inView || this.part) return;
    if (this.tailNear) {
      this.part = whenIdle(this.rest, PART_WAIT_MS);  // (this.rest kept for End until it runs)
      return;
    }
    if (this.tailNear === null) return;  // not told yet
    while (this.tailItem.nextSibling) this.tailItem.nextSibling.remove();
    if (this.done) this.list.dataset.done = "true";  // the answer's end, drawn as far as it shows
  }

  // No redraw waits any more, nor the rest of one.
  stopDrawing() {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.timer) clearTimeout(this.timer);
    if (this.part) cancelIdle(this.part);
    this.frame = this.timer = this.part = 0;
    this.rest = null;
    this.tail.disconnect();
    this.tailItem = this.tailNear = null;
  }

  // The heading of `group`'s words, saying `text`.
  heading(group, text) {
    this.headings = this.headings || {};
    let item = this.headings[group];
    if (!item) {
      item = this.headings[group] = document.createElement("li");
      item.className = "group";
      item.setAttribute("role", "presentation");
    }
    if (item.textContent !== text) item.textContent = text;
    return item;
  }

  // The last item when only `shown` of the `total` words are: a button that shows them all.
  more(total, shown) {
    if (!this.moreItem) {
      this.moreItem = document.createElement("li");
      this.moreItem.setAttribute("role", "presentation");
      const button = document.createElement("button");
      button.type = "button";
      button.addEventListener("click", () => { this.showAll = true; this.render(); });
      this.moreItem.append(button);
    }
    const text = `Show all ${total} (${total - shown} more)`;
    if (this.moreItem.firstChild.textContent !== text) this.moreItem.firstChild.textContent = text;
    return this.moreItem;
  }

  isCurrent(candidate) {
    return !!this.current && candidate.word.toUpperCase() === this.current.toUpperCase();
  }

  // What `candidate`'s item shows that can change: its mark, reason and tab stop.
  drawnAs(candidate) {
    const reason = candidate.reason || VIABILITY[candidate.viability][1];
    return `${candidate.viability} ${reason} ${this.isCurrent(candidate)} ${candidate.index === this.focusIndex ? 0 : -1}`;
  }

  // The item drawn before for `candidate` when it shows the same (`drawn`), else undefined.
  kept(candidate, drawn = this.drawnAs(candidate)) {
    const item = this.elements.get(candidate);
    return item && item.dataset.drawn === drawn ? item : undefined;
  }

  // The item of `candidate`: the one drawn before when it shows the same, else made (again).
  item(candidate) {
    const drawn = this.drawnAs(candidate);
    const kept = this.kept(candidate, drawn);
    if (kept) return kept;
    const [mark, meaning] = VIABILITY[candidate.viability];
    const reason = candidate.reason || meaning;
    const here = this.isCurrent(candidate);
    const item = document.createElement("li");
    item.dataset.drawn = drawn;
    const tabIndex = candidate.index === this.focusIndex ? 0 : -1;
    this.elements.set(candidate, item);
    item.className = candidate.viability + (here ? " current" : "");
    item.setAttribute("role", "option");
    item.dataset.index = candidate.index;
    item.tabIndex = tabIndex;
    item.title = here ? `in the grid now; ${reason}` : reason;
    item.setAttribute("aria-label", `${candidate.word}, score ${candidate.score}, ${meaning}: ${reason}` +
      (here ? ", in the grid now" : ""));
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
    if (event.key === "End" && this.rest) {  // to the list's true end, not its last item drawn
      if (this.part) cancelIdle(this.part);
      this.rest(true);
    }
    const items = Array.from(this.list.querySelectorAll("[role=option]"));
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
