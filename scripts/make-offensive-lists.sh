#!/bin/sh
# Regenerates data/offensive/LANG.txt, the words a fill leaves out, in two tiers (slur,
# vulgar), for each language of --language, from three npm packages: naughty-words (LDNOOBW's
# lists, CC-BY-4.0), @2toad/profanity (MIT) and, for English, @dsojevic/profanity-list (MIT,
# each word tagged: racial and lgbtq make the slur tier). The project's own files beside the
# lists add slurs the tags miss (slurs.txt) and keep words whose common sense is clean
# (keep-LANG.txt); data/offensive/README says why. Entries of several words or with
# non-letters are left out (a slot holds one word of letters). Needs npm and node; the
# licences are copied beside the lists.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$(cd "$here/../data/offensive" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent naughty-words@1.2.0 @2toad/profanity@3.3.0 @dsojevic/profanity-list@1.0.0 >/dev/null
mkdir naughty profanity tagged
tar xzf naughty-words-1.2.0.tgz -C naughty
tar xzf 2toad-profanity-3.3.0.tgz -C profanity
tar xzf dsojevic-profanity-list-1.0.0.tgz -C tagged
node "$here/offensive_tiers.mjs" "$out" "$work/naughty" "$work/profanity" "$work/tagged"
cp naughty/package/LICENSE "$out/naughty-words-LICENSE.txt"
cp profanity/package/LICENSE "$out/2toad-profanity-LICENSE.txt"
cp tagged/package/LICENSE "$out/dsojevic-profanity-list-LICENSE.txt"
