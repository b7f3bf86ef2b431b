// The word squares view: typing a first word streams its squares (GET /api/squares, one JSON
// object a line) with a live count; a change or Stop cancels the search in flight, and the
// server stops it when the connection closes.
import { answerOf, readLines } from "./api.js";
import { activeListId } from "./list_store.js";

const SHOWN = 300;  // squares drawn; the count goes on past them

export class SquaresView {
  constructor(root) {
    this.$ = (id) => root.querySelector(`#${id}`);
    this.request = null;
    this.timer = 0;
    this.count = 0;
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

  async search() {
    if (this.request) this.request.abort();
    const results = this.$("sq-results"), status = this.$("sq-status");
    results.replaceChildren();
    this.count = 0;
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
      params.set("list", activeListId());
      const response = await fetch(`/api/squares?${params}`, { signal: controller.signal });
      if (!response.ok) await answerOf(response);
      await this.read(response, results, status);
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
      status.textContent = `${this.count} square${this.count === 1 ? "" : "s"} (${ending})`;
    }
  }

  // Reads the NDJSON stream line by line, drawing the first SHOWN squares; past them a line
  // is only counted (an error line still stops it).
  async read(response, results, status) {
    await readLines(response, (line) => {
      if (line.startsWith('{"error"')) throw new Error(JSON.parse(line).error);
      if (++this.count > SHOWN) return;
      const square = document.createElement("pre");
      square.className = "square";
      square.textContent = JSON.parse(line).rows.join("\n");
      results.append(square);
    }, () => { status.textContent = `${this.count} square${this.count === 1 ? "" : "s"}…`; });
  }
}
