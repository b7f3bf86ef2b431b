// The breakfast test's tier (data/offensive/README): which listed words the candidates, the
// proof and autofill may use. The choice is kept in the browser; a change asks for them again.
const KEY = "squares-workbench-allow-offensive";
const TIERS = ["none", "vulgar", "slurs"];

let select = null;

export function bindBreakfast(element) {
  select = element;
  const kept = localStorage.getItem(KEY);
  if (TIERS.includes(kept)) select.value = kept;
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    document.dispatchEvent(new CustomEvent("wordlist-change"));
  });
}

// The tier chosen: "none", "vulgar" or "slurs".
export function allowOffensive() {
  return select && TIERS.includes(select.value) ? select.value : "none";
}

// How the page names a tier in a sentence.
export function tierName(tier) {
  return { none: "strict", vulgar: "vulgar words allowed", slurs: "every word, slurs too" }[tier];
}
