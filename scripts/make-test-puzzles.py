#!/usr/bin/env python3
"""Writes the .puz test puzzles of tests/data/puzzles/ with puzpy, an independent writer.

Usage: scripts/make-test-puzzles.py PUZPY_DIR [OUT_DIR]
PUZPY_DIR holds puzpy's puz.py (https://github.com/alexdej/puzpy, MIT); OUT_DIR defaults to
tests/data/puzzles. The grids, clues and notes are the project's own. Run it with the system's
python3 from anywhere; it writes the same bytes every time.
"""
import importlib.metadata
import os
import sys

# puz.py asks for its installed version; a checkout has none.
_version = importlib.metadata.version
importlib.metadata.version = lambda name: '0' if name == 'puzpy' else _version(name)


def make(puz, rows, clues, version='1.3', title='', author='', copyright='', notes='',
         circles=(), fill=None):
    """A puzzle of `rows` (lists of cells: '.' a block, else the cell's letters, several for a
    rebus) with `clues` keyed by (number, 'A' or 'D')."""
    p = puz.Puzzle(version=version)
    if version.startswith('2'):
        p.encoding = puz.ENCODING_UTF8
    p.height, p.width = len(rows), len(rows[0])
    cells = [cell for row in rows for cell in row]
    p.solution = ''.join(cell[0] for cell in cells)
    p.fill = ''.join('.' if cell == '.' else '-' for cell in cells)
    if fill is not None:
        p.fill = fill
    p.title, p.author, p.copyright, p.notes = title, author, copyright, notes
    across, down = puz.get_grid_numbering(p.solution, p.width, p.height)
    entries = sorted([(e['clue_index'], e['num'], 'A') for e in across] +
                     [(e['clue_index'], e['num'], 'D') for e in down])
    missing = [(n, d) for _, n, d in entries if (n, d) not in clues]
    if missing or len(clues) != len(entries):
        sys.exit(f'{title}: clues for {missing} missing, or {len(clues)} for {len(entries)}')
    p.clues = [clues[(number, direction)] for _, number, direction in entries]
    rebus = {}
    for i, cell in enumerate(cells):
        if len(cell) > 1:
            rebus.setdefault(cell, []).append(i)
    for text, squares in rebus.items():
        p.rebus().add_rebus_squares(squares, text)
    if circles:
        p.markup().set_markup_squares([r * p.width + c for r, c in circles],
                                      puz.GridMarkup.Circled)
    return p


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    sys.path.insert(0, sys.argv[1])
    import puz
    out = sys.argv[2] if len(sys.argv) == 3 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'data', 'puzzles')
    os.makedirs(out, exist_ok=True)

    square = [list('CARD'), list('AREA'), list('REAR'), list('DART')]
    square_clues = {(1, 'A'): 'Ace or king', (1, 'D'): 'Ace or king, again',
                    (2, 'D'): 'Region', (3, 'D'): 'Back', (4, 'D'): 'Pub missile',
                    (5, 'A'): 'Region', (6, 'A'): 'Back', (7, 'A'): 'Pub missile'}
    latin = [list('CAFÉ.'), list('OLÉ.S'), list('L.TEA'), list('A.ÉTÉ'), list('SOL.S')]
    # A 5x5 with blocks, Latin-1 letters (É) in the grid, the clues and the notes.
    latin_clues = {(1, 'A'): 'Coffee house, à la française', (1, 'D'): 'Soft drinks',
                   (2, 'D'): 'Capone, to friends', (3, 'D'): 'No word: F, É, T, É, L',
                   (4, 'A'): 'Bravo!', (5, 'D'): 'No word either', (6, 'A'): 'Brew',
                   (7, 'D'): 'Film alien', (8, 'A'): 'Summer, in Nice',
                   (9, 'A'): 'Sun, in Spain'}
    puzzles = {
        'square-1.3.puz': make(puz, square, square_clues, title='Card square',
                               author='Squares Tests', copyright='© 2026 the squares authors',
                               notes='A double word square: the rows are the columns.'),
        'latin1-1.3.puz': make(puz, latin, latin_clues, title='Café crème',
                               author='Zoë Tester', copyright='(c) 2026 squares',
                               notes='Accents: é, è, ç, ñ, ü; a non-breaking\xa0space.'),
        'utf8-2.0.puz': make(puz, square, {k: v + ' →' if k[1] == 'A' else v
                                           for k, v in square_clues.items()},
                             version='2.0', title='Карты ⚔️', author='Ωmega Tester',
                             notes='Notes in UTF-8: “quotes”, Ж, 日本.'),
        'rebus-circles.puz': make(
            puz, [['STAR', 'E', 'D', '.'], ['A', 'R', 'E', 'A'], ['R', 'E', 'A', 'R'],
                  ['.', 'A', 'R', 'TWO']],
            {(1, 'A'): 'Gazed', (1, 'D'): 'Sky body, then a pirate\'s cry',
             (2, 'D'): 'No word', (3, 'D'): 'Beloved', (4, 'A'): 'Zone',
             (5, 'D'): 'Droid, as said', (6, 'A'): 'Back', (7, 'A'): 'Droid, as said again'},
            title='Rebus and circles', author='Squares Tests',
            notes='The first and last cells hold several letters.',
            circles=[(0, 0), (1, 1), (2, 2), (3, 3)]),
    }
    locked = make(puz, square, square_clues, title='Locked square', author='Squares Tests')
    locked.lock_solution(1234)
    puzzles['locked.puz'] = locked
    partly = make(puz, square, square_clues, title='Partly solved', author='Squares Tests',
                  fill='CA--' + 'A---' + '----' + 'D--T')
    partly.timer().elapsed_seconds = 42
    puzzles['partly-filled.puz'] = partly
    for name, p in sorted(puzzles.items()):
        p.save(os.path.join(out, name))
        print(os.path.join(out, name))


if __name__ == '__main__':
    main()
