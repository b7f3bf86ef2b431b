#!/usr/bin/env python3
"""The workbench's HTTP API (`squares serve`): statuses and bodies of every route, streaming,
a client's disconnect stopping its search, the limits (400, 404, 405, 413, 503), who may drive
it (Host, Origin, JSON, the token), slow and oversized clients, and a clean stop.

Usage: serve_test.py SQUARES DATA_DIR
"""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest

SQUARES = DATA = None


class Server:
    """`squares serve --port 0 ARGS...`, its port (and token) read from the line it prints."""

    def __init__(self, *args, host="127.0.0.1"):
        self.process = subprocess.Popen([SQUARES, "serve", "--port", "0", *args],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.fullmatch(re.escape(f"squares: serving http://{host}:") + r"(\d+)/(\?token=(\S+))?\n", line)
        if not match:
            self.process.kill()
            raise AssertionError(f"unexpected first line {line!r}: {self.process.stderr.read()}")
        self.port = int(match.group(1))
        self.token = match.group(3)

    def connection(self, timeout=60):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)

    def exchange(self, method, path, body=None, headers=None, timeout=60):
        """The response (read) to a request with `headers` (JSON's Content-Type unless given);
        a dict body is sent as JSON."""
        connection = self.connection(timeout)
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
        connection.request(method, path, body=body, headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        response.data = response.read()
        connection.close()
        return response

    def request(self, method, path, body=None, timeout=60):
        """(status, content type, body bytes); a dict body is sent as JSON."""
        response = self.exchange(method, path, body, timeout=timeout)
        return response.status, response.getheader("Content-Type"), response.data

    def post(self, path, body, timeout=60):
        """(status, parsed JSON answer)."""
        status, _, data = self.request("POST", path, body, timeout)
        return status, json.loads(data)

    def stop(self):
        """SIGTERM's exit code; None (and killed) when it did not stop within 20 s."""
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None
        finally:
            self.process.stdout.close()
            self.process.stderr.close()


GRID_5X5 = ["#....", ".....", ".....", ".....", "....#"]


class Api(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server("--threads", "2")

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0

    def test_page(self):
        status, kind, body = self.server.request("GET", "/")
        self.assertEqual((status, kind), (200, "text/html; charset=utf-8"))
        self.assertIn(b'role="grid"', body)
        for asset in ["app.js", "api.js", "editor.js", "grid_model.js", "squares.js", "style.css"]:
            status, kind, body = self.server.request("GET", "/" + asset)
            self.assertEqual(status, 200, asset)
            self.assertTrue(body, asset)

    def test_unknown_route(self):
        for method, path in [("GET", "/nope"), ("POST", "/api/nope"), ("OPTIONS", "/nope")]:
            status, kind, body = self.server.request(method, path, b"{}")
            self.assertEqual(status, 404, path)
            self.assertEqual(kind, "application/json")
            self.assertIn("error", json.loads(body))

    def test_fill_then_check(self):
        status, answer = self.server.post("/api/fill", {"grid": GRID_5X5, "options": {"quality-time": 1}})
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["status"], "filled")
        rows = answer["rows"]
        self.assertEqual(len(rows), 5)
        self.assertEqual([row[0] == "#" for row in rows], [True, False, False, False, False])
        self.assertTrue(all(re.fullmatch(r"[A-Z#]{5}", row) for row in rows), rows)
        self.assertEqual(len(answer["across"]) + len(answer["down"]), 10)
        self.assertIn("worst", answer["quality"])
        status, check = self.server.post("/api/check", {"grid": rows})
        self.assertEqual(status, 200)
        self.assertEqual((check["filled"], check["valid"], check["problems"]), (True, True, []))

    def test_fill_region_keeps_the_rest(self):
        status, answer = self.server.post("/api/fill", {
            "grid": GRID_5X5, "options": {"any": True},
            "region": {"top": 0, "left": 0, "bottom": 0, "right": 4}})
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["rows"][1:], GRID_5X5[1:])
        self.assertRegex(answer["rows"][0], r"^#[A-Z]{4}$")

    def test_fill_statuses(self):
        status, answer = self.server.post("/api/fill", {"grid": ["QZX..", ".....", "....."]})
        self.assertEqual(status, 200, answer)
        self.assertIn(answer["status"], ["over-constrained", "impossible"])
        self.assertTrue(answer["message"])
        self.assertNotIn("rows", answer)

    def test_check_problems(self):
        status, check = self.server.post("/api/check", {"grid": ["ZQX", "ABC", "DEF"]})
        self.assertEqual(status, 200)
        self.assertTrue(check["filled"])
        self.assertFalse(check["valid"])
        self.assertTrue(any("ZQX" in problem for problem in check["problems"]), check)
        status, check = self.server.post("/api/check", {"grid": ["C..", "...", "..."]})
        self.assertEqual((check["filled"], check["valid"]), (False, False))

    def test_candidates(self):
        grid = ["#....", "B....", ".....", ".....", "....#"]
        status, answer = self.server.post("/api/candidates", {
            "grid": grid, "slot": {"row": 2, "col": 0, "direction": "down"},
            "options": {"max-words": 30, "max-checked": 5}})
        self.assertEqual(status, 200, answer)
        self.assertEqual(answer["slot"]["name"], "5 Down")
        self.assertEqual(answer["slot"]["pattern"], "B...")
        words = answer["words"]
        self.assertTrue(0 < len(words) <= 30)
        self.assertTrue(all(re.fullmatch(r"B[A-Z]{3}", w["word"]) for w in words), words)
        scores = [w["score"] for w in words]
        self.assertEqual(scores, sorted(scores))  # the default list: lower is better
        self.assertTrue(all(w["viability"] in ("fillable", "impossible", "unknown") for w in words))
        self.assertTrue(any(w["viability"] == "fillable" for w in words[:5]), words[:5])
        self.assertTrue(all(w["viability"] == "unknown" for w in words[5:]))
        # The same slot by its index.
        status, by_index = self.server.post("/api/candidates", {
            "grid": grid, "slot": answer["slot"]["index"], "options": {"max-checked": 0}})
        self.assertEqual(status, 200, by_index)
        self.assertEqual(by_index["slot"], answer["slot"])

    def test_candidates_exclude(self):
        grid = ["CA.", "...", "..."]
        request = {"grid": grid, "slot": 0, "options": {"max-checked": 0}}
        words = [w["word"] for w in self.server.post("/api/candidates", request)[1]["words"]]
        self.assertIn("CAT", words)
        request["options"]["exclude"] = ["cat"]
        words = [w["word"] for w in self.server.post("/api/candidates", request)[1]["words"]]
        self.assertNotIn("CAT", words)
        self.assertIn("CAR", words)

    def test_export_and_open(self):
        rows = ["CAT", "ORE", "WET"]
        clues = [{"number": 1, "direction": "across", "text": "Pet"},
                 {"number": 1, "direction": "down", "text": "Farm animal"}]
        status, kind, body = self.server.request("POST", "/api/export", {
            "grid": rows, "format": "ipuz", "clues": clues, "title": "Tiny"})
        self.assertEqual((status, kind), (200, "application/json"), body)
        ipuz = json.loads(body)
        self.assertEqual(ipuz["dimensions"], {"width": 3, "height": 3})
        self.assertEqual(ipuz["title"], "Tiny")
        self.assertEqual(["".join(str(c) for c in row) for row in ipuz["solution"]], rows)
        # Back through /api/open: the same grid and clues.
        status, opened = self.server.post("/api/open", {"name": "tiny.ipuz", "text": body.decode()})
        self.assertEqual(status, 200, opened)
        self.assertEqual(opened["grid"], rows)
        self.assertEqual([(c["number"], c["direction"]) for c in opened["clues"]],
                         [(1, "across"), (4, "across"), (5, "across"), (1, "down"), (2, "down"), (3, "down")])
        for format, marker in [("latex", b"\\"), ("svg", b"<svg"), ("text", b"CAT")]:
            status, kind, body = self.server.request("POST", "/api/export", {"grid": rows, "format": format})
            self.assertEqual(status, 200, (format, body))
            self.assertIn(marker, body, format)

    def test_info_and_pdf(self):
        status, _, body = self.server.request("GET", "/api/info")
        info = json.loads(body)
        self.assertEqual((status, info["max_side"]), (200, 25))
        self.assertGreater(info["words"], 100000)  # the default list
        status, kind, body = self.server.request("POST", "/api/export", {
            "grid": ["#SAFE", "OPERA", "FACER", "FRIES", "SEAR#"], "format": "pdf"})
        if info["pdf"]:
            self.assertEqual((status, kind), (200, "application/pdf"), body[-300:])
            self.assertTrue(body.startswith(b"%PDF-"))
        else:
            self.assertEqual(status, 400)
            self.assertIn("lualatex", json.loads(body)["error"])

    def test_export_any_text(self):
        """Titles and clues of any text export (or are refused with 400), and a refusal says
        nothing of the server's files or TeX's log (the PDFs: test_pdf_of_any_text)."""
        texts = ["two\n\nparagraphs", "nul\x00del\x7f", "emoji \U0001F600", "CJK \u6f22\u5b57", "Greek \u03b1",
                 "Cyrillic \u0416", "zero\u200dwidth", "x" * 200000]
        for document in ["ipuz", "latex", "svg", "text", "lines", "jsonl", "puz", "jpz", "xd",
                         "exolve", "across-text"]:
            for text in texts:
                status, _, body = self.server.request("POST", "/api/export", {
                    "grid": ["CAT", "ORE", "WET"], "format": document, "title": text,
                    "clues": [{"number": 1, "direction": "across", "text": text}]})
                self.assertIn(status, (200, 400), (document, text[:20], body[:200]))
                if status != 200:
                    self.assertNotIn(b"tex", json.loads(body)["error"].encode().lower(), (document, text[:20]))

    def test_export_clues(self):
        rows = ["CAT", "ORE", "WET"]
        status, _, body = self.server.request("POST", "/api/export", {
            "grid": rows, "format": "ipuz", "clues": [{"number": 1, "direction": "across", "text": "Pet"}]})
        self.assertEqual(status, 200, body)
        clues = json.loads(body)["clues"]
        texts = [clue[1] if isinstance(clue, list) else clue.get("clue", "")
                 for clue in clues["Across"] + clues["Down"]]
        self.assertIn("Pet", texts)
        status, opened = self.server.post("/api/open", {"name": "tiny.ipuz", "text": body.decode()})
        self.assertIn({"number": 1, "direction": "across", "text": "Pet"}, opened["clues"])

    def test_open_grid_files(self):
        with open(os.path.join(DATA, "grids", "crucio-01.crg"), encoding="utf-8") as f:
            text = f.read()
        status, opened = self.server.post("/api/open", {"name": "crucio-01.crg", "text": text})
        self.assertEqual(status, 200, opened)
        self.assertTrue(all(re.fullmatch(r"[.#A-Z]+", row) for row in opened["grid"]))
        status, opened = self.server.post("/api/open", {"name": "g.txt", "text": "#..\n...\n..#\n"})
        self.assertEqual((status, opened["grid"]), (200, ["#..", "...", "..#"]))
        status, answer = self.server.post("/api/open", {"name": "bad.txt", "text": "..\n...\n"})
        self.assertEqual(status, 400)
        self.assertTrue(answer["error"].startswith("bad.txt:"), answer)

    def test_pattern_and_templates(self):
        seven = ["....#....##....", ".........#.....", ".........#.....", "##...##.....###",
                 "...###.....#...", "........#......", ".........##....", ".......#.......",
                 "....##.........", "......#........", "...#.....###...", "###.....##...##",
                 ".....#.........", ".....#.........", "....##....#...."]  # test_pattern.cc's
        status, answer = self.server.post("/api/pattern", {"rows": 15, "seed": 7})
        self.assertEqual((status, answer), (200, {"rows": seven, "blocks": 39}))
        status, answer = self.server.post("/api/pattern", {"rows": 21, "cols": 15, "density": 0.15, "seed": 3})
        self.assertEqual(status, 200, answer)
        self.assertEqual((len(answer["rows"]), len(answer["rows"][0])), (21, 15))
        self.assertIn(answer["blocks"], (47, 48))  # round(0.15 * 315) = 47, or one more
        for body, message in [
                ({"rows": 40}, "a pattern has 3 to 25 rows and columns, not 40x40"),
                ({"rows": 15, "cols": 2}, "a pattern has 3 to 25 rows and columns, not 15x2"),
                ({"rows": -1}, '"rows" takes an integer in 0..2147483647'),
                ({"cols": 15}, 'the request has no "rows"'),
                ({"rows": 15, "density": 0.9}, 'the share of blocks ("density") is a number from 0 to 0.4'),
                ({"rows": 15, "size": 3}, 'unknown key "size" in the request'),
                ({"rows": 15, "density": 0.4}, None)]:
            status, answer = self.server.post("/api/pattern", body)
            self.assertEqual(status, 400, body)
            if message:
                self.assertEqual(answer["error"], message)
            else:
                self.assertRegex(answer["error"], r"^no legal 15x15 pattern with 90 blocks was found "
                                                  r"\(at most \d+ in 20 tries\): ask for fewer blocks$")
        status, kind, body = self.server.request("GET", "/templates.json")
        self.assertEqual((status, kind), (200, "application/json"))
        templates = json.loads(body)
        self.assertEqual(len(templates), 12)
        self.assertEqual(templates[0]["name"], "NYT 2020-10-12")
        self.assertEqual(sorted({len(t["rows"]) for t in templates}), [15, 21])
        self.assertTrue(all(set(t) == {"name", "source", "licence", "rows"} for t in templates))

    def test_bad_requests(self):
        cases = [
            ("/api/fill", b"{not json", "malformed JSON"),
            ("/api/fill", b"[1, 2]", "not a JSON object"),
            ("/api/fill", {"grid": ["...", ".."]}, "<rows>:2: row has 2 cells, expected 3"),
            ("/api/fill", {"grid": ["." * 26] * 3}, "the grid is 3x26; at most 25x25"),
            ("/api/fill", {"grid": ["..."] * 26}, "at most 25"),
            ("/api/fill", {"grid": ["..."], "options": {"timeout": "soon"}}, "seconds"),
            ("/api/fill", {"grid": ["..."], "options": {"all": True}}, "unknown fill option"),
            ("/api/fill", {"grid": ["a?."]}, "<rows>:1:2: bad character '?'"),
            ("/api/fill", {"grid": ["..."], "color": 1}, "unknown key"),
            ("/api/candidates", {"grid": ["...", "..."], "slot": 9}, "does not exist"),
            ("/api/candidates", {"grid": ["...", "..."], "slot": {"row": 5, "col": 0, "direction": "across"}}, "outside"),
            ("/api/export", {"grid": ["C.T"], "format": "ipuz"}, "filled grid"),
            ("/api/export", {"grid": ["CAT"], "format": "doc"}, "format"),
            ("/api/open", {"name": "x.ipuz", "text": "{\"puzzle\": 3}"}, "x.ipuz"),
        ]
        for path, body, message in cases:
            status, answer = self.server.post(path, body)
            self.assertEqual(status, 400, (path, body, answer))
            self.assertIn(message, answer["error"], (path, body))

    def test_pdf_of_any_text(self):
        """Ordinary text never makes a PDF export fail: a blank line, NUL and DEL in the title,
        emoji, CJK, Greek, Cyrillic and a zero-width joiner in the clues, a 200 KB title, a
        grid holding Ж; nothing of TeX's log in any answer. The clues' words of every script
        are in the PDF's text."""
        status, _, body = self.server.request("GET", "/api/info")
        if not json.loads(body)["pdf"]:
            self.skipTest("no lualatex")
        clues = [{"number": 1, "direction": "across", "text": "Emoji 😀, ZWJ a\u200db, 漢字"},
                 {"number": 1, "direction": "down", "text": "Greek αβγ, Cyrillic Жизнь"}]
        for title, words in [("Blank\n\nline, NUL\u0000 DEL\u007f", ("漢字", "αβγ", "Жизнь",
                                                                 "Blank line, NUL DEL")),
                             ("long " * 40000 + "x" * 20000, ("long long",))]:
            status, kind, body = self.server.request("POST", "/api/export", {
                "grid": ["ЖАР", "АЖЖ", "РЖА"], "format": "pdf", "title": title, "clues": clues},
                timeout=120)
            self.assertEqual((status, kind), (200, "application/pdf"), body[-300:])
            text = subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=body,
                                  stdout=subprocess.PIPE).stdout.decode()
            for word in words:
                self.assertIn(word, " ".join(text.split()))
        status, kind, body = self.server.request("POST", "/api/export", {
            "grid": ["CAT", "ORE", "WET"], "format": "submission", "clues": clues}, timeout=120)
        self.assertEqual((status, kind), (200, "application/pdf"), body[-300:])

    def test_body_limit(self):
        status, kind, body = self.server.request("POST", "/api/fill", b"[" + b" " * (1 << 20) + b"]")
        self.assertEqual(status, 413)
        self.assertIn("error", json.loads(body))

    def test_squares_stream(self):
        status, kind, body = self.server.request("GET", "/api/squares?first=bishop&limit=3")
        self.assertEqual((status, kind), (200, "application/x-ndjson"))
        lines = body.decode().splitlines()
        self.assertEqual(len(lines), 3)
        for line in lines:
            rows = json.loads(line)["rows"]
            self.assertEqual(rows[0], "bishop")
            self.assertEqual(["".join(row[i] for row in rows) for i in range(6)], rows)  # symmetric
        # The same objects as `squares --format jsonl`.
        cli = subprocess.run([SQUARES, "bishop", "--limit", "3", "--format", "jsonl"],
                             capture_output=True, text=True, check=True)
        self.assertEqual(body.decode(), cli.stdout)

    def test_squares_options(self):
        status, _, body = self.server.request("GET", "/api/squares?first=cat&double=1&limit=2&upper")
        self.assertEqual(status, 200, body)
        for line in body.decode().splitlines():
            rows = json.loads(line)["rows"]
            self.assertEqual(rows[0], "CAT")
        status, _, body = self.server.request("GET", "/api/squares?first=cat&rect=2x3&limit=1")
        self.assertEqual(status, 200, body)
        self.assertEqual(len(json.loads(body)["rows"]), 2)
        for query, message in [("first=zzqxj", "not in the dictionary"), ("size=x", "not an integer"),
                               ("first=cat&double&rect=2x3", "exclude"), ("colour=red", "unknown")]:
            status, _, body = self.server.request("GET", "/api/squares?" + query)
            self.assertEqual(status, 400, query)
            self.assertIn(message, json.loads(body)["error"], query)

    def test_squares_arrive_while_searching(self):
        """The first squares of an endless search arrive long before it could end."""
        connection = self.server.connection(timeout=30)
        start = time.monotonic()
        connection.request("GET", "/api/squares?size=6")
        response = connection.getresponse()
        self.assertEqual(response.status, 200)
        first = [json.loads(response.readline()) for _ in range(5)]
        self.assertTrue(all(len(result["rows"]) == 6 for result in first))
        self.assertLess(time.monotonic() - start, 20)
        self.assertFalse(response.isclosed())
        connection.close()


def open_stream(server, query):
    """An unfinished /api/squares stream whose first line has arrived; its socket."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(f"GET /api/squares?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    received = b""
    while b"rows" not in received:
        more = sock.recv(4096)
        if not more:
            raise AssertionError(f"the stream ended early: {received!r}")
        received += more
    return sock


class OneWorker(unittest.TestCase):
    """One worker and no queue: a second request while a search runs is turned away."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server("--threads", "1", "--queue", "0")

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0

    def answered_promptly(self):
        """Whether /api/check is answered 200 within 5 s, tried every 50 ms."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            status, _ = self.server.post("/api/check", {"grid": ["CAT"]})
            if status == 200:
                return True
            time.sleep(0.05)
        return False

    def test_busy_then_disconnect_frees_the_worker(self):
        sock = open_stream(self.server, "size=7")  # years of squares
        response = self.server.exchange("POST", "/api/check", {"grid": ["CAT"]})
        self.assertEqual((response.status, json.loads(response.data)), (503, {"error": "busy"}))
        self.assertEqual(response.getheader("Retry-After"), "2")
        sock.close()
        self.assertTrue(self.answered_promptly())

    def test_disconnect_stops_a_fill(self):
        sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=30)
        # A 7x7 double word square: the default list has none that the engine finds in minutes.
        body = json.dumps({"grid": ["......."] * 7, "options": {"timeout": 600}})
        sock.sendall((f"POST /api/fill HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n{body}").encode())
        time.sleep(1)
        status, answer = self.server.post("/api/check", {"grid": ["CAT"]})
        self.assertEqual((status, answer), (503, {"error": "busy"}))
        sock.close()
        self.assertTrue(self.answered_promptly())


def rss_kb(pid, field):
    """A memory figure of /proc/PID/status (VmRSS, VmHWM) in kB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def raw_exchange(port, head, chunks=(), timeout=30):
    """Sends `head` (bytes) and then `chunks` on a new connection, and reads until the server
    closes it: (what it answered, whether sending was cut short)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    cut = False
    try:
        sock.sendall(head)
        for chunk in chunks:
            sock.sendall(chunk)
    except (BrokenPipeError, ConnectionResetError):
        cut = True
    answer = b""
    try:
        while more := sock.recv(65536):
            answer += more
    except ConnectionResetError:
        pass
    sock.close()
    return answer, cut


class Safety(unittest.TestCase):
    """Only its own page may drive the workbench, and no client holds it."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server("--threads", "1", "--allow-host", "Workbench.Example", "--read-timeout", "1")

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0

    def refused(self, response, status, message):
        self.assertEqual(response.status, status, response.data)
        self.assertEqual(response.getheader("Content-Type"), "application/json")
        self.assertIn(message, json.loads(response.data)["error"])

    def test_host_must_name_this_server(self):
        for host in ["evil.example", f"evil.example:{self.server.port}", "127.0.0.2", "localhost.evil.example"]:
            self.refused(self.server.exchange("GET", "/", headers={"Host": host}), 403, "not this server's name")
            self.refused(self.server.exchange("POST", "/api/check", {"grid": ["CAT"]}, {"Host": host}),
                         403, "--allow-host")
        for host in ["127.0.0.1", f"localhost:{self.server.port}", "[::1]:80", "workbench.example:8080"]:
            self.assertEqual(self.server.exchange("GET", "/api/info", headers={"Host": host}).status, 200, host)
        answer, _ = raw_exchange(self.server.port, b"GET / HTTP/1.0\r\n\r\n")
        self.assertTrue(answer.startswith(b"HTTP/1.1 403 "), answer)

    def test_origin_must_be_its_own(self):
        own = f"http://127.0.0.1:{self.server.port}"
        for origin in ["http://evil.example", f"http://localhost:{self.server.port}", "null",
                       f"http://127.0.0.1:{self.server.port + 1}"]:
            self.refused(self.server.exchange("POST", "/api/check", {"grid": ["CAT"]}, {"Origin": origin}),
                         403, "another site")
            self.refused(self.server.exchange("GET", "/api/info", headers={"Origin": origin}), 403, "another site")
        self.assertEqual(self.server.exchange("POST", "/api/check", {"grid": ["CAT"]}, {"Origin": own}).status, 200)
        self.refused(self.server.exchange("GET", "/api/squares?size=3", headers={"Sec-Fetch-Site": "cross-site"}),
                     403, "Sec-Fetch-Site")
        # The page itself may be opened from a link on any site.
        response = self.server.exchange("GET", "/", headers={"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
        self.assertEqual(response.status, 200)

    def test_post_must_be_json(self):
        for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None]:
            headers = {"Content-Type": kind} if kind else {"Content-Type": ""}
            self.refused(self.server.exchange("POST", "/api/check", b'{"grid": ["CAT"]}', headers), 415,
                         "Content-Type: application/json")
        response = self.server.exchange("POST", "/api/check", b'{"grid": ["CAT"]}',
                                        {"Content-Type": "application/json; charset=utf-8"})
        self.assertEqual(response.status, 200)
        self.refused(self.server.exchange("POST", "/api/check", b"\x1f\x8b", {"Content-Encoding": "gzip"}),
                     415, "compressed")

    def test_framing_headers(self):
        for path in ["/", "/app.js", "/api/info"]:
            response = self.server.exchange("GET", path)
            self.assertEqual(response.status, 200)
            self.assertIn("frame-ancestors 'none'", response.getheader("Content-Security-Policy"))
            self.assertEqual(response.getheader("X-Frame-Options"), "DENY")
            self.assertEqual(response.getheader("X-Content-Type-Options"), "nosniff")
            self.assertEqual(response.getheader("Referrer-Policy"), "no-referrer")
            self.assertIsNone(response.getheader("Access-Control-Allow-Origin"))

    def test_wrong_method_and_options(self):
        for method, path, allow in [("GET", "/api/fill", "POST, OPTIONS"), ("PUT", "/api/check", "POST, OPTIONS"),
                                    ("POST", "/", "GET, HEAD, OPTIONS"), ("DELETE", "/api/info", "GET, HEAD, OPTIONS")]:
            response = self.server.exchange(method, path, b"{}")
            self.refused(response, 405, "only")
            self.assertEqual(response.getheader("Allow"), allow)
        response = self.server.exchange("OPTIONS", "/api/fill", headers={
            "Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
        self.assertEqual((response.status, response.getheader("Allow")), (204, "POST, OPTIONS"))
        self.assertFalse([name for name, _ in response.getheaders() if name.lower().startswith("access-control")])
        self.assertEqual(self.server.exchange("HEAD", "/").status, 200)

    def test_chunked_body_beyond_the_limit(self):
        """20 MB chunked: 413, read and dropped as it comes, never held: 60 MB more leave the
        server's peak memory where 20 MB did (a sanitizer's own overhead comes with the first)."""
        chunk = b"%x\r\n%s\r\n" % (1 << 16, b" " * (1 << 16))
        head = (b"POST /api/export HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n")
        peaks = []
        for megabytes in [20, 60]:
            answer, _ = raw_exchange(self.server.port, head, [chunk] * (megabytes * 16) + [b"0\r\n\r\n"])
            self.assertTrue(answer.startswith(b"HTTP/1.1 413 "), answer[:200])
            self.assertIn(b"too large", answer)
            peaks.append(rss_kb(self.server.process.pid, "VmHWM"))
        self.assertLess(peaks[1] - peaks[0], 8 * 1024, peaks)
        # A Content-Length beyond the limit is refused before its body is sent.
        answer, _ = raw_exchange(self.server.port, head.replace(b"Transfer-Encoding: chunked", b"Content-Length: 20000000"))
        self.assertTrue(answer.startswith(b"HTTP/1.1 413 "), answer[:200])
        # And the server still answers.
        self.assertEqual(self.server.exchange("GET", "/api/info").status, 200)

    def test_slow_client_is_dropped(self):
        """--read-timeout 1: a request's headers sent a byte at a time are cut off after 1 s."""
        for head in [b"", b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n"]:
            sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
            sock.sendall(head)
            start = time.monotonic()
            closed = False
            for byte in b"X-Slow: " + b"x" * 100:
                try:
                    sock.sendall(bytes([byte]))
                    time.sleep(0.1)
                    while sock.recv(4096, socket.MSG_DONTWAIT):  # an answer (400) may come first
                        pass
                    closed = True
                except BlockingIOError:
                    continue
                except (BrokenPipeError, ConnectionResetError):
                    closed = True
                break
            sock.close()
            self.assertTrue(closed, head)
            self.assertLess(time.monotonic() - start, 1.8, head)  # not a second round of 1 s


    def test_slow_clients_hold_no_thread(self):
        """Requests still half sent wait without a thread: 20 of them leave --connections 2 free."""
        server = Server("--connections", "2")
        try:
            slow = [socket.create_connection(("127.0.0.1", server.port), timeout=10) for _ in range(20)]
            for sock in slow:
                sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            for _ in range(5):
                start = time.monotonic()
                self.assertEqual(server.exchange("GET", "/api/info").status, 200)
                self.assertLess(time.monotonic() - start, 1)
            for sock in slow:  # and each is answered once its head is whole
                sock.sendall(b"\r\n")
                self.assertTrue(sock.recv(4096).startswith(b"HTTP/1.1 200 "))
                sock.close()
        finally:
            server.stop()


class Token(unittest.TestCase):
    """On every address (0.0.0.0), a random token: in the printed address, then a cookie or a header."""

    @classmethod
    def setUpClass(cls):
        cls.server = Server("--threads", "1", "--host", "0.0.0.0", host="0.0.0.0")

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0

    def test_token_flow(self):
        token = self.server.token
        self.assertRegex(token, r"^[0-9a-f]{48}$")
        # One character off: the last, changed to another hex digit.
        wrong = token[:-1] + ("1" if token[-1] == "0" else "0")
        for headers in [{}, {"Authorization": "Bearer " + wrong}, {"X-Squares-Token": token.upper()},
                        {"Cookie": f"squares_token_{self.server.port + 1}={token}"}]:
            response = self.server.exchange("GET", "/api/info", headers=headers)
            self.assertEqual(response.status, 403, headers)
            self.assertIn("token", json.loads(response.data)["error"])
        self.assertEqual(self.server.exchange("GET", "/").status, 403)
        # The page's address as printed: the answer stores the token in a cookie for this port.
        page = self.server.exchange("GET", f"/?token={token}")
        self.assertEqual(page.status, 200)
        cookie = page.getheader("Set-Cookie")
        self.assertEqual(cookie, f"squares_token_{self.server.port}={token}; Path=/; HttpOnly; SameSite=Strict")
        for headers in [{"Cookie": f"theme=dark; squares_token_{self.server.port}={token}"},
                        {"Authorization": f"Bearer {token}"}, {"X-Squares-Token": token}]:
            self.assertEqual(self.server.exchange("GET", "/api/info", headers=headers).status, 200, headers)
            response = self.server.exchange("POST", "/api/check", {"grid": ["CAT"]}, headers)
            self.assertEqual(response.status, 200, headers)
        stream = self.server.exchange("GET", f"/api/squares?size=2&limit=1&token={token}")
        self.assertEqual(stream.status, 200, stream.data)
        # The token is printed once, on stdout, and nowhere else.
        self.server.process.send_signal(signal.SIGTERM)
        self.server.process.wait(timeout=20)
        self.assertNotIn(token, self.server.process.stderr.read())

    def test_given_token_on_loopback(self):
        server = Server("--token", "secret-word.1")
        try:
            self.assertEqual(server.token, "secret-word.1")
            self.assertEqual(server.exchange("GET", "/api/info").status, 403)
            self.assertEqual(server.exchange("GET", "/api/info", headers={"X-Squares-Token": "secret-word.1"}).status, 200)
        finally:
            server.stop()
        result = subprocess.run([SQUARES, "serve", "--token", "a b"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--token", result.stderr)


class Limits(unittest.TestCase):
    """--queue-wait and --connections: a request waits so long for a worker, and one beyond the
    requests served and waiting is answered busy at once."""

    def test_queue_wait_then_turned_away(self):
        server = Server("--threads", "1", "--queue", "4", "--queue-wait", "0.5", "--connections", "2")
        sockets = []
        try:
            def send(head, body=""):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
                sock.sendall((head + "Host: 127.0.0.1\r\nContent-Type: application/json\r\n\r\n" + body).encode())
                sockets.append(sock)

            fill = json.dumps({"grid": ["......."] * 7, "options": {"timeout": 600}})
            send(f"POST /api/fill HTTP/1.1\r\nContent-Length: {len(fill)}\r\n", fill)  # holds the worker
            time.sleep(0.5)
            start = time.monotonic()
            response = server.exchange("POST", "/api/check", {"grid": ["CAT"]})
            waited = time.monotonic() - start
            self.assertEqual((response.status, json.loads(response.data)), (503, {"error": "busy"}))
            self.assertEqual(response.getheader("Retry-After"), "2")
            self.assertTrue(0.5 <= waited < 3, waited)
            # Both serving threads held (the fill; a request whose body does not come), two whole
            # heads waiting for them: the next request is answered busy at once.
            send("POST /api/check HTTP/1.1\r\nContent-Length: 100\r\n")
            time.sleep(0.3)  # taken by the second thread
            for _ in range(2):
                send("GET /api/info HTTP/1.1\r\n")
            time.sleep(0.3)
            start = time.monotonic()
            response = server.exchange("GET", "/api/info")
            self.assertEqual((response.status, json.loads(response.data)), (503, {"error": "busy"}))
            self.assertLess(time.monotonic() - start, 1)
        finally:
            for sock in sockets:
                sock.close()
            server.stop()


class Command(unittest.TestCase):
    def test_usage(self):
        for args in [["--port", "70000"], ["extra"], ["--threads", "0"], ["--nope"]]:
            result = subprocess.run([SQUARES, "serve", *args], capture_output=True, text=True, timeout=30)
            self.assertEqual(result.returncode, 2, args)
            self.assertTrue(result.stderr.startswith("squares: "), result.stderr)
        result = subprocess.run([SQUARES, "serve", "--help"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 0)
        self.assertIn("--port", result.stdout)

    def test_server_missing(self):
        # squares alone (what scripts/setup.sh builds): serve says what to build.
        with tempfile.TemporaryDirectory() as folder:
            alone = os.path.join(folder, "squares")
            shutil.copy(SQUARES, alone)
            result = subprocess.run([alone, "serve", "--port", "0"], capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, f"squares: serve: cannot run {folder}/serve/squares-serve: No such file "
                                        "or directory (in a build tree, 'ninja -C build' builds it)\n")

    def test_bad_dictionary(self):
        result = subprocess.run([SQUARES, "serve", "--dict", "/nonexistent/words.txt"],
                                capture_output=True, text=True, timeout=30)
        self.assertEqual(result.returncode, 1)
        self.assertIn("/nonexistent/words.txt", result.stderr)

    def test_other_host_warns_and_sigint_stops(self):
        process = subprocess.Popen([SQUARES, "serve", "--port", "0", "--host", "0.0.0.0"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            self.assertRegex(process.stdout.readline(), r"^squares: serving http://0\.0\.0\.0:\d+/\?token=[0-9a-f]{48}$")
            process.send_signal(signal.SIGINT)
            self.assertEqual(process.wait(timeout=20), 0)
            self.assertIn("warning", process.stderr.read())
        finally:
            process.kill()
            process.wait()
            process.stdout.close()
            process.stderr.close()

    def test_signal_right_after_start(self):
        """A signal as soon as the address is printed (before the server listens) still stops it."""
        for k in range(10):
            server = Server()
            try:
                server.process.send_signal(signal.SIGINT if k % 2 else signal.SIGTERM)
                self.assertEqual(server.process.wait(timeout=10), 0, k)
            finally:
                server.stop()

    def test_port_in_use(self):
        server = Server()
        try:
            result = subprocess.run([SQUARES, "serve", "--port", str(server.port)],
                                    capture_output=True, text=True, timeout=30)
            self.assertEqual(result.returncode, 1)
            self.assertIn("cannot listen", result.stderr)
        finally:
            server.stop()


if __name__ == "__main__":
    SQUARES, DATA = sys.argv[1], sys.argv[2]
    unittest.main(argv=sys.argv[:1] + sys.argv[3:], verbosity=2)
