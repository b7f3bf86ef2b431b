// Puzzle files in and out of the editor: a file opened (the picker, or dropped on the editor)
// is sent to POST /api/open as text, or as base64 when it is binary (an Across Lite .puz);
// an export is POST /api/export of the whole puzzle (cells, marks, bars, info, clues) and the
// word list (for the quality line of ipuz), and what its format could not hold (the
// X-Squares-Warnings header) is said beside the link.
import { answerOf, post, postJson, sentence } from "./api.js";

const EXTENSIONS = { ipuz: "ipuz", latex: "tex", pdf: "pdf", svg: "svg", text: "txt", puz: "puz", jpz: "jpz",
                     xd: "xd", exolve: "html", "across-text": "txt", submission: "pdf" };

// The file's bytes as /api/open takes them: {text} when they are UTF-8 text, else {base64}.
export async function fileBody(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!bytes.includes(0)) {
    try {
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
    } catch {
      // not UTF-8: sent as bytes
    }
  }
  let binary = "";
  for (let k = 0; k < bytes.length; k += 0x8000) binary += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return { base64: btoa(binary) };
}

// The answer of /api/open for `file`: { puzzle, format, warnings, locked, ... }.
export async function openFile(file) {
  return postJson("/api/open", { name: file.name, ...await fileBody(file) });
}

// What an open or an export noted, as one sentence each after `head`.
export function describe(head, warnings) {
  return [head, ...(warnings || []).map((warning) => `${sentence(warning)}.`.replace(/\.\.$/, "."))].join(" ");
}

// Downloads `puzzle` (GridModel.toPuzzle) as `format`; resolves to the status to show.
export async function exportPuzzle(puzzle, format) {
  const response = await post("/api/export", { puzzle, format });
  if (!response.ok) return answerOf(response);  // throws the server's message
  const warnings = JSON.parse(response.headers.get("X-Squares-Warnings") || "[]");
  const blob = await response.blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${puzzle.info.title.replace(/[^\w.-]+/g, "-") || "grid"}.${EXTENSIONS[format]}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  return describe(`Exported ${link.download}.`, warnings);
}

// Calls `onFile(file)` for a file dropped on `target`.
export function acceptDrops(target, onFile) {
  target.addEventListener("dragover", (event) => {
    if (![...event.dataTransfer.types].includes("Files")) return;
    event.preventDefault();
    target.classList.add("dropping");
  });
  target.addEventListener("dragleave", () => target.classList.remove("dropping"));
  target.addEventListener("drop", (event) => {
    target.classList.remove("dropping");
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    onFile(file);
  });
}
