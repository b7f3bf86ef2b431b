#!/usr/bin/env python3
"""Compares the .puz reader with puzpy's reading of a corpus of .puz files, field by field.

Usage: scripts/compare-puzpy.py PUZPY_DIR CORPUS_DIR [BUILD_DIR]
PUZPY_DIR holds puzpy's puz.py (https://github.com/alexdej/puzpy, MIT); CORPUS_DIR the .puz
files (puzpy's own testfiles/, for one); BUILD_DIR (default build) a build with tests/test_puz,
whose corpus dump writes what the reader reads. Compared: the grid (blocks, letters, rebus
strings), circles, clues by number and direction, title, author, copyright, notes, whether the
solution is locked. Prints a line per file that differs and the figures.
"""
import importlib.metadata
import os
import subprocess
import sys
import tempfile

_version = importlib.metadata.version
importlib.metadata.version = lambda name: '0' if name == 'puzpy' else _version(name)


def escape(text):
    return text.replace('\n', '\\n').replace('\r', '\\r')


def puzpy_dump(puz, path):
    """The dump test_puz writes, from puzpy's reading; None when puzpy refuses the file."""
    try:
        p = puz.read(path)
    except Exception as error:  # puzpy's refusal, whatever it raises
        return None, str(error)
    lines = [f'title\t{escape(p.title)}', f'author\t{escape(p.author)}',
             f'copyright\t{escape(p.copyright)}', f'notes\t{escape(p.notes)}',
             f'locked\t{int(p.is_solution_locked())}']
    rebus = p.rebus() if p.has_rebus() else None
    markup = p.markup().markup if p.has_markup() else [0] * (p.width * p.height)
    for r in range(p.height):
        row = ''
        for c in range(p.width):
            i = r * p.width + c
            cell = p.solution[i]
            if cell in '.:':
                row += '#'
            elif p.is_solution_locked():
                row += '.'
            elif rebus is not None and rebus.is_rebus_square(i):
                row += '[' + rebus.get_rebus_solution(i).upper() + ']'
            else:
                row += cell.upper()
        lines.append(f'row\t{row}')
    for r in range(p.height):
        row = ''.join('O' if markup[i] & 0x80 and p.solution[i] not in '.:' else '.'
                      for i in range(r * p.width, (r + 1) * p.width))
        lines.append(f'circles\t{row}')
    numbering = p.clue_numbering()
    for direction, entries in (('A', numbering.across), ('D', numbering.down)):
        for entry in entries:
            lines.append(f'clue\t{entry["num"]}{direction}\t{escape(entry["clue"])}')
    return '\n'.join(lines) + '\n', None


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    puzpy_dir, corpus = sys.argv[1], os.path.abspath(sys.argv[2])
    build = sys.argv[3] if len(sys.argv) == 4 else 'build'
    sys.path.insert(0, puzpy_dir)
    import puz
    with tempfile.TemporaryDirectory() as dump:
        env = dict(os.environ, SQUARES_PUZ_CORPUS=corpus, SQUARES_PUZ_DUMP=dump)
        subprocess.run([os.path.join(build, 'tests', 'test_puz'), '-tc=puz: corpus dump*'],
                       env=env, check=True, stdout=subprocess.DEVNULL)
        files = sorted(f for f in os.listdir(corpus) if f.endswith('.puz'))
        read = theirs_read = equal = both_refuse = 0
        for name in files:
            with open(os.path.join(dump, name + '.txt'), encoding='utf-8') as f:
                ours = f.read()
            theirs, refusal = puzpy_dump(puz, os.path.join(corpus, name))
            ours_ok = not ours.startswith('error\t')
            read += ours_ok
            theirs_read += theirs is not None
            if theirs is None:
                both_refuse += not ours_ok
                print(f'{name}: puzpy refuses it ({refusal}); squares: '
                      f'{ours.strip() if not ours_ok else "read"}')
                continue
            if ours == theirs:
                equal += 1
                continue
            ours_lines, their_lines = ours.splitlines(), theirs.splitlines()
            diff = [f'  squares: {a}\n  puzpy:   {b}' for a, b in zip(ours_lines, their_lines)
                    if a != b][:3]
            if len(ours_lines) != len(their_lines):
                diff.append(f'  {len(ours_lines)} lines, puzpy {len(their_lines)}')
            print(f'{name}: differs\n' + '\n'.join(diff))
        print(f'{len(files)} files: squares reads {read}, puzpy {theirs_read}; equal field by '
              f'field: {equal}; refused by both: {both_refuse}')


if __name__ == '__main__':
    main()
