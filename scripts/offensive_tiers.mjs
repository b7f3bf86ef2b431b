// Writes data/offensive/LANG.txt for each language: the words fills leave out, one
// "TIER<TAB>word" a line (slur first, then vulgar; words sorted). Called by
// make-offensive-lists.sh with the unpacked npm packages; data/offensive/README says why.
//   node offensive_tiers.mjs OUT_DIR NAUGHTY_DIR PROFANITY_DIR TAGGED_DIR
import fs from 'node:fs';
import {createRequire} from 'node:module';

const [out, naughty, profanity, tagged] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const languages = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pt'];
const oneWord = (w) => /^\p{L}{2,}$/u.test(w);

// "word # why" lines of the project's own files; '#' lines are comments.
function ownLines(name) {
  const path = `${out}/${name}`;
  if (!fs.existsSync(path)) return [];
  return fs.readFileSync(path, 'utf8').split('\n').map((line, k) => {
    const body = line.replace(/#.*/, '').trim();
    if (body && !line.includes('#')) throw new Error(`${path}:${k + 1}: no reason given after '#'`);
    return body;
  }).filter((body) => body);
}

// @dsojevic/profanity-list (English, tagged): a match is "a|b|c", '*' repeating the letter
// before it. Its words tagged racial or lgbtq are the slur tier (its other tags name words
// with clean senses too: hell, christ, collared).
const taggedSlurs = [];
for (const entry of JSON.parse(fs.readFileSync(`${tagged}/package/en.json`, 'utf8'))) {
  if (!(entry.tags || []).some((t) => t === 'racial' || t === 'lgbtq')) continue;
  for (const match of entry.match.split('|')) {
    const pattern = new RegExp(`^${match.replace(/ /g, '')}$`.replace(/(\p{L})\*/gu, '$1+'), 'u');
    taggedSlurs.push({pattern, base: match.replace(/\*/g, '')});
  }
}
const matches = (list, word) => list.some(({pattern}) => pattern.test(word));

const slursByLanguage = {};
for (const line of ownLines('slurs.txt')) {
  const [language, word] = line.split(/\s+/);
  (slursByLanguage[language] ??= new Set()).add(word);
}

let englishSlurs = new Set();
for (const language of languages) {
  const words = new Set();
  const add = (w) => { const lower = w.trim().toLowerCase(); if (oneWord(lower)) words.add(lower); };
  JSON.parse(fs.readFileSync(`${naughty}/package/${language}.json`, 'utf8')).forEach(add);
  const other = require(`${profanity}/package/dist/data/profane-words.js`).profaneWords.get(language);
  if (other) other.forEach(add);
  if (language === 'en') for (const {base} of taggedSlurs) add(base);
  const own = slursByLanguage[language] ?? new Set();
  const slur = (w) => own.has(w) ||
      (language === 'en' ? matches(taggedSlurs, w) : englishSlurs.has(w));
  const keep = new Set(ownLines(`keep-${language}.txt`));
  for (const w of [...keep, ...own]) {
    if (!words.has(w)) throw new Error(`${language}: ${w} is in no list (stale entry)`);
  }
  const tiers = {slur: [], vulgar: []};
  for (const w of [...words].sort()) {
    if (keep.has(w)) continue;
    // A plural or spelling of a slur ("coons", "niggaz") is one too.
    const stem = w.replace(/(es|s|z|h)$/, '');
    tiers[slur(w) || (stem !== w && slur(stem)) ? 'slur' : 'vulgar'].push(w);
  }
  if (language === 'en') englishSlurs = new Set(tiers.slur);
  const text = ['slur', 'vulgar'].flatMap((t) => tiers[t].map((w) => `${t}\t${w}`)).join('\n');
  fs.writeFileSync(`${out}/${language}.txt`, text + '\n');
  console.error(`${language}: ${tiers.slur.length} slurs, ${tiers.vulgar.length} vulgar, ` +
                `${keep.size} kept`);
}
