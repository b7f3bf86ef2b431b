// The word lists panel: the list chosen among the server's and those uploaded here (a file
// input, or a file dropped on the panel), a pattern search of it (? and . any letter), and the
// constructor's changes to it: words given a score or excluded (here, from the pattern's
// words, or the crossword entry's word by a "wordlist-exclude" event). A change of list or of its
// words is announced with a "wordlist-change" event on the document, for the views that
// search to search again.
import { postJson } from "./api.js";
import { activeListId, changesOf, forgetText, listState, saveState, sendChanges, uploadList } from "./list_store.js";

const SHOWN = 200;  // pattern matches listed; the total says how many there are
const UPLOAD_LIMIT = 8 << 20;  // the server's for an uploaded list's request (docs/serve.md)

export class ListsView {
  constructor(root) {
    this.$ = (id) => root.querySelector(`#${id}`);
    this.root = root;
    this.given = [];
    this.$("list-choice").addEventListener("change", (event) => this.choose(event.target.value));
    this.$("list-file").addEventListener("change", (event) => this.upload(event.target.files[0]));
    this.$("list-forget").addEventListener("click", () => this.forget());
    root.addEventListener("dragover", (event) => event.preventDefault());
    root.addEventListener("drop", (event) => {
      event.preventDefault();
      this.upload(event.dataTransfer.files[0]);
    });
    this.$("pattern-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.search();
    });
    this.$("change-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const score = this.$("change-score").value;
      if (score !== "") this.change(this.$("change-word").value, { score: Math.trunc(+score) });
    });
    this.$("change-exclude").addEventListener("click", () => this.change(this.$("change-word").value, { exclude: true }));
    // The crossword editor's entry: its word left out of the list.
    document.addEventListener("wordlist-exclude", (event) => this.change(event.detail, { exclude: true }));
    this.ready = this.load();
  }

  async load() {
    try {
      const info = await (await fetch("/api/info")).json();
      this.given = info.lists;
      this.$("list-language").replaceChildren(...info.languages.map((code) => new Option(code, code)));
    } catch {
      this.status("The server did not say which word lists it has.");
      return;
    }
    const state = listState();
    const known = [...this.given, ...state.uploads].map((list) => list.id);
    if (!known.includes(state.chosen)) state.chosen = this.given[0].id;
    this.render();
    // Lost by a restart of the server: sent again before anything searches with it.
    if (activeListId() !== this.given[0].id) await this.search("?", 0).catch(() => {});
  }

  lists() {
    return [...this.given, ...listState().uploads.map((upload) => ({ ...upload, kind: "uploaded" }))];
  }

  chosen() {
    return this.lists().find((list) => list.id === listState().chosen);
  }

  status(text) {
    this.$("list-status").textContent = text;
  }

  render() {
    const choice = this.$("list-choice");
    choice.replaceChildren(...this.lists().map((list) => {
      const words = `${list.words.toLocaleString("en")} words`;
      return new Option(`${list.name} (${list.kind === "uploaded" ? "uploaded, " : ""}${words})`, list.id);
    }));
    const list = this.chosen();
    choice.value = list.id;
    this.$("list-language").value = list.language;
    this.$("list-forget").hidden = list.kind !== "uploaded";
    this.renderChanges();
  }

  renderChanges() {
    const changes = changesOf(listState().chosen);
    const items = [
      ...Object.entries(changes.scores).map(([word, score]) => [word, `score ${score}`]),
      ...changes.exclude.map((word) => [word, "excluded"]),
    ];
    this.$("changes").replaceChildren(...items.map(([word, what]) => {
      const item = document.createElement("li");
      const undo = document.createElement("button");
      undo.type = "button";
      undo.textContent = "Undo";
      undo.setAttribute("aria-label", `Undo the change to ${word.toUpperCase()}`);
      undo.addEventListener("click", () => this.change(word, {}));
      item.append(`${word.toUpperCase()}: ${what} `, undo);
      return item;
    }));
    this.$("changes-none").hidden = items.length > 0;
  }

  announce() {
    document.dispatchEvent(new CustomEvent("wordlist-change"));
  }

  choose(id) {
    listState().chosen = id;
    saveState();
    this.render();
    this.announce();
    if (this.$("pattern-text").value) this.search();
  }

  async upload(file) {
    if (!file) return;
    if (file.size > UPLOAD_LIMIT) {
      this.status(`${file.name} is larger than 8 MB: the workbench takes word lists up to 8 MB.`);
      return;
    }
    this.status(`Reading ${file.name}…`);
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      this.status(`${file.name} is not a text file in UTF-8: a word list has one word a line.`);
      return;
    }
    try {
      const list = await uploadList(file.name, this.$("list-language").value, text);
      this.status(`${list.name}: ${list.words.toLocaleString("en")} words${list.scored ? ", scored" : ""}.`);
      this.choose(list.id);
    } catch (error) {
      this.status(`${file.name} was not taken: ${error.message}`);
    } finally {
      this.$("list-file").value = "";
    }
  }

  // Forgets the chosen uploaded list; the server's first is chosen.
  forget() {
    const state = listState();
    const id = state.chosen;
    state.uploads = state.uploads.filter((upload) => upload.id !== id);
    delete state.changes[id];
    forgetText(id).catch(() => {});
    this.choose(this.given[0].id);
  }

  // Gives `word` a score ({score}), excludes it ({exclude: true}) or undoes its change ({}).
  async change(word, { score, exclude }) {
    word = word.trim().toLowerCase();
    if (!word) return;
    const id = listState().chosen;
    const changes = changesOf(id);
    delete changes.scores[word];
    changes.exclude = changes.exclude.filter((w) => w !== word);
    if (score !== undefined) changes.scores[word] = score;
    if (exclude) changes.exclude.push(word);
    listState().changes[id] = changes;
    saveState();
    this.renderChanges();
    try {
      await sendChanges(id);
      this.status("");
    } catch (error) {
      this.status(`The change to ${word.toUpperCase()} was not taken: ${error.message}`);
      this.undoChange(id, word);
      return;
    }
    this.announce();
    if (this.$("pattern-text").value) this.search();
  }

  undoChange(id, word) {
    const changes = changesOf(id);
    delete changes.scores[word];
    changes.exclude = changes.exclude.filter((w) => w !== word);
    saveState();
    this.renderChanges();
  }

  async search(pattern = this.$("pattern-text").value.trim(), limit = SHOWN) {
    const status = this.$("pattern-status");
    if (!pattern) return;
    let answer;
    try {
      answer = await postJson("/api/pattern", { pattern, limit });
    } catch (error) {
      status.textContent = error.message.replace(/^\d+: /, "");
      return;
    }
    if (limit === 0) return;
    const total = answer.total.toLocaleString("en");
    status.textContent = answer.total === 0 ? `No word fits ${pattern.toUpperCase()}.`
      : `${total} word${answer.total === 1 ? "" : "s"} fit${answer.total === 1 ? "s" : ""} ${pattern.toUpperCase()}` +
        (answer.total > answer.words.length ? `; the best ${answer.words.length} shown.` : ".");
    const scored = this.chosen().scored !== false;  // an unscored list's words all score 0
    this.$("pattern-words").replaceChildren(...answer.words.map(({ word, score }) => {
      const item = document.createElement("li");
      const exclude = document.createElement("button");
      exclude.type = "button";
      exclude.textContent = "Exclude";
      exclude.setAttribute("aria-label", `Exclude ${word.toUpperCase()} from the list`);
      exclude.addEventListener("click", () => this.change(word, { exclude: true }));
      item.append(`${word.toUpperCase()}${scored ? ` ${score}` : ""} `, exclude);
      item.dataset.word = word;
      return item;
    }));
  }
}
