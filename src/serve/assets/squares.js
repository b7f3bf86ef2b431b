// The word squares view: typing a first word streams its squares (POST /api/squares, one JSON
// object a line) with a live count; a change or Stop cancels the search in flight, and the
// server stops it when the connection closes. Every square is kept (compactly, as its line)
// and shown in a virtual list, so that a million of them scroll as smoothly as ten: the
// stream is read in slices of a few milliseconds and the page drawn once a frame.
import { answerOf, post, sentence } from "./api.js";
import { LineStore } from "./line_store.js";
import { VirtualList } from "./virtual_list.js";

const SLICE_MS = 8;        // work between two chances for the page to draw and answer
const PIECE = 64 * 1024;   // bytes of the stream stored at once

// A task later: the page draws in between (scheduler.yield() resumes ahead of the frames, which
// then come far apart).
function yieldToPage() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// "1,000,000 squares" (by hand: the first toLocaleString() loads the locale's data, a long
// task of its own).
function plural(count) {
  return `${String(count).replace(/\B(?=(\d{3})+$)/g, ",")} square${count === 1 ? "" : "s"}`;
}

export class SquaresView {
  constructor(root) {
    this.$ = (id) => root.querySelector(`#${id}`);
    this.request = null;
    this.timer = 0;
    this.store = new LineStore();
    this.list = new VirtualList(this.$("sq-results"), (element, index) => {
      // A square with its diagonals comes as its words: the rows, then the diagonals.
      const square = JSON.parse(this.store.line(index));
      const rows = square.rows || square.words.slice(0, Array.from(square.words[0]).length);
      element.textContent = rows.join("\n");
    }, "square");
    const form = this.$("squares-form");
    form.addEventListener("input", () => this.schedule());
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.search();
    });
    this.$("sq-kind").addEventListener("change", () => {
      const rect = this.$("sq-kind").value === "rect";
      this.$("sq-rows").disabled = !rect;
      this.$("sq-diagonals").disabled = rect;
    });
    this.$("sq-stop").addEventListener("click", () => this.request && this.request.abort());
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.search(), 200);
  }

  query() {
    const first = this.$("sq-first").value.trim().toLowerCase();
    const pattern = this.$("sq-pattern").value.trim();
    if (!first && !pattern) return null;
    const params = new URLSearchParams();
    if (first) params.set("first", first);
    const kind = this.$("sq-kind").value;
    if (kind === "double") params.set("double", "1");
    if (kind === "rect") params.set("rect", `${this.$("sq-rows").value}x${Array.from(first).length}`);
    if (kind !== "rect" && this.$("sq-diagonals").checked) params.set("diagonals", "1");
    if (pattern) params.set("pattern", pattern);
    const limit = parseInt(this.$("sq-limit").value, 10);
    if (limit > 0) params.set("limit", String(limit));
    return params;
  }

  get count() { return this.store.count; }

  async search() {
    if (this.request) this.request.abort();
    const status = this.$("sq-status");
    this.store = new LineStore();
    this.list.clear();
    const params = this.query();
    if (!params) {
      status.textContent = "Type a first word (or a pattern).";
      return;
    }
    const controller = new AbortController();
    this.request = controller;
    this.$("sq-stop").disabled = false;
    status.textContent = "Searching…";
    let ending = "search complete";
    try {
      const response = await post("/api/squares", Object.fromEntries(params), controller.signal);
      if (!response.ok) await answerOf(response);
      await this.read(response, controller.signal);
      if (params.has("limit") && this.count >= +params.get("limit")) ending = "limit reached";
    } catch (error) {
      if (error.name !== "AbortError") {
        status.textContent = error.message;
        return;
      }
      ending = "stopped";
    } finally {
      if (this.request === controller) {
        this.request = null;
        this.$("sq-stop").disabled = true;
      }
    }
    if (this.request === null || ending !== "stopped") {
      this.list.setCount(this.count);
      status.textContent = `${plural(this.count)} (${ending})`;
    }
  }

  // Reads the NDJSON stream into the store a slice of time at a time, the count and the list
  // drawn at the next frame; an error line stops it with its message.
  async read(response, signal) {
    const reader = response.body.getReader();
    const store = this.store, status = this.$("sq-status");
    let slice = performance.now(), frame = 0;
    const show = () => {
      frame = 0;
      if (store !== this.store || this.request === null) return;  // ended: search() has said how
      this.list.setCount(store.count);
      status.textContent = `${plural(store.count)}…`;
    };
    const add = (error) => {
      if (error) throw new Error(sentence(JSON.parse(error).error));
      if (!frame) frame = requestAnimationFrame(show);
    };
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // A read may bring megabytes: stored a piece at a time.
      for (let at = 0; at < value.length; at += PIECE) {
        add(store.append(value.subarray(at, at + PIECE), '{"error"'));
        if (performance.now() - slice > SLICE_MS) {
          await yieldToPage();
          if (signal.aborted) throw new DOMException("stopped", "AbortError");
          slice = performance.now();
        }
      }
    }
    add(store.finish('{"error"'));
  }
}
