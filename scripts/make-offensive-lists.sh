#!/bin/sh
# Regenerates data/offensive/LANG.txt, the words a fill leaves out unless --allow-offensive,
# for each language of --language: the union of the npm packages naughty-words (LDNOOBW's
# lists, CC-BY-4.0) and @2toad/profanity (MIT), lower-cased, one word a line, sorted. Entries
# of several words or with non-letters are left out (a slot holds one word of letters).
# Needs npm and node; the licences are copied beside the lists.
set -eu
out=$(cd "$(dirname "$0")/../data/offensive" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent naughty-words@1.2.0 @2toad/profanity@3.3.0 >/dev/null
mkdir naughty profanity
tar xzf naughty-words-1.2.0.tgz -C naughty
tar xzf 2toad-profanity-3.3.0.tgz -C profanity
for lang in en nl de it fr es pt; do
  node -e '
    const [lang, naughty, profanity] = process.argv.slice(1);
    const fs = require("fs");
    let words = JSON.parse(fs.readFileSync(`${naughty}/package/${lang}.json`, "utf8"));
    const other = require(`${profanity}/package/dist/data/profane-words.js`).profaneWords.get(lang);
    if (other) words = words.concat(other);
    const kept = new Set();
    for (const w of words) {
      const lower = w.trim().toLowerCase();
      if (/^\p{L}{2,}$/u.test(lower)) kept.add(lower);
    }
    process.stdout.write([...kept].sort().join("\n") + "\n");
  ' "$lang" "$work/naughty" "$work/profanity" | LC_ALL=C sort -u >"$out/$lang.txt"
done
cp naughty/package/LICENSE "$out/naughty-words-LICENSE.txt"
cp profanity/package/LICENSE "$out/2toad-profanity-LICENSE.txt"
wc -l "$out"/??.txt >&2
