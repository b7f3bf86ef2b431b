// Reads a document of `squares fill` with independent npm readers and prints what they read
// as one JSON object (tests/cli_documents.py compares it with what it asked for).
//   node read_documents.mjs NODE_MODULES ipuz|jpz|xd|puz FILE
// ipuz, jpz, xd: @xwordly/xword-parser (the format detected from the text). puz: @confuzzle/readpuz reads it and @confuzzle/writepuz writes
// what it read again, checksums computed by its own code: the bytes must be the same.
// (xword-parser 1.0.5 reads a .puz's clues in the wrong order: all Across clues first, where
// the format interleaves them by number, as Across Lite writes them.)
import fs from 'fs';
import path from 'path';
import {createRequire} from 'module';
import {pathToFileURL} from 'url';

const [modules, kind, file] = process.argv.slice(2);
const xword = await import(
    pathToFileURL(path.join(modules, '@xwordly/xword-parser/dist/index.mjs')).href);
const clueList = (clues) => clues.map((c) => [c.number, c.text]);
const unified = (puzzle) => ({
  title: puzzle.title ?? '',
  author: puzzle.author ?? '',
  copyright: puzzle.copyright ?? '',
  width: puzzle.grid.width,
  height: puzzle.grid.height,
  solution: puzzle.grid.cells.map((row) =>
      row.map((cell) => (cell.isBlack ? '#' : cell.solution)).join('')),
  numbers: puzzle.grid.cells.map((row) => row.map((cell) => cell.number ?? 0)),
  circled: puzzle.grid.cells.map((row) => row.map((cell) => (cell.isCircled ? 'O' : '.')).join('')),
  across: clueList(puzzle.clues.across),
  down: clueList(puzzle.clues.down),
});
let out;
if (kind !== 'puz') {
  const puzzle = xword.parse(fs.readFileSync(file, 'utf8'));
  // xd: the reader leaves a rebus key (a digit in the grid) as it is; its header
  // "Rebus: 1=É 2=Ñ" says what each stands for.
  const rebus = Object.fromEntries((puzzle.additionalProperties?.rebus ?? '').split(' ')
      .filter((entry) => entry.includes('=')).map((entry) => entry.split('=')));
  for (const row of puzzle.grid.cells) {
    for (const cell of row) cell.solution = rebus[cell.solution] ?? cell.solution;
  }
  out = unified(puzzle);
} else {
  const require = createRequire(path.join(modules, 'package.json'));
  const {readpuz} = require('@confuzzle/readpuz');
  const {writepuz} = require('@confuzzle/writepuz');
  const bytes = fs.readFileSync(file);
  const puz = readpuz(bytes);
  out = {title: puz.title, author: puz.author, copyright: puz.copyright, width: puz.width,
         height: puz.height, solution: puz.solution, state: puz.state, clues: puz.clues,
         rewritten_same: Buffer.from(writepuz(puz)).equals(bytes)};
}
console.log(JSON.stringify(out));
