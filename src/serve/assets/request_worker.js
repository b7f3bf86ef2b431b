// The proof's requests (api.js: threadFetch), sent and read on a thread of the worker's own:
// starting a fetch takes the page's main thread milliseconds (URL loader, body, signal), and a
// key's handler starts one. A message { id, path, init } is fetched; { abort: id } aborts it.
// Answers { id, status, type, body } or { id, error } ("AbortError" for an aborted one).
"use strict";
const requests = new Map();  // id -> the AbortController of the request in flight

onmessage = async ({ data }) => {
  if (data.abort !== undefined) {
    const controller = requests.get(data.abort);
    if (controller) controller.abort();
    return;
  }
  const { id, path, init } = data;
  const controller = new AbortController();
  requests.set(id, controller);
  try {
    const response = await fetch(path, { ...init, signal: controller.signal });
    const body = await response.text();
    postMessage({ id, status: response.status, type: response.headers.get("Content-Type") || "", body });
  } catch (error) {
    postMessage({ id, error: error.name === "AbortError" ? "AbortError" : error.message });
  } finally {
    requests.delete(id);
  }
};
