#!/usr/bin/env python3
"""Writes templates.json, the workbench's block-pattern templates (data/templates), which
embed_assets.py then embeds in the server like the page's other files.

Usage: embed_templates.py OUTPUT.json data/templates/index.tsv
index.tsv: a line per template, tab-separated: file (beside index.tsv), name, source, licence;
lines starting with '#' are comments. Each file holds the template's rows of '#' and '.'.
"""
import json
import os
import sys


def main():
    output, index = sys.argv[1], sys.argv[2]
    folder = os.path.dirname(index)
    templates = []
    with open(index, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 4:
                sys.exit(f"embed_templates.py: {index}:{number}: expected 4 tab-separated fields "
                         f"(file, name, source, licence), got {len(fields)}")
            file, name, source, licence = fields
            rows = open(os.path.join(folder, file), encoding="utf-8").read().split()
            if not rows or any(len(row) != len(rows[0]) or set(row) - set("#.") for row in rows):
                sys.exit(f"embed_templates.py: {file}: expected rows of '#' and '.', all as long")
            templates.append({"name": name, "source": source, "licence": licence, "rows": rows})
    with open(output, "w", encoding="utf-8") as out:
        json.dump(templates, out, indent=0)
        out.write("\n")


if __name__ == "__main__":
    main()
