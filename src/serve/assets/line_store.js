// The lines of a long stream kept compactly: the stream's own bytes in blocks of whole lines,
// and each line's start in its block in one typed array. A million lines make no million
// objects and no text for the page's garbage collector to go through (the bytes are outside
// its heap); a line becomes a string when it is read. A newline byte is never part of a
// longer UTF-8 character, so the lines are found in the bytes.
const NEWLINE = 10;

function joined(a, b) {
  const both = new Uint8Array(a.length + b.length);
  both.set(a);
  both.set(b, a.length);
  return both;
}

export class LineStore {
  constructor() {
    this.blocks = [];                     // Uint8Arrays of whole lines, each ending in "\n"
    this.blockFirst = [];                 // the index of each block's first line
    this.starts = new Uint32Array(1024);  // line -> its start in its block
    this.count = 0;
    this.pending = new Uint8Array(0);     // the start of a line still arriving
    this.decoder = new TextDecoder();
  }

  // Adds `bytes` (a piece of the stream, kept: the caller does not reuse it); a whole line that
  // starts with `marker` (ASCII) is not added but returned as text (the first such), else null.
  append(bytes, marker) {
    const end = bytes.lastIndexOf(NEWLINE);
    if (end < 0) {
      this.pending = joined(this.pending, bytes);
      return null;
    }
    let found = null, from = 0;
    if (this.pending.length) {  // the line begun in an earlier piece, whole
      from = bytes.indexOf(NEWLINE) + 1;
      found = this.addBlock(joined(this.pending, bytes.subarray(0, from)), marker);
    }
    const rest = this.addBlock(bytes.subarray(from, end + 1), marker);
    this.pending = bytes.slice(end + 1);
    return found ?? rest;
  }

  // The line left without its "\n" at the end of the stream, as append() takes it.
  finish(marker) {
    const rest = this.pending;
    this.pending = new Uint8Array(0);
    return this.decoder.decode(rest).trim() ? this.append(joined(rest, [NEWLINE]), marker) : null;
  }

  addBlock(block, marker) {
    let found = null;
    const first = this.count;
    for (let start = 0; start < block.length;) {
      const next = block.indexOf(NEWLINE, start) + 1;
      if (next - 1 > start) {  // an empty line is no line
        if (!this.startsWith(block, start, marker)) this.add(start);
        else if (found === null) found = this.decoder.decode(block.subarray(start, next - 1));
      }
      start = next;
    }
    if (this.count > first) {
      this.blocks.push(block);
      this.blockFirst.push(first);
    }
    return found;
  }

  startsWith(block, start, marker) {
    if (start + marker.length > block.length) return false;
    for (let k = 0; k < marker.length; k++) {
      if (block[start + k] !== marker.charCodeAt(k)) return false;
    }
    return true;
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
    return this.decoder.decode(block.subarray(this.starts[index], end)).trimEnd();
  }
}
