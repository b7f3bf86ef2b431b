#!/bin/sh
# `squares serve` attacked as a security reviewer would, with the figures it gets:
# 1. 100 slowloris connections (SLOW=N for another count; a header byte a second each) while
#    GET /api/info is asked every 0.2 s: its latencies, and when the slow connections were dropped;
# 2. 200 parallel POST /api/check, then 200 parallel 15x15 fills: every status, none reset;
# 3. requests a page could send without a preflight, by a name of --allow-host and as an older
#    browser sends them (no Origin, no Sec-Fetch-*): their statuses, and whether any ran;
# 4. memory: 250 parallel 8 MiB uploads, 20 sequential uploads of distinct 6 MB lists, a
#    chunk-size line of 512 MB: statuses, peak and settled resident size;
# 5. 1000 clients sending a body a byte a second while /api/info is timed (p50, p99), then
#    SIGTERM with them connected: how long the server takes to exit;
# 6. 1000 requests written at once on open connections: their statuses, and a client that
#    never closes after its 503; a head over 16 KB; a PDF export whose client leaves and one
#    stopped by SIGTERM: the status and the log;
# 7. a page of another site in headless Chromium (Debian's, driven by playwright-core from
#    build/npm), and DNS rebinding (--host-resolver-rules maps evil.example to 127.0.0.1): what
#    it tried, what it got, and whether the server ran anything for it; the token's address
#    and cookie.
# Not a timed test: the figures depend on the machine and its load.
# Usage: scripts/serve-attack.sh   (SQUARES=binary, default build/src/squares; CHROMIUM, default
# /usr/bin/chromium; NODE_MODULES, default build/npm/node_modules)
set -eu
cd "$(dirname "$0")/.."
squares=${SQUARES:-build/src/squares}
chromium=${CHROMIUM:-/usr/bin/chromium}
modules=$(realpath "${NODE_MODULES:-build/npm/node_modules}")
work=$(mktemp -d /tmp/serve-attack.XXXXXX)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT INT TERM

# serve ARGS...: starts `squares serve --port 0 ARGS` in the background; sets $server and $port.
serve() {
  rm -f "$work/out"
  "$squares" serve --port 0 "$@" >"$work/out" 2>"$work/err" &
  server=$!
  port=
  while [ -z "$port" ]; do
    kill -0 "$server" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
    sleep 0.1
    port=$(sed -n 's|^squares: serving http://127.0.0.1:\([0-9]*\)/\(?token=.*\)\{0,1\}$|\1|p' "$work/out" 2>/dev/null)
  done
}
stop() {
  kill "$server"
  wait "$server" || true
  server=
}

serve --threads 2
echo "== squares serve --threads 2 (queue 64, queue wait 5 s, read timeout 10 s) on port $port"
python3 - "$port" "${SLOW:-100}" <<'PY'
import http.client, json, socket, statistics, sys, threading, time

port, slow_count = int(sys.argv[1]), int(sys.argv[2])

def request(method, path, body=None, timeout=60):
    """(status or the exception's name, seconds)."""
    start = time.monotonic()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        connection.request(method, path, body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        connection.close()
        return response.status, time.monotonic() - start
    except Exception as error:  # a reset, a timeout: what the figures are about
        return type(error).__name__, time.monotonic() - start

# 1. Slowloris.
slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(slow_count)]
for sock in slow:
    sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    sock.setblocking(False)
dropped = {}
latencies = []
start = time.monotonic()
stop = threading.Event()

def probe():
    while not stop.is_set():
        latencies.append(request("GET", "/api/info", timeout=30))
        time.sleep(0.2)

prober = threading.Thread(target=probe)
prober.start()
while time.monotonic() - start < 25 and len(dropped) < len(slow):
    for k, sock in enumerate(slow):
        if k in dropped:
            continue
        try:
            if sock.recv(1) == b"":
                dropped[k] = time.monotonic() - start
                continue
        except BlockingIOError:
            pass
        except OSError:
            dropped[k] = time.monotonic() - start
            continue
        try:
            sock.send(b"x")
        except OSError:
            dropped[k] = time.monotonic() - start
    time.sleep(1)
stop.set()
prober.join()
for sock in slow:
    sock.close()
answered = [seconds for status, seconds in latencies if status == 200]
others = [status for status, _ in latencies if status != 200]
print(f"slowloris: {slow_count} connections sending a header byte a second; GET /api/info asked {len(latencies)} "
      f"times meanwhile: {len(answered)} answered 200 (latency median {statistics.median(answered) * 1000:.1f} ms, "
      f"max {max(answered) * 1000:.1f} ms){', others: ' + str(others) if others else ''}")
if dropped:
    print(f"  the server dropped {len(dropped)} of the slow connections, "
          f"{min(dropped.values()):.1f} to {max(dropped.values()):.1f} s after they began")

# 2. Bursts.
def burst(count, method, path, body):
    results = [None] * count
    barrier = threading.Barrier(count)

    def one(k):
        barrier.wait()
        results[k] = request(method, path, body, timeout=120)

    threads = [threading.Thread(target=one, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    counts = {}
    for status, _ in results:
        counts[status] = counts.get(status, 0) + 1
    slowest = max(seconds for _, seconds in results)
    return ", ".join(f"{n} x {status}" for status, n in sorted(counts.items(), key=str)), slowest

statuses, slowest = burst(200, "POST", "/api/check", json.dumps({"grid": ["CAT", "ORE", "WET"]}))
print(f"burst: 200 parallel POST /api/check: {statuses}; the slowest answered in {slowest:.2f} s")
grid = ["....#....#....."] * 15
statuses, slowest = burst(200, "POST", "/api/fill", json.dumps({"grid": grid, "options": {"timeout": 3}}))
print(f"burst: 200 parallel 15x15 fills (timeout 3 s): {statuses}; the slowest answered in {slowest:.2f} s")
PY
stop

serve --threads 1 --allow-host workbench.test
echo "== squares serve --threads 1 --allow-host workbench.test on port $port"
python3 - "$port" "$server" "$work/err" <<'PY'
import http.client, json, os, resource, signal, socket, statistics, sys, threading, time

port, pid, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
resource.setrlimit(resource.RLIMIT_NOFILE, (20000, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

def rss(field="VmRSS"):
    """The server's memory figure (VmRSS, VmHWM) in MiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return 0

def first_line(sock, timeout):
    sock.settimeout(timeout)
    answer = b""
    try:
        while b"\r\n" not in answer:
            more = sock.recv(4096)
            if not more:
                break
            answer += more
    except socket.timeout:
        return "no answer"
    except OSError as error:
        return type(error).__name__
    return answer.split(b"\r\n")[0].decode() if answer else "closed"

def exchange(request, timeout=30):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        sock.sendall(request)
    except OSError:
        pass
    line = first_line(sock, timeout)
    sock.close()
    return line

def post(path, body, host="127.0.0.1", kind="application/json"):
    return (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body

def timed_info():
    start = time.monotonic()
    line = exchange(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", timeout=30)
    return line, time.monotonic() - start

def tally(lines):
    counts = {}
    for line in lines:
        counts[line] = counts.get(line, 0) + 1
    return ", ".join(f"{n} x {line}" for line, n in sorted(counts.items()))

check = post("/api/check", b'{"grid": ["CAT"]}')

# 3. What a page sends without a preflight, as an older browser (no Origin, no Sec-Fetch-*),
# by the allowed name: a GET or HEAD from a link, an <img> or an iframe, a form's POST.
routes = ["/api/fill", "/api/candidates", "/api/candidates/stream", "/api/check", "/api/prove", "/api/export",
          "/api/open", "/api/block-pattern", "/api/pattern", "/api/lists", "/api/lists/change", "/api/squares"]
lines = []
for route in routes:
    for method in ["GET", "HEAD"]:
        lines.append(exchange(f"{method} {route}?size=5&double=1 HTTP/1.1\r\nHost: workbench.test\r\n\r\n".encode()))
    for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]:
        lines.append(exchange(post(route, b'{"size": 5, "double": true}', "workbench.test", kind)))
start = time.monotonic()
after = exchange(check)
print(f"simple requests: GET, HEAD and 3 form POSTs to each of {len(routes)} routes by an allowed name, no Origin: "
      f"{tally(lines)}; then a check on the only worker: {after} in {(time.monotonic() - start) * 1000:.0f} ms")

# 4. Memory.
base = rss()
big = b'{"name": "big.txt", "text": "' + b"w" * ((8 << 20) - 40) + b'"}'
results = [None] * 250
def upload(k):
    try:
        results[k] = exchange(post("/api/lists", big), timeout=120)
    except OSError as error:
        results[k] = type(error).__name__
threads = [threading.Thread(target=upload, args=(k,)) for k in range(250)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
time.sleep(2)
print(f"memory: 250 parallel 8 MiB uploads: {tally(results)}; resident {base:.0f} MiB before, "
      f"peak {rss('VmHWM'):.0f} MiB, settled {rss():.0f} MiB")
settled, peak_before = [], rss("VmHWM")
for k in range(20):
    text = "".join("w" + "".join(chr(97 + m // 26 ** d % 26) for d in (5, 4, 3, 2, 1, 0)) + "\n"
                   for m in range(k * 750000, (k + 1) * 750000))
    body = json.dumps({"name": f"{k}.txt", "text": text}).encode()
    line = exchange(post("/api/lists", body), timeout=300)
    settled.append(rss())
    if not line.endswith("200 OK"):
        print(f"  upload {k}: {line}")
print(f"memory: 20 sequential uploads of distinct {len(text) / 1e6:.1f} MB lists (750,000 words; 4 kept): "
      f"resident after the 4th {settled[3]:.0f} MiB, after the 20th {settled[-1]:.0f} MiB "
      f"(max settled {max(settled):.0f}), peak {rss('VmHWM'):.0f} MiB")
before = rss()
sock = socket.create_connection(("127.0.0.1", port), timeout=60)
sock.sendall(b"POST /api/export HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             b"Transfer-Encoding: chunked\r\n\r\n")
sent = 0
try:
    for _ in range(512):
        sock.sendall(b"1" * (1 << 20))
        sent += 1
except OSError:
    pass
line = first_line(sock, 10)
sock.close()
print(f"memory: a chunked body whose size line is 512 MB: {line} ({sent} MiB of it sent before the close); "
      f"resident {before:.0f} MiB before, {rss():.0f} MiB after")

# 6. 1000 requests written at once, a client that stays after its 503, a large head, PDFs stopped.
socks = [socket.create_connection(("127.0.0.1", port), timeout=60) for _ in range(1000)]
request = b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
start = time.monotonic()
for sock in socks:
    sock.sendall(request)
lines = [first_line(sock, 30) for sock in socks]
print(f"burst: 1000 GET /api/info written at once on open connections: {tally(lines)}; all read in "
      f"{time.monotonic() - start:.2f} s")
for sock in socks:
    sock.close()
fill = json.dumps({"grid": ["......."] * 7, "options": {"timeout": 60}}).encode()
holder = socket.create_connection(("127.0.0.1", port))
holder.sendall(post("/api/fill", fill))
time.sleep(0.5)
stayer = socket.create_connection(("127.0.0.1", port))  # gets 503 after the queue wait, never closes
stayer.sendall(post("/api/fill", fill))
time.sleep(0.2)
busy = []
def queued(k):
    start = time.monotonic()
    busy.append((exchange(post("/api/fill", fill), timeout=60), time.monotonic() - start))
threads = [threading.Thread(target=queued, args=(k,)) for k in range(20)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(f"busy: one fill holds the only worker, a client never closes after its 503: 20 more fills get "
      f"{tally(line for line, _ in busy)} in {min(s for _, s in busy):.1f} to {max(s for _, s in busy):.1f} s "
      f"(the queue wait is 5 s)")
holder.close()
stayer.close()
big_head = b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * (17 << 10) + b"\r\n\r\n"
print(f"large head: a 17 KB header: {exchange(big_head)}")
pdf = json.dumps({"grid": ["CAT", "ORE", "WET"], "format": "pdf"}).encode()
gone = socket.create_connection(("127.0.0.1", port))
gone.sendall(post("/api/export", pdf))
time.sleep(0.5)
gone.close()
time.sleep(0.5)
with open(log) as text:
    said = [line.strip() for line in text if "stopped" in line or "internal error" in line]
print(f"pdf: an export whose client leaves after 0.5 s: the log says {said or 'nothing'}")

# 5. Slow bodies, then SIGTERM.
slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(1000)]
for sock in slow:
    sock.sendall(post("/api/check", b'{"grid": ["CAT"]}' + b" " * 100)[:-100])
latencies = []
start = time.monotonic()
while time.monotonic() - start < 8:
    for sock in slow:
        try:
            sock.send(b" ")
        except OSError:
            pass
    for _ in range(10):
        latencies.append(timed_info())
        time.sleep(0.1)
answered = sorted(seconds for line, seconds in latencies if line.endswith("200 OK"))
p99 = answered[min(len(answered) - 1, int(len(answered) * 0.99))] if answered else float("nan")
print(f"slow bodies: 1000 clients sending a body a byte a second; GET /api/info asked {len(latencies)} times: "
      f"{tally(line for line, _ in latencies)}; latency p50 {statistics.median(answered) * 1000:.1f} ms, "
      f"p99 {p99 * 1000:.1f} ms, max {answered[-1] * 1000:.1f} ms")
pdf_sock = socket.create_connection(("127.0.0.1", port))
pdf_sock.sendall(post("/api/export", pdf))
time.sleep(0.5)
start = time.monotonic()
os.kill(pid, signal.SIGTERM)
pdf_line = first_line(pdf_sock, 10)
def running():
    try:
        with open(f"/proc/{pid}/status") as status:
            return not any(line.startswith("State:") and "Z" in line for line in status)
    except FileNotFoundError:
        return False
while running():
    time.sleep(0.01)
print(f"sigterm: with the 1000 slow clients connected and a PDF being made, the server exited in "
      f"{(time.monotonic() - start) * 1000:.0f} ms; the PDF's client got {pdf_line}")
with open(log) as text:
    said = [line.strip() for line in text if "stopped" in line or "internal error" in line]
print(f"pdf: the log says {said}")
for sock in slow:
    sock.close()
PY
wait "$server" || true
server=

if [ ! -x "$chromium" ] || [ ! -d "$modules/playwright-core" ]; then
  echo "browser: skipped (no $chromium or no playwright-core in $modules; scripts/setup.sh installs them)"
  exit 0
fi
# One worker and no queue: a request the server runs for the attacker would hold the worker, and
# the check that follows each attempt would then be answered busy.
serve --threads 1 --queue 0 --allow-host workbench.test
echo "== squares serve --threads 1 --queue 0 --allow-host workbench.test on port $port; the attacker's page at http://evil.example"
cat >"$work/attack.cjs" <<'JS'
const http = require("http");
const path = require("path");
const [modules, chromiumPath, port] = process.argv.slice(2);
const { chromium } = require(path.join(modules, "playwright-core"));
const workbench = `http://127.0.0.1:${port}`;
const allowed = `http://workbench.test:${port}`;  // a name of --allow-host, resolved to 127.0.0.1
const fill = JSON.stringify({ grid: Array(7).fill("......."), options: { timeout: 30 } });

// Each attempt runs in the attacker's page and resolves to what the page could see.
const attempts = {
  "fetch GET /api/info (CORS)": `fetch("${workbench}/api/info").then((r) => r.text()).then((t) => "read: " + t)`,
  "fetch POST /api/fill text/plain, no-cors": `fetch("${workbench}/api/fill", { method: "POST", mode: "no-cors",
      headers: { "Content-Type": "text/plain" }, body: ${JSON.stringify(fill)} }).then((r) => "sent; response " + r.type)`,
  "fetch POST /api/fill as JSON (needs a preflight)": `fetch("${workbench}/api/fill", { method: "POST",
      headers: { "Content-Type": "application/json" }, body: ${JSON.stringify(fill)} }).then((r) => r.text()).then((t) => "read: " + t)`,
  "form POST text/plain to /api/fill": `new Promise((resolve) => {
      const sink = document.createElement("iframe"); sink.name = "sink"; document.body.append(sink);
      const form = document.createElement("form"); form.method = "POST"; form.enctype = "text/plain";
      form.action = "${workbench}/api/fill"; form.target = "sink";
      const input = document.createElement("input"); input.name = ${JSON.stringify(fill.slice(0, -1) + ', "x": "')};
      input.value = '"}'; form.append(input); document.body.append(form);
      sink.onload = () => resolve("submitted; the frame is not readable"); form.submit(); })`,
  "img GET /api/squares?size=7 (an endless search)": `new Promise((resolve) => { const img = new Image();
      img.onload = () => resolve("loaded"); img.onerror = () => resolve("error event");
      img.src = "${workbench}/api/squares?size=7"; })`,
  "img GET /api/squares by the allowed name (no Origin is sent)": `new Promise((resolve) => { const img = new Image();
      img.onload = () => resolve("loaded"); img.onerror = () => resolve("error event");
      img.src = "${allowed}/api/squares?size=5&double=1"; })`,
  "iframe GET /api/squares by the allowed name": `new Promise((resolve) => { const f = document.createElement("iframe");
      f.onload = () => resolve("frame loaded"); f.src = "${allowed}/api/squares?size=5&double=1"; document.body.append(f); })`,
  "form POST text/plain to /api/squares by the allowed name": `new Promise((resolve) => {
      const sink = document.createElement("iframe"); sink.name = "sink2"; document.body.append(sink);
      const form = document.createElement("form"); form.method = "POST"; form.enctype = "text/plain";
      form.action = "${allowed}/api/squares"; form.target = "sink2";
      const input = document.createElement("input"); input.name = '{"size": 5, "double": true, "x": "';
      input.value = '"}'; form.append(input); document.body.append(form);
      sink.onload = () => resolve("submitted; the frame is not readable"); form.submit(); })`,
  "script src /api/info": `new Promise((resolve) => { const s = document.createElement("script");
      s.onload = () => resolve("ran"); s.onerror = () => resolve("error event");
      s.src = "${workbench}/api/info"; document.head.append(s); })`,
  "iframe of the workbench page": `new Promise((resolve) => { const f = document.createElement("iframe");
      f.onload = () => { let text; try { text = f.contentDocument.body.innerText; } catch (e) { text = e.name; }
        resolve("frame loaded; its text: " + text); };
      f.src = "${workbench}/"; document.body.append(f); })`,
};

function check() {  // the workbench's answer to a check: 503 if it is still running an attack
  return new Promise((resolve) => {
    const request = http.request(`${workbench}/api/check`, { method: "POST", headers: { "Content-Type": "application/json" } },
      (response) => { response.resume(); response.on("end", () => resolve(response.statusCode)); });
    request.on("error", (error) => resolve(error.code));
    request.end(JSON.stringify({ grid: ["CAT"] }));
  });
}

(async () => {
  const site = http.createServer((request, response) => {
    response.setHeader("Content-Type", "text/html");
    response.end("<!doctype html><title>evil</title><body>a page of another site</body>");
  });
  await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
  const evil = `http://evil.example:${site.address().port}/`;
  const browser = await chromium.launch({
    executablePath: chromiumPath, headless: true,
    args: ["--no-sandbox", "--disable-gpu",
           "--host-resolver-rules=MAP evil.example 127.0.0.1, MAP workbench.test 127.0.0.1"],
  });
  const page = await browser.newPage();
  const console_ = [];
  page.on("console", (message) => console_.push(message.text()));
  await page.goto(evil);
  for (const [name, code] of Object.entries(attempts)) {
    const seen = await page.evaluate(`Promise.race([${code}, new Promise((r) => setTimeout(() => r("no answer in 5 s"), 5000))])
      .catch((error) => "refused: " + error.name + ": " + error.message)`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    console.log(`cross-site: ${name}: ${seen}; the server then answers a check ${await check()}`);
  }
  const frames = page.frames().filter((f) => f !== page.mainFrame()).map((f) => f.url() || "about:blank");
  console.log(`cross-site: the page's frames hold: ${frames.join(", ")}`);
  for (const line of new Set(console_.filter((text) => /frame-ancestors|CORS|Refused/.test(text)))) {
    console.log(`  chromium: ${line.trim().slice(0, 150)}...`);
  }

  // DNS rebinding: the attacker's name now resolves to 127.0.0.1, so its page is same-origin
  // with the workbench and may read what it answers.
  const rebound = `http://evil.example:${port}/`;
  const response = await page.goto(rebound);
  console.log(`rebinding: GET ${rebound}: ${response.status()} ${(await response.text()).trim()}`);
  for (const [method, route, body] of [["GET", "/api/info", undefined], ["POST", "/api/fill", fill]]) {
    const seen = await page.evaluate(async ([method, route, body]) => {
      const r = await fetch(route, { method, body, headers: body ? { "Content-Type": "application/json" } : {} });
      return `${r.status} ${(await r.text()).trim()}`;
    }, [method, route, body]);
    console.log(`rebinding: same-origin ${method} ${route} from that page: ${seen}; then a check: ${await check()}`);
  }

  // The controls: the workbench's own page gets its answers, and a fill it starts holds the
  // only worker (so the checks above would have said 503 had an attack run one). The page asks
  // for candidates as it opens: its fill waits for them to end.
  await page.goto(`${workbench}/`, { waitUntil: "networkidle" });
  const own = await page.evaluate(async () => (await fetch("/api/check", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ grid: ["CAT"] }) })).status);
  await page.evaluate((body) => {
    window.fill = new AbortController();
    fetch("/api/fill", { method: "POST", headers: { "Content-Type": "application/json" }, body, signal: window.fill.signal })
      .catch(() => {});
  }, fill);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const during = await check();
  await page.evaluate(() => window.fill.abort());
  await new Promise((resolve) => setTimeout(resolve, 500));
  console.log(`control: the workbench's own page POSTs /api/check: ${own}; while its own fill runs a check ` +
              `gets ${during}, after it cancels ${await check()}`);
  await browser.close();
  site.close();
})().catch((error) => { console.error(error); process.exit(1); });
JS
node "$work/attack.cjs" "$modules" "$chromium" "$port"
stop

# The token: its address opened in the browser, then a page of another port of 127.0.0.1, which
# gets the browser's cookies for 127.0.0.1.
serve --token attack-token-1
echo "== squares serve --token attack-token-1 on port $port"
cat >"$work/token.cjs" <<'JS'
const http = require("http");
const path = require("path");
const [modules, chromiumPath, port] = process.argv.slice(2);
const { chromium } = require(path.join(modules, "playwright-core"));
(async () => {
  let received = "none";
  const site = http.createServer((request, response) => {
    received = request.headers.cookie || "none";
    response.end("another server on this machine");
  });
  await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/?token=attack-token-1`, { waitUntil: "networkidle" });
  const shown = page.url();
  const history = await page.evaluate(() => history.length);
  await page.goto(`http://127.0.0.1:${site.address().port}/`);
  const value = (received.match(/squares_token_\d+=([^;]*)/) || [])[1] || "";
  const replay = (headers) => new Promise((resolve) => http.get(`http://127.0.0.1:${port}/api/info`, { headers },
    (response) => { response.resume(); resolve(response.statusCode); }));
  console.log(`token: the page's address after it loads: ${shown} (history length ${history})`);
  console.log(`token: a server on another port of 127.0.0.1 gets the cookie ${received}`);
  console.log(`token: that value sent to the workbench as its token: ${await replay({ Authorization: `Bearer ${value}` })}, ` +
              `as the cookie of another port: ${await replay({ Cookie: `squares_token_${site.address().port}=${value}` })}, ` +
              `as the token itself in this port's cookie: ${await replay({ Cookie: `squares_token_${port}=attack-token-1` })}`);
  await browser.close();
  site.close();
})().catch((error) => { console.error(error); process.exit(1); });
JS
node "$work/token.cjs" "$modules" "$chromium" "$port"
stop
