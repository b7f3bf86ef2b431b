// Keypress to marks in the workbench: Debian's Chromium (headless, driven by playwright-core)
// types letters into the theme 15x15 at the pace of a constructor, and the page times each key
// from its keydown to the frame after the marks of the new grid were drawn (the arc
// consistency proof of that grid shown). The verdict's search and the candidates of the entry
// are in flight as the next key comes, as they are when one types. Prints p50, p95 and max,
// where the time went (the wait for the key's handler, the handler, its start to the marks
// request sent, that request from sent to answered, the rest), and the long tasks the long-task observer saw (all, and those between a keydown and
// its marks drawn); with TRACE=FILE, a Chromium trace of the run (chrome://tracing, Perfetto),
// and from it the renderer's CPU time a key and the longest task (thread time) on each key's
// path, which the machine's load changes far less than the wall time the observer sees.
//
// Usage: node bench-serve-keypress.cjs URL NODE_MODULES FILL THROTTLE [KEYS]
// (FILL: a fill of tests/data/grids/theme-15x15.txt, whose letters are typed; THROTTLE: the CPU
// throttling rate, 1 for none.) Run it pinned to a core (taskset): Chromium inherits it. The
// window is 1280x720, where the candidate list starts below the view; HEIGHT=1000 makes it
// 1280x1000, the list in view.
"use strict";
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const GRID = path.join(__dirname, "..", "tests", "data", "grids", "theme-15x15.txt");
const PAUSE_MS = 250;  // between keys: a constructor's typing, slow enough for each proof to ask

async function main() {
  const [url, modules, fillPath, throttle, keysArg] = process.argv.slice(2);
  const { chromium } = require(path.join(path.resolve(modules), "playwright-core"));
  const fill = fs.readFileSync(fillPath, "utf8").trim().split("\n");
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "squares-bench-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium", headless: true,
    viewport: { width: 1280, height: +(process.env.HEIGHT || 720) },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const page = context.pages()[0] || await context.newPage();
    if (process.env.ASSETS_DIR) {  // the page of a source tree instead of the server's (no rebuild)
      await page.route(/\/[a-z_]+\.(js|css|html)$|\/$/, (route) => {
        const name = new URL(route.request().url()).pathname.slice(1) || "index.html";
        const type = name.endsWith(".js") ? "text/javascript" : name.endsWith(".css") ? "text/css" : "text/html";
        route.fulfill({ body: fs.readFileSync(path.join(process.env.ASSETS_DIR, name)), contentType: type });
      });
    }
    await page.goto(url);
    await page.setInputFiles("#open-file", { name: "theme.txt", mimeType: "text/plain", buffer: fs.readFileSync(GRID) });
    await page.waitForFunction(() => document.querySelector("#proof-verdict").dataset.verdict !== "checking", null, { timeout: 60000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: +throttle });
    await page.evaluate(instrument);
    if (process.env.TRACE) {
      await cdp.send("Tracing.start", { transferMode: "ReturnAsStream", categories:
        "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,loading,v8.execute,toplevel" });
    }
    // The empty white cells, spread over the grid, each typed with its letter of the fill.
    const empty = [];
    const template = fs.readFileSync(GRID, "utf8").trim().split("\n");
    template.forEach((row, r) => Array.from(row).forEach((ch, c) => { if (ch === ".") empty.push([r, c]); }));
    const count = Math.min(+(keysArg || 40), empty.length);
    for (let k = 0; k < count; k++) {
      const [r, c] = empty[Math.floor(k * empty.length / count) * 7 % empty.length];
      await page.click(`#cell-${r}-${c}`);
      await page.waitForTimeout(PAUSE_MS);  // the entry's candidates start
      await page.keyboard.press(fill[r][c].toLowerCase());
      // (Not waitForFunction: its polling on every animation frame makes the page draw frames
      // it would not, and measures itself.)
      await page.evaluate(() => new Promise((resolve) => {
        const check = () => (window.keypress.pending === null ? resolve() : setTimeout(check, 20));
        check();
      }));
      await page.waitForTimeout(PAUSE_MS);  // the verdict's search runs on
    }
    if (process.env.TRACE) {
      const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      const { stream } = await done;
      const out = fs.createWriteStream(process.env.TRACE);
      for (;;) {
        const { data, eof } = await cdp.send("IO.read", { handle: stream });
        out.write(data);
        if (eof) break;
      }
      await new Promise((resolve) => out.end(resolve));
    }
    report(await page.evaluate(() => window.keypress), throttle);
    if (process.env.TRACE) mainThreadTime(process.env.TRACE);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

// In the page: each letter's keydown (its event time), how long its handler ran, the request
// for its marks (Resource Timing), and the frame after its marks were drawn.
function instrument() {
  const editor = window.workbench.editor;
  const state = window.keypress = { pending: null, samples: [], longTasks: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push({ start: e.startTime, duration: e.duration });
  })
    .observe({ type: "longtask" });
  const key = editor.key.bind(editor);
  editor.key = (event) => {
    const start = performance.now();
    key(event);
    if (event.key.length === 1) {
      performance.mark(`key-${state.samples.length}`, { startTime: event.timeStamp });
      state.pending = { down: event.timeStamp, queued: start - event.timeStamp, handler: performance.now() - start,
                        grid: editor.proof.keyOf(editor.model.searchGrid()) };
    }
  };
  const onProof = editor.proof.onProof;
  editor.proof.onProof = () => {
    onProof();
    const pending = state.pending;
    if (!pending || editor.proof.proof.key !== pending.grid) return;
    const shown = performance.now();
    requestAnimationFrame(() => setTimeout(() => {
      const proves = performance.getEntriesByName(new URL("/api/prove", location).href)
        .filter((e) => e.startTime >= pending.down);
      const ask = proves[0];
      performance.mark(`drawn-${state.samples.length}`);
      state.samples.push({ down: pending.down, total: performance.now() - pending.down,
                           queued: pending.queued, handler: pending.handler, shown: shown - pending.down,
                           sent: ask ? ask.startTime - pending.down : NaN,
                           server: ask ? ask.responseEnd - ask.requestStart : NaN });
      performance.clearResourceTimings();
      state.pending = null;
    }));
  };
}

function report({ samples, longTasks }, throttle) {
  const pick = (values, q) => {
    const sorted = [...values].sort((a, b) => a - b);
    return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  };
  const line = (name, field) => `${name} p50 ${pick(samples.map((s) => s[field]), 0.5)} ms, p95 ` +
    `${pick(samples.map((s) => s[field]), 0.95)} ms, max ${pick(samples.map((s) => s[field]), 1)} ms`;
  console.log(`keypress to marks, ${samples.length} keys, CPU throttling ${throttle}x: ${line("", "total")}`);
  console.log(`  keydown to its handler: ${line("", "queued")}`);
  console.log(`  key handler: ${line("", "handler")}`);
  // (Not seen when a worker sends the request: the page's Resource Timing has only its own.)
  if (samples.some((s) => !Number.isNaN(s.sent))) {
    console.log(`  keydown to marks request sent: ${line("", "sent")}`);
    for (const s of samples) s.leaves = s.sent - s.queued;
    console.log(`  the key's handler started to marks request sent: ${line("", "leaves")}`);
    console.log(`  marks request, sent to answered: ${line("", "server")}`);
  }
  console.log(`  keydown to marks drawn: ${line("", "shown")}`);
  // On the keypress path: those that ran (in part) between a keydown and its marks drawn.
  const onPath = longTasks.filter((t) => samples.some((s) => t.start < s.down + s.total && t.start + t.duration > s.down));
  const longest = (tasks) => Math.round(Math.max(0, ...tasks.map((t) => t.duration)));
  console.log(`  long tasks: ${longTasks.length}, longest ${longest(longTasks)} ms; on the keypress path ` +
              `(keydown to marks drawn): ${onPath.length}, longest ${longest(onPath)} ms`);
}

// From the trace: the renderer's main thread's CPU time (its thread clock, not the wall's, so
// that a loaded machine's waits are not counted) from each key to its marks drawn.
function mainThreadTime(file) {
  const events = JSON.parse(fs.readFileSync(file, "utf8")).traceEvents;
  const main = events.find((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain");
  const marks = new Map(events.filter((e) => /^(key|drawn)-\d+$/.test(e.name)).map((e) => [e.name, e.ts]));
  const tasks = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.name === "RunTask");
  const times = [], longest = [];
  for (let k = 0; marks.has(`key-${k}`) && marks.has(`drawn-${k}`); k++) {
    const from = marks.get(`key-${k}`), to = marks.get(`drawn-${k}`);
    let cpu = 0, most = 0;
    for (const t of tasks) {
      const overlap = Math.min(to, t.ts + t.dur) - Math.max(from, t.ts);
      if (overlap > 0 && t.dur > 0) {
        cpu += (t.tdur || 0) * overlap / t.dur;
        most = Math.max(most, t.tdur || 0);
      }
    }
    times.push(cpu / 1000);
    longest.push(most / 1000);
  }
  const line = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
    return `p50 ${pick(0.5)} ms, p95 ${pick(0.95)} ms, max ${pick(1)} ms`;
  };
  console.log(`  renderer main thread CPU, keydown to marks drawn (trace): ${line(times)} (${times.length} keys)`);
  // Unthrottled, four times this bounds each task's wall time at 4x on a core of its own (the
  // throttling lets the thread run a quarter of the time); at 4x it counts the throttling too.
  console.log(`  longest task on the keypress path, thread time (trace): ${line(longest)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
