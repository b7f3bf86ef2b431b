// A list of equal-sized items of which only those in view are in the page: the scrolling
// element holds a spacer as tall as every row of items would be, and a few positioned items
// over it. However many items there are, a change draws at most a screenful (drawn at the next
// animation frame, however many changes come before it).
//
// Past MAX_HEIGHT pixels (browsers stop laying out taller elements) the spacer stops growing
// and the scroll bar maps onto the rows proportionally.
const MAX_HEIGHT = 8_000_000;
const OVERSCAN = 1;  // rows drawn above and below the view

export class VirtualList {
  // `view`: the scrolling element; `draw(element, index)` fills an item's element for item
  // `index`; `className`: the class of the items' elements.
  constructor(view, draw, className) {
    this.view = view;
    this.draw = draw;
    this.className = className;
    this.count = 0;
    this.size = null;           // { width, height } of an item with its gap, once measured
    this.shown = new Map();     // item index -> its element, for those in the page
    this.frame = 0;
    this.spacer = document.createElement("div");
    this.spacer.className = "virtual-spacer";
    this.view.replaceChildren(this.spacer);
    this.view.addEventListener("scroll", () => this.schedule());
    new ResizeObserver(() => this.schedule()).observe(this.view);
  }

  // Empties the list (the items' size is measured again from the next first item).
  clear() {
    this.count = 0;
    this.size = null;
    for (const element of this.shown.values()) element.remove();
    this.shown.clear();
    this.spacer.style.height = "0px";
    this.view.scrollTop = 0;
  }

  // The list has `count` items now (those below `count` unchanged); redrawn at the next frame.
  setCount(count) {
    this.count = count;
    this.schedule();
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.render());
  }

  // An item's element, drawn (placed later).
  item(index) {
    let element = this.shown.get(index);
    if (!element) {
      element = document.createElement("pre");
      element.className = this.className;
      element.setAttribute("role", "listitem");
      element.setAttribute("aria-posinset", String(index + 1));
      this.draw(element, index);
      this.shown.set(index, element);
      this.spacer.append(element);
    }
    return element;
  }

  // The items' size with the gap: measured on the first item.
  measure() {
    const style = getComputedStyle(this.view);
    const gap = parseFloat(style.getPropertyValue("--gap")) || 0;
    const box = this.item(0).getBoundingClientRect();
    return { width: Math.ceil(box.width + gap), height: Math.ceil(box.height + gap) };
  }

  render() {
    this.frame = 0;
    if (this.count === 0 || this.view.clientWidth === 0) return;  // nothing, or hidden: nothing to measure
    if (!this.size) this.size = this.measure();
    const { width, height } = this.size;
    const perRow = Math.max(1, Math.floor(this.view.clientWidth / width));
    const rows = Math.ceil(this.count / perRow);
    const total = rows * height;
    const spacerHeight = Math.min(total, MAX_HEIGHT);
    this.spacer.style.height = `${spacerHeight}px`;
    // The top of the view in the rows' own pixels (scaled when the spacer is capped).
    const view = this.view.clientHeight, scrollTop = this.view.scrollTop;
    const scrollable = spacerHeight - view;
    const top = scrollable > 0 ? scrollTop / scrollable * Math.max(0, total - view) : 0;
    const firstRow = Math.max(0, Math.floor(top / height) - OVERSCAN);
    const lastRow = Math.min(rows - 1, Math.floor((top + view) / height) + OVERSCAN);
    const first = firstRow * perRow, last = Math.min(this.count - 1, (lastRow + 1) * perRow - 1);
    for (const [index, element] of this.shown) {
      if (index < first || index > last) {
        element.remove();
        this.shown.delete(index);
      }
    }
    for (let index = first; index <= last; index++) {
      const element = this.item(index);
      const row = Math.floor(index / perRow);
      element.style.transform =
        `translate(${(index % perRow) * width}px, ${scrollTop + row * height - top}px)`;
    }
    // In index order in the page, for reading and for tests.
    const ordered = [...this.shown.keys()].sort((a, b) => a - b);
    if (ordered.some((index, k) => this.spacer.children[k] !== this.shown.get(index))) {
      this.spacer.append(...ordered.map((index) => this.shown.get(index)));
    }
  }
}
