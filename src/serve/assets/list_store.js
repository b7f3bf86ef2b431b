// The word list the page searches with, kept in the browser: the list chosen, the lists
// uploaded here (their text in IndexedDB), and the constructor's changes to each list (scores
// and excluded words). The server keeps only the last few uploaded and changed lists: when
// it answers that a list is unknown, restoreList sends again what made it.

const STATE_KEY = "squares-word-lists";
const DATABASE = "squares-word-lists";

// { chosen: id, uploads: [{ id, name, language, words, scored }], changes: { [listId]: { scores: {word:
// score}, exclude: [word], id: changed list's id or "" } } }
let state = { chosen: "", uploads: [], changes: {} };
try {
  state = { ...state, ...JSON.parse(localStorage.getItem(STATE_KEY) || "{}") };
} catch {
  // unreadable: start afresh
}

export function saveState() {
  try {
    localStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: the choice lives on in the page
  }
}

export function listState() { return state; }

// The changes to list `id` (empty ones when none were made).
export function changesOf(id) {
  return state.changes[id] || { scores: {}, exclude: [], id: "" };
}

function hasChanges(changes) {
  return Object.keys(changes.scores).length > 0 || changes.exclude.length > 0;
}

// The id a request names: the chosen list, or the list its changes made.
export function activeListId() {
  const changes = changesOf(state.chosen);
  return hasChanges(changes) && changes.id ? changes.id : state.chosen;
}

// ---- Upload texts, by list id, in IndexedDB (a list may be megabytes: too large for
// localStorage).
function database() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore("texts");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function storeText(id, text) {
  const db = await database();
  await new Promise((resolve, reject) => {
    const transaction = db.transaction("texts", "readwrite");
    transaction.objectStore("texts").put(text, id);
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
  });
  db.close();
}

async function storedText(id) {
  const db = await database();
  const text = await new Promise((resolve, reject) => {
    const request = db.transaction("texts").objectStore("texts").get(id);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  db.close();
  return text;
}

export async function forgetText(id) {
  const db = await database();
  db.transaction("texts", "readwrite").objectStore("texts").delete(id);
  db.close();
}

async function postList(path, body) {
  const response = await fetch(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw Object.assign(new Error(answer.error), { unknownList: answer["unknown-list"] });
  return answer;
}

// Uploads a list's text; resolves to the list as the server answers it (id, name, words, ...),
// kept with its text.
export async function uploadList(name, language, text) {
  const list = await postList("/api/lists", { name, language, text });
  try {
    await storeText(list.id, text);
  } catch {
    // no IndexedDB: the list lasts as long as the server keeps it
  }
  state.uploads = state.uploads.filter((upload) => upload.id !== list.id);
  state.uploads.push({ id: list.id, name: list.name, language: list.language, words: list.words, scored: list.scored });
  saveState();
  return list;
}

// Sends list `id`'s changes; their list's id is kept with them. Resolves to the list answered.
export async function sendChanges(id) {
  const changes = changesOf(id);
  if (!hasChanges(changes)) {
    delete state.changes[id];
    saveState();
    return null;
  }
  let list;
  try {
    list = await postList("/api/lists/change", { list: id, scores: changes.scores, exclude: changes.exclude });
  } catch (error) {
    if (error.unknownList !== id || !(await restoreList(id))) throw error;
    list = await postList("/api/lists/change", { list: id, scores: changes.scores, exclude: changes.exclude });
  }
  state.changes[id] = { ...changes, id: list.id };
  saveState();
  return list;
}

// Sends again what made list `id` (an upload's text, a list's changes); resolves to whether
// it could.
export async function restoreList(id) {
  const upload = state.uploads.find((u) => u.id === id);
  if (upload) {
    const text = await storedText(id).catch(() => undefined);
    if (text === undefined) return false;
    await postList("/api/lists", { name: upload.name, language: upload.language, text });
    return true;
  }
  const base = Object.keys(state.changes).find((key) => state.changes[key].id === id);
  if (base === undefined) return false;
  await sendChanges(base);
  return true;
}
