#!/bin/sh
# CLI tests of --language and --dict LANG: golden outputs on tiny lists in tests/data/languages
# (Dutch IJ in one cell, German ß as SS), and the error paths. Usage: cli_languages.sh SQUARES
# DATA_DIR. To regenerate the golden files: REGENERATE=1 cli_languages.sh ...
set -u
squares=$1
data=$2/languages
. "$(dirname "$0")/cli_lib.sh"

# 2×2 squares whose first row is IJ S: IJ is one cell, printed IJ.
golden nl-first-ijs 0 "$squares" --dict "$data/nl.txt" --language nl --first ijs
# A pattern counts cells by the language's letters: IJ is one cell, written bare or bracketed,
# and the squares whose first row is IJS are those of --first ijs.
golden nl-first-ijs 0 "$squares" --dict "$data/nl.txt" --language nl --pattern 'IJs/..'
golden nl-first-ijs 0 "$squares" --dict "$data/nl.txt" --language nl --pattern '[ij]s/..'
expect 2 "squares: pattern row 1: [IJ] is 2 letters of the alphabet: a square's cell holds one (a grid's cells may hold several: fill a grid)" \
  "$squares" --dict "$data/nl.txt" --pattern '[IJ]./..'
# Without --language nl, ijs is three letters: 3×3 squares.
golden en-first-ijs 0 "$squares" --dict "$data/nl.txt" --first ijs --count
# Straße is STRASSE (7 cells), and the first word Öl is OEL: OEL / EHE / LEE.
golden de-strasse 0 "$squares" --dict "$data/de.txt" --language de --first strasse --count
golden de-first-oel 0 "$squares" --dict "$data/de.txt" --language de --first Öl --upper

expect 2 "squares: unknown language 'xx' (one of en, nl, de, it, fr, es, pt)" \
  "$squares" --dict "$data/nl.txt" --language xx --first ijs

# With Debian's Italian list installed (witalian): the 13×13 crucio grid filled, checked by an
# independent reader of the printed rows.
if [ -r /usr/share/dict/italian ]; then
  "$squares" fill --dict it --language it --any -j 1 "$2/grids/crucio-06.crg" 2>/dev/null |
    sed -n '/^$/q;p' >"$tmp/rows"
  python3 "$(dirname "$0")/check_fill_words.py" "$tmp/rows" /usr/share/dict/italian >/dev/null ||
    fail "Italian 13x13 fill"
fi
printf 'AB#\n...\n#..\n' >"$tmp/short.txt"
expect 1 "squares: $tmp/short.txt: 1 Across has 2 letters, fewer than the minimum of 3" \
  "$squares" fill --dict "$data/nl.txt" --min-length 3 "$tmp/short.txt"
exit $((failures > 0))
