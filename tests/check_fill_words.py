#!/usr/bin/env python3
"""An independent check of a fill printed by `squares fill`: every run of two or more letters
across and down is a word of LIST (accents dropped, as Italian crosswords drop them), no word
twice, no cell left empty. Usage: check_fill_words.py ROWS_FILE LIST; exit 1 naming the
problems."""
import sys
import unicodedata


def fold(word):
    decomposed = unicodedata.normalize("NFD", word.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def main():
    rows = [line.rstrip("\n") for line in open(sys.argv[1], encoding="utf-8") if line.strip()]
    words = {fold(w) for w in open(sys.argv[2], encoding="utf-8") if w.strip().isalpha()}
    lines = rows + ["".join(row[c] for row in rows) for c in range(len(rows[0]))]
    slots = [run for line in lines for run in line.split("#") if len(run) >= 2]
    problems = [f"{s} is not in the list" for s in slots if s not in words]
    problems += [f"{s} twice" for s in set(slots) if slots.count(s) > 1]
    problems += ["an empty cell"] if any("." in row for row in rows) else []
    if not slots or problems:
        sys.exit(f"check_fill_words.py: {len(slots)} slots; " + "; ".join(problems))
    print(f"{len(rows)}x{len(rows[0])}: {len(slots)} slots, all words of the list")


if __name__ == "__main__":
    main()
