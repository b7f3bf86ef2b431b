// A puzzle open in two tabs of the page. Each tab says on a BroadcastChannel which puzzle it
// has open, so both say so before any edit; and when another tab saves the puzzle open here
// (a storage event on its key), this tab stops saving and asks which version to keep: the
// other tab's, this one's (written over the other), or both (this one as a copy). Never a
// silent overwrite.
const CHANNEL = "squares-workbench-tabs";

export class TabGuard {
  // `banner`: the element that asks; `choices`: { theirs(), mine(), copy() }.
  constructor(banner, choices) {
    this.banner = banner;
    this.choices = choices;
    this.held = false;  // another tab saved the open puzzle: no save until a choice
    this.id = 0;        // the puzzle open here
    this.tab = Math.random().toString(36).slice(2);
    this.channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    if (this.channel) this.channel.onmessage = (event) => this.heard(event.data);
  }

  // The puzzle open here is now `id`.
  opened(id) {
    this.id = id;
    this.clear();
    if (this.channel) this.channel.postMessage({ type: "open", id, tab: this.tab });
  }

  heard({ type, id, tab }) {
    if (tab === this.tab || id !== this.id || this.held) return;
    if (type === "open") this.channel.postMessage({ type: "here", id, tab: this.tab });
    this.banner.hidden = false;
    this.banner.className = "notice";
    this.banner.textContent = "This puzzle is also open in another tab: an edit there will ask here which version to keep.";
  }

  // Another tab saved the puzzle open here.
  conflict() {
    this.held = true;
    this.banner.hidden = false;
    this.banner.className = "conflict";
    const button = (id, text, choose) => {
      const b = document.createElement("button");
      Object.assign(b, { type: "button", id, textContent: text });
      b.addEventListener("click", () => { this.clear(); choose(); });
      return b;
    };
    this.banner.replaceChildren(
      "Another tab changed this puzzle. This tab saves nothing until you choose: ",
      button("conflict-theirs", "Load the other tab's version", this.choices.theirs), " ",
      button("conflict-mine", "Keep this tab's (replaces the other's)", this.choices.mine), " ",
      button("conflict-copy", "Keep both (this tab's as a copy)", this.choices.copy));
  }

  clear() {
    this.held = false;
    this.banner.hidden = true;
    this.banner.replaceChildren();
  }
}
