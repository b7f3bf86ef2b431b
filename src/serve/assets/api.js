// The JSON API's calls, for the page's views. Those that search, and an export (for its
// quality line), name the word list chosen (list_store.js); one the server has lost is sent
// again, and the request with it.
import { activeListId, restoreList } from "./list_store.js";

const LIST_ROUTES = new Set(["/api/fill", "/api/candidates", "/api/candidates/stream", "/api/check",
                             "/api/prove", "/api/pattern", "/api/squares", "/api/export"]);

// POSTs `body` as JSON; resolves to the parsed answer, or throws an Error with the server's
// message. An aborted request throws an AbortError. With `light`, sent from a worker's
// thread (threadFetch): for a request that a key starts.
export async function postJson(path, body, signal, light = false) {
  return answerOf(await post(path, body, signal, light));
}

// POSTs `body` as JSON; resolves to the response (a list the server lost sent again first).
export async function post(path, body, signal, light = false) {
  const send = () => (light ? threadFetch : fetch)(path, {
    method: "POST", headers: { "Content-Type": "application/json" }, signal,
    body: JSON.stringify(LIST_ROUTES.has(path) ? { ...body, list: activeListId() } : body),
  });
  const response = await send();
  if (response.status !== 404 || !LIST_ROUTES.has(path)) return response;
  const unknown = (await response.clone().json().catch(() => ({})))["unknown-list"];
  return unknown && await restoreList(unknown).catch(() => false) ? send() : response;
}

// fetch(path, init) for a POST of a string body, sent from a worker's thread
// (request_worker.js): its start takes the main thread a message, where fetch's took
// milliseconds, and a key's handler starts one. Resolves to a Response with the answer's
// status, Content-Type and body; rejects as fetch does (an AbortError once `init.signal`
// aborts, a TypeError when the network fails).
let worker = null;
let nextId = 0;
const waiting = new Map();  // id -> the answer's handler

export function threadFetch(path, init) {
  if (!worker) {
    worker = new Worker("request_worker.js");
    worker.onmessage = ({ data }) => {
      const answered = waiting.get(data.id);
      waiting.delete(data.id);
      if (answered) answered(data);
    };
    // A worker that failed (its script not loaded) fails the requests waiting, as a network
    // error would, so that the page says so instead of waiting for ever; the next request
    // starts another.
    worker.onerror = () => {
      worker = null;
      for (const answered of waiting.values()) answered({ error: "the page's request worker failed" });
      waiting.clear();
    };
  }
  const abortError = () => new DOMException("The request was aborted.", "AbortError");
  return new Promise((resolve, reject) => {
    const { signal } = init;
    if (signal && signal.aborted) return reject(abortError());
    const id = nextId++;
    const abort = () => {
      waiting.delete(id);
      worker.postMessage({ abort: id });
      reject(abortError());
    };
    if (signal) signal.addEventListener("abort", abort, { once: true });
    waiting.set(id, (answer) => {
      if (signal) signal.removeEventListener("abort", abort);
      if (answer.error === "AbortError") reject(abortError());
      else if (answer.error) reject(new TypeError(answer.error));
      else {
        resolve(new Response([204, 205, 304].includes(answer.status) ? null : answer.body,
                             { status: answer.status, headers: { "Content-Type": answer.type } }));
      }
    });
    worker.postMessage({ id, path, init: { method: init.method, headers: init.headers, body: init.body } });
  });
}

// A message of the server as a sentence for the page: a capital first letter.
export function sentence(message) {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

// The answer's JSON (or text), or an Error with the server's message for a failure (its
// HTTP status in `status`).
export async function answerOf(response) {
  const type = response.headers.get("Content-Type") || "";
  if (!response.ok) {
    const message = response.status === 503 ? "the server is busy: try again in a moment"
      : type.startsWith("application/json") ? (await response.json()).error : await response.text();
    throw Object.assign(new Error(sentence(message)), { status: response.status });
  }
  return type.startsWith("application/json") ? response.json() : response.text();
}

// POSTs `body` as JSON and calls `onLine` with each JSON line of the NDJSON answer as it
// arrives; resolves when the answer ends. Throws as postJson does.
export async function postStream(path, body, signal, onLine) {
  const response = await post(path, body, signal);
  if (!response.ok) return answerOf(response);
  return readLines(response, (line) => onLine(JSON.parse(line)));
}

// Calls `onLine` with each line (text) of a streamed answer, and `onChunk` after each chunk
// read; gives the page back its event loop every few milliseconds of lines, so that a fast
// stream never blocks it for long.
export async function readLines(response, onLine, onChunk = () => {}) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    const lines = pending.split("\n");
    pending = lines.pop();
    let slice = performance.now();
    for (const line of lines) {
      if (line) onLine(line);
      if (performance.now() - slice > 8) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        slice = performance.now();
      }
    }
    onChunk();
  }
  if (pending.trim()) onLine(pending);
}
