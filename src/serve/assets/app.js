// The workbench page: two views (the crossword editor, the word squares), chosen by the
// location's hash (#squares).
import { Editor } from "./editor.js";
import { SquaresView } from "./squares.js";
import { ListsView } from "./lists_view.js";

// Opened from the address the server printed with its token: the answer has stored its cookie,
// so the token leaves the address bar and the history.
const query = new URLSearchParams(location.search);
if (query.has("token")) {
  query.delete("token");
  const rest = query.toString();
  history.replaceState(history.state, "", location.pathname + (rest ? `?${rest}` : "") + location.hash);
}

const views = { editor: document.getElementById("editor-view"), squares: document.getElementById("squares-view") };

function showView() {
  const name = location.hash === "#squares" ? "squares" : "editor";
  for (const [key, view] of Object.entries(views)) view.hidden = key !== name;
  for (const link of document.querySelectorAll("nav a")) {
    link.setAttribute("aria-current", link.getAttribute("href") === `#${name}` ? "page" : "false");
  }
}

window.addEventListener("hashchange", showView);
showView();
window.workbench = {
  editor: new Editor(views.editor), squares: new SquaresView(views.squares),
  lists: new ListsView(document.getElementById("word-lists")),
};
