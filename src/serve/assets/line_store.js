// The lines of a long stream kept compactly: the text in blocks of whole lines, and each
// line's start in its block in one typed array. A million lines make no million objects (the
// page's garbage collector would pause on them); a line becomes a string when it is read.
export class LineStore {
  constructor() {
    this.blocks = [];                     // texts of whole lines, each ending in "\n"
    this.blockFirst = [];                 // the index of each block's first line
    this.starts = new Uint32Array(1024);  // line -> its start in its block
    this.count = 0;
    this.pending = "";                    // the start of a line still arriving
  }

  // Adds `text` (a piece of the stream); a whole line that starts with `marker` is not added
  // but returned (the first such), else null.
  append(text, marker) {
    const end = text.lastIndexOf("\n");
    if (end < 0) {
      this.pending += text;
      return null;
    }
    const block = this.pending + text.slice(0, end + 1);
    this.pending = text.slice(end + 1);
    let found = null;
    const first = this.count;
    for (let start = 0; start < block.length;) {
      const next = block.indexOf("\n", start) + 1;
      if (next - 1 > start) {  // an empty line is no line
        if (!block.startsWith(marker, start)) this.add(start);
        else if (found === null) found = block.slice(start, next - 1);
      }
      start = next;
    }
    if (this.count > first) {
      this.blocks.push(block);
      this.blockFirst.push(first);
    }
    return found;
  }

  // The line left without its "\n" at the end of the stream, as append() takes it.
  finish(marker) {
    const rest = this.pending;
    this.pending = "";
    return rest.trim() ? this.append(`${rest}\n`, marker) : null;
  }

  add(start) {
    if (this.count === this.starts.length) {
      const grown = new Uint32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.count++] = start;
  }

  // Line `index` (below count), without its "\n".
  line(index) {
    let lo = 0, hi = this.blockFirst.length - 1;
    while (lo < hi) {  // the last block whose first line is at or before `index`
      const mid = (lo + hi + 1) >> 1;
      if (this.blockFirst[mid] <= index) lo = mid; else hi = mid - 1;
    }
    const block = this.blocks[lo];
    const last = lo + 1 < this.blockFirst.length ? this.blockFirst[lo + 1] - 1 : this.count - 1;
    const end = index < last ? this.starts[index + 1] : block.length;
    return block.slice(this.starts[index], end).trimEnd();
  }
}
