#!/usr/bin/env python3
"""The workbench's HTTP API (`squares serve`): statuses and bodies of every route, streaming,
a client's disconnect stopping its search, the limits (400, 404, 405, 413, 503), who may drive
it (Host, Origin, JSON, the token), slow and oversized clients, and a clean stop.

Usage: serve_test.py SQUARES DATA_DIR
"""
import base64
import http.client
import json
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.parse

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


def as_json(query):
    """A query string's parameters as /api/squares's JSON body ("a=1&b" is {"a": "1", "b": ""})."""
    return dict(urllib.parse.parse_qsl(query, keep_blank_values=True))


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

    def test_prove_verdict_agrees_with_fill(self):
        # The verdict after arc consistency, against `squares fill --any` on 15x15s: as given,
        # and with a rare letter placed (dead grids that arc consistency passes, a live one;
        # found by scripts/bench-serve.sh verdicts). Unknown is allowed, a wrong verdict not.
        def rows_of(*parts):
            with open(os.path.join(DATA, *parts)) as f:
                return [line.rstrip("\n") for line in f if line.strip()]

        theme = rows_of("grids", "theme-15x15.txt")
        phil = rows_of("..", "..", "data", "templates", "phil-1.txt")

        def placed(rows, r, c, letter):
            rows = list(rows)
            rows[r] = rows[r][:c] + letter + rows[r][c + 1:]
            return rows

        grids = [theme, placed(theme, 1, 4, "Z"), placed(theme, 8, 10, "X"), placed(phil, 11, 2, "J")]
        verdicts = []
        for rows in grids:
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write("\n".join(rows) + "\n")
            try:
                code = subprocess.run([SQUARES, "fill", "--any", "--threads", "1", "--timeout", "60", f.name],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
            finally:
                os.unlink(f.name)
            self.assertIn(code, (0, 3), rows)
            status, answer = self.server.post("/api/prove", {"grid": rows, "options": {"seconds": 5}})
            self.assertEqual(status, 200, answer)
            verdict = answer["verdict"]
            expected = "fillable" if code == 0 else "impossible"
            self.assertIn(verdict["verdict"], (expected, "unknown"), (rows, answer["message"]))
            if verdict["verdict"] == "fillable":
                self.assertEqual(len(verdict["fill"]), 225)
                self.assertEqual(answer["message"], "")
            if verdict["verdict"] == "impossible":
                self.assertTrue(answer["consistent"])  # arc consistency passed these
                self.assertTrue(verdict["conflict"], answer)
                self.assertIsInstance(verdict["minimal"], bool)
                self.assertRegex(answer["message"], r"^no fill: a search ruled out every way in ")
            verdicts.append((code, verdict["verdict"]))
        self.assertEqual([code for code, _ in verdicts], [0, 3, 3, 0])
        # With no search, only arc consistency: consistent, and unknown.
        status, answer = self.server.post("/api/prove", {"grid": grids[1], "options": {"seconds": 0}})
        self.assertEqual((answer["consistent"], answer["verdict"]["verdict"]), (True, "unknown"))

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
            # Time enough for the checks on a loaded machine under the sanitizers (a word with
            # a fill ends its check at the fill).
            "options": {"max-words": 30, "max-checked": 5, "seconds-per-word": 5}})
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
        # Every word says why, in the constructor's words (no search internals).
        for w in words:
            self.assertRegex(w["reason"], r"^(a fill of the grid with it exists|a search proved|with it, |"
                                          r"no word of |not decided|not searched)", w)
            self.assertNotRegex(w["reason"], r"nodes|--", w)
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

    def test_candidates_stream_of_no_word(self):
        """A complete entry not in the list has no candidates: the stream still names the slot."""
        status, _, body = self.server.request("POST", "/api/candidates/stream", {"grid": ["QZX", "..."], "slot": 0})
        self.assertEqual(status, 200, body)
        lines = [json.loads(line) for line in body.decode().splitlines()]
        self.assertEqual(lines[0]["slot"]["name"], "1 Across")
        self.assertEqual(lines[0]["words"], [])
        self.assertEqual(lines[-1], {"done": True, "undecided": []})

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

    def test_export_unfilled(self):
        """A grid with empty cells exports (ipuz without a solution, .puz saying it has none),
        and the ipuz opens again with its empty cells, its clues (empty ones empty) and its
        title; a letter beyond ASCII in a partly filled grid exports; xd refuses, naming itself."""
        rows = ["...", ".#.", "..."]
        clues = [{"number": 1, "direction": "across", "text": "Top"}]
        status, kind, body = self.server.request("POST", "/api/export", {
            "grid": rows, "format": "ipuz", "clues": clues, "title": "Blank"})
        self.assertEqual((status, kind), (200, "application/json"), body)
        ipuz = json.loads(body)
        self.assertNotIn("solution", ipuz)
        self.assertEqual(ipuz["clues"], {"Across": [[1, "Top"], [3, ""]], "Down": [[1, ""], [2, ""]]})
        status, opened = self.server.post("/api/open", {"name": "blank.ipuz", "text": body.decode()})
        self.assertEqual(status, 200, opened)
        self.assertEqual((opened["grid"], opened["title"]), (rows, "Blank"))
        self.assertEqual(opened["clues"], [
            {"number": 1, "direction": "across", "text": "Top"},
            {"number": 3, "direction": "across", "text": ""},
            {"number": 1, "direction": "down", "text": ""},
            {"number": 2, "direction": "down", "text": ""}])
        status, kind, body = self.server.request("POST", "/api/export", {"grid": rows, "format": "puz"})
        self.assertEqual(status, 200, body)
        self.assertEqual((body[0x32:0x34], body[0x34:0x34 + 9]), (b"\x02\x00", b"XXXX.XXXX"))
        partly = ["ÉT.", ".#.", "..Ж"]
        status, kind, body = self.server.request("POST", "/api/export", {"grid": partly, "format": "ipuz"})
        self.assertEqual(status, 200, body)
        self.assertEqual(json.loads(body)["solution"], [["É", "T", 0], [0, "#", 0], [0, 0, "Ж"]])
        status, opened = self.server.post("/api/open", {"name": "partly.ipuz", "text": body.decode()})
        self.assertEqual(opened["grid"], partly)
        for format, marker in [("svg", b"<svg"), ("jpz", b"<cell"), ("exolve", b"exolve-grid"),
                               ("latex", b"\\begin{Puzzle}")]:
            status, kind, body = self.server.request("POST", "/api/export", {"grid": partly, "format": format})
            self.assertEqual(status, 200, (format, body[:300]))
            self.assertIn(marker, body, format)
        status, answer = self.server.post("/api/export", {"grid": partly, "format": "xd"})
        self.assertEqual(status, 400)
        self.assertTrue(answer["error"].startswith("xd: the grid has 5 empty cells"), answer)

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

    # A 3x3 puzzle with all a cell holds: a rebus, a circle, a shading, a bar, a void, a given
    # letter; its info and its clues with an enumeration.
    PUZZLE = {
        "cells": [[{"solution": "STAR", "circled": True}, {"solution": "E"}, {"solution": "N"}],
                  [{"solution": "A", "shaded": True}, {"kind": "block"}, {"solution": "O", "given": "O"}],
                  [{"solution": "T", "bar-right": True}, {"solution": "O"}, {"solution": "W"}]],
        "info": {"title": "Marked", "author": "Ann Author", "editor": "Ed", "copyright": "(c) 2026",
                 "date": "2026-11-29", "notes": "Circles spell nothing.", "publisher": "Pub"},
        "clues": [{"number": 1, "direction": "across", "text": "Bright body", "enumeration": "4,1,1"},
                  {"number": 1, "direction": "down", "text": "Beginning", "enumeration": "6"}],
    }
    # The same with one letter in each cell, for the formats that have no rebus yet.
    PLAIN = {**PUZZLE, "cells": [[{**PUZZLE["cells"][0][0], "solution": "S"}, *PUZZLE["cells"][0][1:]],
                                 *PUZZLE["cells"][1:]]}

    def open_document(self, name, body):
        """/api/open of a document's bytes: as text when they are UTF-8, else as base64."""
        try:
            return self.server.post("/api/open", {"name": name, "text": body.decode("utf-8")})
        except UnicodeDecodeError:
            return self.server.post("/api/open", {"name": name, "base64": base64.b64encode(body).decode()})

    def test_open_answers_the_puzzle(self):
        """/api/open answers the whole puzzle: rebus cells, voids, the format found; the fields
        of earlier pages beside it."""
        status, opened = self.server.post("/api/open", {"name": "r.txt", "text": "[STAR]E.\n_#.\n...\n"})
        self.assertEqual(status, 200, opened)
        self.assertEqual(opened["puzzle"]["cells"][0][:2], [{"solution": "STAR"}, {"solution": "E"}])
        self.assertEqual(opened["puzzle"]["cells"][1][:2], [{"kind": "void"}, {"kind": "block"}])
        self.assertEqual((opened["format"], opened["warnings"], opened["locked"]), ("plain rows", [], False))
        self.assertEqual(opened["grid"], ["[STAR]E.", "_#.", "..."])
        self.assertEqual(set(opened["puzzle"]["info"]),
                         {"title", "author", "editor", "copyright", "date", "notes", "publisher"})
        # The same text as base64; base64 that is not is refused, naming the character.
        status, again = self.server.post("/api/open", {"name": "r.txt", "base64": base64.b64encode(
            "[STAR]E.\n_#.\n...\n".encode()).decode()})
        self.assertEqual((status, again), (200, opened))
        status, answer = self.server.post("/api/open", {"name": "r.puz", "base64": "AB*C"})
        self.assertEqual((status, answer["error"]), (400, '"base64" is not base64: character 3 is "*"'))

    def test_open_zipped_jpz(self):
        """A zipped .jpz (Python's zipfile), sent as base64 as the page sends it, opens as the
        XML inside does; a damaged one is refused naming the file and the problem."""
        import io
        import zipfile
        with open(os.path.join(DATA, "puzzles", "tiny.jpz"), "rb") as f:
            xml = f.read()
        archive = io.BytesIO()
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("tiny.xml", xml)
        status, plain = self.open_document("tiny.jpz", xml)
        self.assertEqual(status, 200, plain)
        status, zipped = self.open_document("tiny.jpz", archive.getvalue())
        self.assertEqual(status, 200, zipped)
        self.assertEqual((zipped["format"], zipped["puzzle"]), ("jpz", plain["puzzle"]))
        status, answer = self.open_document("tiny.jpz", archive.getvalue()[:100])
        self.assertEqual(status, 400, answer)
        self.assertIn("tiny.jpz: jpz: a zipped .jpz: a truncated or damaged ZIP archive",
                      answer["error"])

    def test_export_the_puzzle(self):
        """An export of a "puzzle" keeps its rebus, marks and info (ipuz, .puz); what a format
        cannot hold is said in X-Squares-Warnings; fields beside the puzzle win."""
        response = self.server.exchange("POST", "/api/export", {"puzzle": self.PUZZLE, "format": "ipuz"})
        self.assertEqual(response.status, 200, response.data)
        ipuz = json.loads(response.data)
        self.assertEqual([ipuz[key] for key in ("title", "author", "copyright", "notes", "date")],
                         ["Marked", "Ann Author", "(c) 2026", "Circles spell nothing.", "2026-11-29"])
        self.assertEqual(ipuz["solution"][0][0], "STAR")
        self.assertEqual(ipuz["puzzle"][0][0]["style"]["shapebg"], "circle")
        self.assertIn("color", ipuz["puzzle"][1][0]["style"])
        self.assertEqual(ipuz["clues"]["Across"][0][1 if isinstance(ipuz["clues"]["Across"][0], list) else "clue"],
                         "Bright body")
        response = self.server.exchange("POST", "/api/export", {"puzzle": self.PLAIN, "format": "puz",
                                                                "author": "Other"})
        self.assertEqual(response.status, 200, response.data)
        strings = response.data[0x34 + 2 * 9:].split(b"\0")
        self.assertEqual(strings[:3], [b"Marked", b"Other", b"(c) 2026"])
        self.assertIn(b"Circles spell nothing.", response.data)
        warnings = json.loads(response.getheader("X-Squares-Warnings"))
        self.assertTrue(any("shaded" in warning for warning in warnings), warnings)
        self.assertTrue(response.getheader("X-Squares-Warnings").isascii())

    def test_every_format_exports_and_opens(self):
        """The puzzle in every format the page exports, and opened again where the server reads
        the format (a reader's own error names its format; one with none is skipped): the same
        grid, title and author, and the circle where the reader reads circles."""
        for format, name in [("ipuz", "m.ipuz"), ("puz", "m.puz"), ("jpz", "m.jpz"), ("xd", "m.xd"),
                             ("exolve", "m.html"), ("across-text", "m.txt")]:
            with self.subTest(format=format):
                status, _, body = self.server.request("POST", "/api/export", {"puzzle": self.PLAIN, "format": format})
                self.assertEqual(status, 200, (format, body[:300]))
                status, opened = self.open_document(name, body)
                if status != 200 and not opened["error"].startswith(f"{name}: {format}"):
                    self.skipTest(f"this server reads no {format}: {opened['error']}")
                self.assertEqual(status, 200, opened)
                self.assertEqual(opened["grid"], ["SEN", "A#O", "TOW"])
                info = opened["puzzle"]["info"]
                self.assertEqual((info["title"], info["author"]), ("Marked", "Ann Author"))

    def test_ipuz_round_trip_keeps_everything(self):
        """ipuz holds all a puzzle has: exported and opened again, the same puzzle."""
        status, _, body = self.server.request("POST", "/api/export", {"puzzle": self.PUZZLE, "format": "ipuz"})
        self.assertEqual(status, 200, body)
        status, opened = self.open_document("m.ipuz", body)
        if status == 400 and "rebus cells are not supported" in opened["error"] or \
                status == 200 and not opened["puzzle"]["cells"][0][0].get("circled"):
            self.skipTest(f"this server's ipuz reader reads no rebus or no circles: {opened}")
        self.assertEqual((status, opened["format"]), (200, "ipuz"), opened)
        self.assertEqual(opened["puzzle"]["cells"], self.PUZZLE["cells"])
        self.assertEqual(opened["puzzle"]["info"], self.PUZZLE["info"])

    def test_searches_take_the_puzzle(self):
        """fill, candidates, prove and check take a "puzzle": its bars cut the entries."""
        cells = [[{"bar-right": True}, {}, {}, {}] for _ in range(4)]
        status, answer = self.server.post("/api/candidates", {"puzzle": {"cells": cells}, "slot": 0})
        self.assertEqual(status, 200, answer)
        self.assertEqual((answer["slot"]["name"], answer["slot"]["length"]), ("2 Across", 3))
        status, answer = self.server.post("/api/candidates", {
            "puzzle": {"cells": cells}, "slot": {"row": 0, "col": 0, "direction": "down"}})
        self.assertEqual((status, answer["slot"]["name"], answer["slot"]["pattern"]), (200, "1 Down", "...."), answer)
        status, answer = self.server.post("/api/prove", {"puzzle": {"cells": cells}})
        self.assertEqual((status, len(answer["letters"])), (200, 16), answer)
        status, answer = self.server.post("/api/fill", {"puzzle": {"cells": cells}, "options": {"any": True}})
        self.assertEqual((status, answer["status"]), (200, "filled"), answer)
        self.assertEqual([len(word) for word in answer["across"]], [3, 3, 3, 3])
        status, answer = self.server.post("/api/check", {"puzzle": {"cells": cells}})
        self.assertEqual((status, answer["filled"]), (200, False))

    def test_bad_puzzles(self):
        """Each field of a "puzzle" checked; the message names it, its row and column."""
        ok = [[{}, {}], [{}, {}]]
        for puzzle, message in [
                ([], '"puzzle" is not a JSON object'),
                ({}, '"puzzle" has no "cells"'),
                ({"cells": ok, "size": 2}, 'unknown key "size" in "puzzle"'),
                ({"cells": [[{}, {}], [{}]]}, '"cells": row 2 is not an array of 2 cells, as row 1 is'),
                ({"cells": [[{}] * 26]}, '"cells" takes rows of cells: 1 to 25 arrays of 1 to 25 cells'),
                ({"cells": [[{}, {"kind": "wall"}], [{}, {}]]},
                 'the cell at row 1, column 2: "kind" takes "white", "block" or "void", not "wall"'),
                ({"cells": [[{}, {"circled": 1}], [{}, {}]]}, '"circled" takes true or false'),
                ({"cells": [[{}, {"colour": "red"}], [{}, {}]]}, 'unknown key "colour" in the cell at row 1, column 2'),
                ({"cells": [[{}, {"solution": "A" * 65}], [{}, {}]]},
                 'the cell at row 1, column 2: "solution" has 65 bytes; a cell holds at most 64'),
                ({"cells": [[{}, {"solution": "A1"}], [{}, {}]]}, "row 1, column 2"),
                ({"cells": ok, "info": {"title": 3}}, '"title" takes a string'),
                ({"cells": ok, "info": {"subtitle": ""}}, 'unknown key "subtitle" in "info"'),
                ({"cells": ok, "clues": [{"number": 1, "direction": "across", "enumeration": 5}]},
                 '"enumeration" takes a string'),
                ({"cells": [[{}, {"kind": "block"}], [{"kind": "block"}, {}]]},
                 "row 1, column 1: isolated cell (in no slot)")]:
            with self.subTest(puzzle=puzzle):
                status, answer = self.server.post("/api/export", {"puzzle": puzzle, "format": "ipuz"})
                self.assertEqual(status, 400, answer)
                self.assertTrue(answer["error"].startswith(message), (answer["error"], message))
        status, answer = self.server.post("/api/fill", {"grid": ["AB", "CD"], "puzzle": {"cells": ok}})
        self.assertEqual((status, answer["error"]), (400, 'the request takes "grid" or "puzzle", not both'))

    def test_pattern_and_templates(self):
        seven = ["....#....##....", ".........#.....", ".........#.....", "##...##.....###",
                 "...###.....#...", "........#......", ".........##....", ".......#.......",
                 "....##.........", "......#........", "...#.....###...", "###.....##...##",
                 ".....#.........", ".....#.........", "....##....#...."]  # test_pattern.cc's
        status, answer = self.server.post("/api/block-pattern", {"rows": 15, "seed": 7})
        self.assertEqual((status, answer), (200, {"rows": seven, "blocks": 39}))
        status, answer = self.server.post("/api/block-pattern", {"rows": 21, "cols": 15, "density": 0.15, "seed": 3})
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
            status, answer = self.server.post("/api/block-pattern", body)
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
            ("/api/fill", {"grid": ["...", ".."]}, "row 2: row has 2 cells, expected 3"),
            ("/api/fill", {"grid": ["." * 26] * 3}, "the grid is 3x26; at most 25x25"),
            ("/api/fill", {"grid": ["..."] * 26}, "at most 25"),
            ("/api/fill", {"grid": ["..."], "options": {"timeout": "soon"}}, "seconds"),
            ("/api/fill", {"grid": ["..."], "options": {"all": True}}, "unknown fill option"),
            ("/api/fill", {"grid": ["a?."]}, "row 1, column 2: bad character '?'"),
            ("/api/fill", {"grid": ["..."], "color": 1}, "unknown key"),
            ("/api/candidates", {"grid": ["...", "..."], "slot": 9}, "does not exist"),
            ("/api/candidates", {"grid": ["...", "..."], "slot": {"row": 5, "col": 0, "direction": "across"}}, "outside"),
            ("/api/export", {"grid": ["C.T"], "format": "across-text"}, "across-text: the grid has 1 empty cell"),
            ("/api/export", {"grid": ["CAT"], "format": "doc"}, "format"),
            ("/api/open", {"name": "x.ipuz", "text": "{\"puzzle\": 3}"}, "x.ipuz"),
        ]
        for path, body, message in cases:
            status, answer = self.server.post(path, body)
            self.assertEqual(status, 400, (path, body, answer))
            self.assertIn(message, answer["error"], (path, body))

    def test_messages_in_constructors_words(self):
        """What the page may show names the problem in a constructor's words: no command-line
        flag, no file name made up for the grid (<rows>), no search internals."""
        command_line = re.compile(r"--|<[a-z]+>|nodes|exhausted")
        refused = [
            ("/api/fill", {"grid": ["...", ".."]}, "row 2: row has 2 cells, expected 3"),
            ("/api/fill", {"grid": ["a?."]}, "row 1, column 2: bad character '?'"),
            ("/api/fill", {"grid": ["#a", "b#"]}, "row 1, column 2: isolated cell (in no slot)"),
            ("/api/fill", {"grid": [""]}, "row 1: empty row"),
            ("/api/check", {"grid": [".\u00ff\u0000"]}, "row 1, column 3"),
            ("/api/prove", {"grid": ["...", "....", "..."]}, "row 2: row has 4 cells, expected 3"),
            ("/api/candidates", {"grid": ["..", "?."], "slot": 0}, "row 2, column 1: bad character"),
            ("/api/prove", {"grid": ["..Ж", "...", "..."]}, "row 1, column 3: letter 'Ж' is not in the dictionary's alphabet"),
            ("/api/fill", {"grid": ["...", ".Ж.", "..."]}, "row 2, column 2: letter 'Ж'"),
            ("/api/lists", {"text": "cat;5\ndog;x\n"}, "line 2: bad score 'x'"),
        ]
        for path, body, message in refused:
            status, answer = self.server.post(path, body)
            self.assertEqual(status, 400, (path, body, answer))
            self.assertTrue(answer["error"].startswith(message), (path, body, answer))
            self.assertNotRegex(answer["error"], command_line)
        for query, message in [("first=cat&pattern=...", "the pattern has 1 row, expected 3"),
                               ("first=cat&pattern=a/b/c/d", "the pattern has 4 rows, expected 3"),
                               ("pattern=abc/de", "pattern row 1 has 3 cells, expected 2"),
                               ("first=qqqq", "'qqqq' is not in the dictionary")]:
            status, _, body = self.server.request("POST", "/api/squares", as_json(query))
            self.assertEqual(status, 400, (query, body))
            error = json.loads(body)["error"]
            self.assertTrue(error.startswith(message), (query, error))
            self.assertNotRegex(error, command_line)
        # A fill that fails names the entry, or says in a sentence that no fill exists; its
        # notes name no made-up file.
        for grid, message in [(["zzz", "...", "..."], "impossible: 4 Across (row 2, column 1, 3 letters"),
                              (["Q..", "...", "..."], "impossible: no fill exists (every way of filling it was tried)")]:
            status, answer = self.server.post("/api/fill", {"grid": grid, "options": {"any": True}})
            self.assertEqual((status, answer["status"]), (200, "impossible"), answer)
            self.assertTrue(answer["message"].startswith(message), answer)
            for text in [answer["message"], *answer.get("notes", [])]:
                self.assertNotRegex(text, command_line)
        status, answer = self.server.post("/api/fill", {"grid": ["zzz", "...", "..."], "options": {"any": True}})
        self.assertEqual(answer["notes"], ["1 Across ZZZ is not in the word list: kept as given"])
        # A letter beyond Latin-1 is a .puz's rebus cell (version 2.0, its letters in RTBL).
        status, _, body = self.server.request("POST", "/api/export", {"grid": ["ŁAD"], "format": "puz"})
        self.assertEqual(status, 200, body)
        self.assertEqual(body[0x18:0x1c], b"2.0\0")
        self.assertIn(" 0:Ł;".encode(), body)

    def test_pdf_of_any_text(self):
        """Ordinary text never makes a PDF export fail: a blank line, NUL and DEL in the title,
        emoji, CJK, Greek, Cyrillic and a zero-width joiner in the clues, a 200 KB title, a
        grid holding Ж; nothing of TeX's log in any answer. The clues' words of every script
        are in the PDF's text, after the whole title (once, a title too long for a page pushed
        them off it)."""
        status, _, body = self.server.request("GET", "/api/info")
        if not json.loads(body)["pdf"]:
            self.skipTest("no lualatex")
        clues = [{"number": 1, "direction": "across", "text": "Emoji 😀, ZWJ a\u200db, 漢字"},
                 {"number": 1, "direction": "down", "text": "Greek αβγ, Cyrillic Жизнь"}]
        title = "Blank\n\nline, NUL\u0000 DEL\u007f " + "long " * 40000 + "x" * 20000
        status, kind, body = self.server.request("POST", "/api/export", {
            "grid": ["ЖАР", "АЖЖ", "РЖА"], "format": "pdf", "title": title, "clues": clues},
            timeout=120)
        self.assertEqual((status, kind), (200, "application/pdf"), body[-300:])
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=body,
                              stdout=subprocess.PIPE).stdout.decode()
        for word in ("漢字", "αβγ", "Жизнь", "Blank line, NUL DEL long long"):
            self.assertIn(word, " ".join(text.split()))
        status, kind, body = self.server.request("POST", "/api/export", {
            "grid": ["CAT", "ORE", "WET"], "format": "submission", "clues": clues}, timeout=120)
        self.assertEqual((status, kind), (200, "application/pdf"), body[-300:])

    def test_body_limit(self):
        status, kind, body = self.server.request("POST", "/api/fill", b"[" + b" " * (1 << 20) + b"]")
        self.assertEqual(status, 413)
        self.assertIn("error", json.loads(body))

    def test_squares_stream(self):
        status, kind, body = self.server.request("POST", "/api/squares", {"first": "bishop", "limit": 3})
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
        status, _, body = self.server.request("POST", "/api/squares", {"first": "cat", "double": True, "limit": 2, "upper": ""})
        self.assertEqual(status, 200, body)
        for line in body.decode().splitlines():
            rows = json.loads(line)["rows"]
            self.assertEqual(rows[0], "CAT")
        status, _, body = self.server.request("POST", "/api/squares", {"first": "cat", "rect": "2x3", "limit": "1"})
        self.assertEqual(status, 200, body)
        self.assertEqual(len(json.loads(body)["rows"]), 2)
        for query, message in [("first=zzqxj", "not in the dictionary"), ("size=x", "not an integer"),
                               ("first=cat&double&rect=2x3", "exclude"), ("colour=red", "unknown")]:
            status, _, body = self.server.request("POST", "/api/squares", as_json(query))
            self.assertEqual(status, 400, query)
            self.assertIn(message, json.loads(body)["error"], query)

    def test_squares_arrive_while_searching(self):
        """The first squares of an endless search arrive long before it could end."""
        connection = self.server.connection(timeout=30)
        start = time.monotonic()
        connection.request("POST", "/api/squares", body='{"size": 6}', headers={"Content-Type": "application/json"})
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
    body = json.dumps(as_json(query)).encode()
    sock.sendall(f"POST /api/squares HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    received = b""
    while b"rows" not in received:
        more = sock.recv(4096)
        if not more:
            raise AssertionError(f"the stream ended early: {received!r}")
        received += more
    return sock


SMALL_LIST = "cat;5\ncot;3\ncut;9\ncoat;1\nchat;2\ncrab;4\n"


class WordLists(unittest.TestCase):
    """The lists a request names: given (--dict, the embedded one), uploaded, changed."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp()
        for name, text in [("small.txt", SMALL_LIST), ("plain.txt", "ab\nba\nabc\n")]:
            with open(os.path.join(cls.folder, name), "w") as file:
                file.write(text)
        cls.server = Server("--threads", "1", "--dict", os.path.join(cls.folder, "small.txt"),
                            "--dict", os.path.join(cls.folder, "plain.txt"))

    @classmethod
    def tearDownClass(cls):
        assert cls.server.stop() == 0
        shutil.rmtree(cls.folder)

    def pattern(self, pattern, list_id="small.txt", limit=None):
        body = {"pattern": pattern, "list": list_id}
        if limit is not None:
            body["limit"] = limit
        return self.server.post("/api/pattern", body)

    def upload(self, text, name="mine.txt", **more):
        return self.server.post("/api/lists", {"name": name, "text": text, **more})

    def test_export_quality(self):
        """jsonl and ipuz exports carry the fill's quality on the list named, as `squares fill`
        writes it; an export to another format takes the list and has none."""
        status, answer = self.upload("cat;50\nore;40\nwet;30\ncow;20\nare;10\ntet;60\n",
                                     name="scored.txt")
        self.assertEqual(status, 200, answer)
        body = {"grid": ["CAT", "ORE", "WET"], "list": answer["id"]}
        want = {"worst": "ARE", "worst_score": 10, "mean_score": 35}
        status, _, ipuz = self.server.request("POST", "/api/export", {**body, "format": "ipuz"})
        self.assertEqual(status, 200, ipuz)
        quality = json.loads(ipuz)["squares:quality"]
        self.assertEqual({k: quality[k] for k in want}, want, quality)
        status, _, jsonl = self.server.request("POST", "/api/export", {**body, "format": "jsonl"})
        self.assertEqual(status, 200, jsonl)
        quality = json.loads(jsonl)["quality"]
        self.assertEqual({k: quality[k] for k in want}, want, quality)
        status, _, xd = self.server.request("POST", "/api/export", {**body, "format": "xd"})
        self.assertEqual(status, 200, xd)
        self.assertNotIn(b"quality", xd)

    def test_info_lists_the_given_lists(self):
        status, _, body = self.server.request("GET", "/api/info")
        info = json.loads(body)
        self.assertEqual(status, 200)
        self.assertEqual(info["lists"][:2], [
            {"id": "small.txt", "name": "small.txt", "kind": "given", "words": 6, "scored": True,
             "better": "higher", "language": "en"},
            {"id": "plain.txt", "name": "plain.txt", "kind": "given", "words": 3, "scored": False,
             "better": "higher", "language": "en"}])
        default = info["lists"][2]
        self.assertEqual((default["id"], default["better"], default["scored"]), ("default", "lower", True))
        self.assertGreater(default["words"], 100000)
        self.assertEqual(info["words"], 6)
        self.assertEqual(info["languages"], ["en", "nl", "de", "it", "fr", "es", "pt"])

    def test_pattern_search(self):
        self.assertEqual(self.pattern("c?t"), (200, {"pattern": "c?t", "total": 3, "words": [
            {"word": "cut", "score": 9}, {"word": "cat", "score": 5}, {"word": "cot", "score": 3}]}))
        self.assertEqual(self.pattern("C.T", limit=1)[1]["words"], [{"word": "cut", "score": 9}])
        self.assertEqual(self.pattern("C.T", limit=1)[1]["total"], 3)
        self.assertEqual(self.pattern("c??t")[1]["words"],
                         [{"word": "chat", "score": 2}, {"word": "coat", "score": 1}])
        self.assertEqual(self.pattern("a?")[1], {"pattern": "a?", "total": 0, "words": []})
        # With no list named: the first given; the embedded list has more.
        self.assertEqual(self.server.post("/api/pattern", {"pattern": "c?t"})[1]["total"], 3)
        self.assertGreater(self.pattern("?a?", "default")[1]["total"], 100)
        for body, message in [({"pattern": "c1t"}, "'1' is not a letter"), ({"pattern": ""}, "empty"),
                              ({"pattern": "c?t", "limit": 5000}, "\"limit\" takes an integer in 0..1000"),
                              ({}, "no \"pattern\"")]:
            status, answer = self.server.post("/api/pattern", body)
            self.assertEqual(status, 400, body)
            self.assertIn(message, answer["error"])

    def test_the_list_chosen_is_the_one_searched(self):
        grid = ["C.T"]
        status, answer = self.server.post("/api/candidates", {"grid": grid, "slot": 0, "list": "small.txt"})
        self.assertEqual(status, 200, answer)
        self.assertEqual([w["word"] for w in answer["words"]], ["CUT", "CAT", "COT"])
        status, answer = self.server.post("/api/candidates", {"grid": ["C.."], "slot": 0, "list": "default"})
        self.assertGreater(len(answer["words"]), 3)
        status, answer = self.server.post("/api/fill", {"grid": grid, "list": "small.txt"})
        self.assertEqual((status, answer["rows"]), (200, ["CUT"]))
        status, answer = self.server.post("/api/check", {"grid": ["CAB"], "list": "plain.txt"})
        self.assertEqual((status, answer["valid"]), (200, False))
        status, answer = self.server.post("/api/check", {"grid": ["ABC"], "list": "plain.txt"})
        self.assertEqual((status, answer["valid"]), (200, True))
        status, _, body = self.server.request("POST", "/api/squares", {"size": 2, "list": "plain.txt"})
        self.assertEqual(status, 200)
        self.assertEqual(body.decode().split(), ['{"rows":["ab","ba"]}', '{"rows":["ba","ab"]}'])

    def test_unknown_list_on_every_route(self):
        for path, body in [("/api/fill", {"grid": ["C.T"]}), ("/api/candidates", {"grid": ["C.T"], "slot": 0}),
                           ("/api/candidates/stream", {"grid": ["C.T"], "slot": 0}),
                           ("/api/check", {"grid": ["CAT"]}), ("/api/prove", {"grid": ["C.T"]}),
                           ("/api/pattern", {"pattern": "c?t"}), ("/api/lists/change", {})]:
            status, answer = self.server.post(path, {**body, "list": "u-0000000000000000"})
            self.assertEqual(status, 404, path)
            self.assertEqual(answer["unknown-list"], "u-0000000000000000", path)
            self.assertIn("not on the server", answer["error"])
        status, _, body = self.server.request("POST", "/api/squares", {"size": 2, "list": "nope"})
        self.assertEqual((status, json.loads(body)["unknown-list"]), (404, "nope"))

    def test_upload(self):
        status, answer = self.upload("# mine\nab;3\nBA\t2\n\nabc\n")
        self.assertEqual(status, 200, answer)
        self.assertRegex(answer.pop("id"), r"^u-[0-9a-f]{16}$")
        self.assertEqual(answer, {"name": "mine.txt", "kind": "uploaded", "words": 3, "scored": True,
                                  "better": "higher", "language": "en"})
        again = self.upload("# mine\nab;3\nBA\t2\n\nabc\n", name="other name.txt")[1]
        first = self.upload("# mine\nab;3\nBA\t2\n\nabc\n")[1]
        self.assertEqual(again["id"], first["id"])  # the id is the text's
        self.assertEqual(self.pattern("??", first["id"])[1]["words"],
                         [{"word": "ab", "score": 3}, {"word": "ba", "score": 2}])
        dutch = self.upload("ijs;2\ntijd\n", language="nl")[1]
        self.assertEqual((dutch["language"], dutch["words"]), ("nl", 2))
        self.assertEqual(self.pattern("IJ?", dutch["id"])[1]["words"], [{"word": "ijs", "score": 2}])

    def test_upload_refused(self):
        for text, message in [("ok;1\nbad;x\n", "mine.txt:2: "), ("ok\nnul\u0000\n", "mine.txt:2:"),
                              ("", "mine.txt has no words"), ("# only a comment\n", "has no words")]:
            status, answer = self.upload(text)
            self.assertEqual(status, 400, text)
            self.assertIn(message, answer["error"])
        status, answer = self.upload("ab\n", language="xx")
        self.assertEqual(status, 400)
        self.assertIn("unknown language 'xx'", answer["error"])
        status, _, body = self.server.request("POST", "/api/lists", bytes(range(256)))
        self.assertEqual(status, 400)
        self.assertIn("malformed JSON", json.loads(body)["error"])

    def test_upload_body_limit(self):
        # A list of 2 MiB is taken (other routes refuse a body over 1 MiB); over 8 MiB is not.
        words = "".join(f"w{k:06d}\n".translate(str.maketrans("0123456789", "abcdefghij"))
                        for k in range(260000))
        status, answer = self.upload(words)
        self.assertEqual((status, answer.get("words")), (200, 260000))
        status, answer = self.server.post("/api/fill", {"grid": ["C.T"], "pad": words})
        self.assertEqual(status, 413)
        status, _, body = self.server.request("POST", "/api/lists", json.dumps({"text": "a" * (9 << 20)}))
        self.assertEqual(status, 413)
        self.assertIn("at most 8388608 bytes", json.loads(body)["error"])

    def test_uploads_kept_least_recently_used_out(self):
        ids = [self.upload(f"kept{letter}\n")[1]["id"] for letter in "abcd"]
        self.assertEqual(self.pattern("?????", ids[0])[1]["total"], 1)  # the first, used again
        fifth = self.upload("kepte\n")[1]["id"]
        for list_id, known in [(ids[0], True), (ids[1], False), (ids[2], True), (ids[3], True), (fifth, True)]:
            status, answer = self.pattern("?????", list_id)
            self.assertEqual(status, 200 if known else 404, (list_id, answer))
        # Sent again, it is back under the same id.
        self.assertEqual(self.upload("keptb\n")[1]["id"], ids[1])
        self.assertEqual(self.pattern("?????", ids[1])[0], 200)

    def test_changed_words(self):
        status, changed = self.server.post("/api/lists/change",
                                           {"list": "small.txt", "scores": {"cot": 10, "cit": 7}, "exclude": ["cut"]})
        self.assertEqual(status, 200, changed)
        self.assertRegex(changed.pop("id"), r"^c-[0-9a-f]{16}$")
        self.assertEqual(changed, {"name": "small.txt (changed)", "kind": "changed", "base": "small.txt",
                                   "words": 6, "scored": True, "better": "higher", "language": "en"})
        status, again = self.server.post("/api/lists/change",
                                         {"list": "small.txt", "exclude": ["cut"], "scores": {"cit": 7, "cot": 10}})
        list_id = again["id"]
        self.assertEqual(self.pattern("c?t", list_id)[1]["words"], [
            {"word": "cot", "score": 10}, {"word": "cit", "score": 7}, {"word": "cat", "score": 5}])
        status, answer = self.server.post("/api/candidates", {"grid": ["C.T"], "slot": 0, "list": list_id})
        self.assertEqual([w["word"] for w in answer["words"]], ["COT", "CIT", "CAT"])
        self.assertEqual(self.server.post("/api/fill", {"grid": ["C.T"], "list": list_id})[1]["rows"], ["COT"])
        # The list it was made from is as it was.
        self.assertEqual(self.server.post("/api/fill", {"grid": ["C.T"], "list": "small.txt"})[1]["rows"], ["CUT"])
        status, answer = self.server.post("/api/lists/change", {"list": "small.txt", "scores": {"two words": 1}})
        self.assertEqual(status, 400)
        self.assertIn("'two words' cannot be a word of the list", answer["error"])
        status, answer = self.server.post("/api/lists/change", {"list": "small.txt", "scores": {"cot": "high"}})
        self.assertEqual(status, 400)


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

    def long_fill(self):
        """The socket of a fill that holds the worker for minutes, sent a second ago."""
        sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=30)
        # A 7x7 double word square: the default list has none that the engine finds in minutes.
        body = json.dumps({"grid": ["......."] * 7, "options": {"timeout": 600}})
        sock.sendall((f"POST /api/fill HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(body)}\r\n\r\n{body}").encode())
        time.sleep(1)
        return sock

    def test_disconnect_stops_a_fill(self):
        sock = self.long_fill()
        status, answer = self.server.post("/api/check", {"grid": ["CAT"]})
        self.assertEqual((status, answer), (503, {"error": "busy"}))
        sock.close()
        self.assertTrue(self.answered_promptly())

    def test_marks_never_wait_for_a_search(self):
        # The only worker holds a long fill: a grid's marks (arc consistency alone) are answered
        # all the same, on the workers of their own, while a verdict's search is turned away.
        sock = self.long_fill()
        grid = ["Q....", ".....", ".....", ".....", "....."]
        status, answer = self.server.post("/api/prove", {"grid": grid, "options": {"seconds": 0}})
        self.assertEqual(status, 200, answer)
        self.assertEqual((answer["consistent"], answer["verdict"]["verdict"]), (True, "unknown"))
        status, answer = self.server.post("/api/prove", {"grid": grid, "options": {"seconds": 1}})
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
        # The connection ends after a refusal, and the answer says so (or a client keeping it
        # alive would lose its next request to the close).
        self.assertEqual(response.getheader("Connection"), "close")
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
        self.refused(self.server.exchange("POST", "/api/squares", {"size": 3}, headers={"Sec-Fetch-Site": "cross-site"}),
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

    def test_no_simple_request_starts_work(self):
        """What a page of another site can send without a preflight (a GET or HEAD from an
        <img>, an iframe or a link; a POST of a form or of text) starts no route that searches
        or computes, also by an allowed name and with no Origin or Sec-Fetch-* (an older
        browser): such routes answer a JSON POST only, which needs a preflight."""
        routes = ["/api/fill", "/api/candidates", "/api/candidates/stream", "/api/check", "/api/prove",
                  "/api/export", "/api/open", "/api/block-pattern", "/api/pattern", "/api/lists",
                  "/api/lists/change", "/api/squares"]
        for host in ["127.0.0.1", "workbench.example"]:
            for path in routes:
                for method in ["GET", "HEAD"]:
                    response = self.server.exchange(method, path + "?size=7&double=1", headers={"Host": host})
                    self.assertEqual((response.status, response.getheader("Allow")), (405, "POST, OPTIONS"),
                                     (host, method, path))
                for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]:
                    response = self.server.exchange("POST", path, b'{"size": 7}', {"Host": host, "Content-Type": kind})
                    self.assertEqual(response.status, 415, (host, path, kind))
        # Nothing of those ran: the only worker answers at once.
        start = time.monotonic()
        self.assertEqual(self.server.post("/api/check", {"grid": ["CAT"]})[0], 200)
        self.assertLess(time.monotonic() - start, 1)

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

    def test_chunked_body_is_not_read(self):
        """A chunked body gets 411 before any of it is read (its length is not known
        beforehand): 16 MB of a chunk-size line that never ends leave the server's peak memory
        where it was. A Content-Length beyond the limit gets 413 before its body is sent."""
        head = (b"POST /api/export HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Transfer-Encoding: chunked\r\n\r\n")
        answer, _ = raw_exchange(self.server.port, head)
        self.assertTrue(answer.startswith(b"HTTP/1.1 411 "), answer[:200])
        self.assertIn(b"Content-Length", answer)
        peak = rss_kb(self.server.process.pid, "VmHWM")
        answer, _ = raw_exchange(self.server.port, head, [b"1" * (1 << 20)] * 16)
        self.assertTrue(answer.startswith(b"HTTP/1.1 411 "), answer[:200])
        # ASan's allocator and shadow pages move the peak by 1-6 MB of their own; either bound
        # is under the 16 MB sent, which a server that read the body would have held.
        bound_mb = 12 if os.environ.get("SQUARES_BUILD") == "sanitized" else 4
        self.assertLess(rss_kb(self.server.process.pid, "VmHWM") - peak, bound_mb * 1024)
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


def letters(number, width):
    """`number` in base 26 as `width` letters ("aaab" is 1)."""
    return "".join(chr(97 + number // 26 ** k % 26) for k in reversed(range(width)))


def open_sockets(port, count):
    """`count` connections to the server (the open-file limit raised for them)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 256)), hard))
    return [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(count)]


def status_line(sock, timeout):
    """The first line the server answered on `sock` within `timeout` s, or what went wrong."""
    sock.settimeout(timeout)
    answer = b""
    try:
        while b"\r\n" not in answer:
            more = sock.recv(4096)
            if not more:
                return answer or "closed"
            answer += more
    except socket.timeout:
        return answer or "no answer"
    except ConnectionResetError:
        return answer or "reset"
    return answer.split(b"\r\n")[0]


class Bounds(unittest.TestCase):
    """What clients send, however much and however slowly, bounds neither the server's memory
    nor its threads, and every request gets a status without waiting on its client."""

    def test_bodies_over_64k_three_at_once(self):
        """Of ten 8 MiB uploads whose bodies are slow to come, three are read; the others get 503
        before their body is read, and small requests are still served."""
        server = Server("--read-timeout", "3")
        try:
            head = (b"POST /api/lists HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    b"Content-Length: %d\r\n\r\n" % (8 << 20))
            uploads = open_sockets(server.port, 10)
            for sock in uploads:
                sock.sendall(head + b'{"text": "')
            statuses = [status_line(sock, 0.3) for sock in uploads]
            self.assertEqual(sorted(map(str, statuses)).count(str(b"HTTP/1.1 503 Service Unavailable")), 7, statuses)
            self.assertEqual(statuses.count("no answer"), 3, statuses)
            self.assertEqual(server.post("/api/check", {"grid": ["CAT"]})[0], 200)
            # The three read are cut off at the read time: 408.
            for sock in uploads:
                if statuses[uploads.index(sock)] == "no answer":
                    self.assertEqual(status_line(sock, 5), b"HTTP/1.1 408 Request Timeout")
                sock.close()
        finally:
            server.stop()

    @unittest.skipIf(os.environ.get("SQUARES_BUILD") == "sanitized",
                     "ASan's allocator keeps what is freed in its quarantine: resident sizes "
                     "say nothing there")
    def test_uploads_leave_the_kept_lists(self):
        """12 uploads of distinct 1 MB lists, of which the server keeps 4: its resident size
        after the last is within 12 MB of what it was after the fourth, and one upload's peak
        within 12 times the list's text."""
        server = Server()
        try:
            sizes = []
            for k in range(12):
                text = "".join(f"w{letters(k, 1)}{letters(n, 4)}\n" for n in range(150000))
                status, answer = server.post("/api/lists", {"name": f"{k}.txt", "text": text}, timeout=120)
                self.assertEqual((status, answer.get("words")), (200, 150000), answer)
                sizes.append(rss_kb(server.process.pid, "VmRSS"))
            self.assertLess(sizes[-1] - sizes[3], 12 * 1024, sizes)
            self.assertLess(rss_kb(server.process.pid, "VmHWM") - sizes[3], 12 * len(text) // 1024, sizes)
        finally:
            server.stop()

    def test_slow_bodies_hold_no_thread(self):
        """300 clients sending their body a byte at a time hold no thread: with --connections 2,
        /api/info answers each of 20 probes within a second, and SIGTERM stops the server within
        one."""
        server = Server("--connections", "2")
        slow = open_sockets(server.port, 300)
        try:
            for sock in slow:
                sock.sendall(b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                             b"Content-Length: 100\r\n\r\n{")
            latencies = []
            for k in range(20):
                if k % 5 == 0:
                    for sock in slow:
                        sock.sendall(b" ")
                start = time.monotonic()
                self.assertEqual(server.exchange("GET", "/api/info", timeout=10).status, 200)
                latencies.append(time.monotonic() - start)
            self.assertLess(max(latencies), 1, latencies)
            start = time.monotonic()
            server.process.send_signal(signal.SIGTERM)
            self.assertEqual(server.process.wait(timeout=20), 0)
            self.assertLess(time.monotonic() - start, 1.5)
        finally:
            for sock in slow:
                sock.close()
            server.stop()

    def test_every_request_gets_a_status(self):
        """1000 requests written at once on open connections, with --connections 4: each gets
        200 or 503 (with Retry-After); a client that never closes after its 503 delays no
        other; a head over 16 KB gets 431."""
        server = Server("--connections", "4")
        try:
            socks = open_sockets(server.port, 1000)
            request = b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            for sock in socks:
                sock.sendall(request)
            start = time.monotonic()
            lines = [status_line(sock, 20) for sock in socks]
            seconds = time.monotonic() - start
            counts = {}
            for line in lines:
                counts[line] = counts.get(line, 0) + 1
            self.assertEqual(set(counts) - {b"HTTP/1.1 200 OK", b"HTTP/1.1 503 Service Unavailable"}, set(), counts)
            self.assertLess(seconds, 10, counts)
            for sock in socks:
                sock.close()
            answer, _ = raw_exchange(server.port, b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: "
                                     + b"x" * (17 << 10) + b"\r\n\r\n")
            self.assertTrue(answer.startswith(b"HTTP/1.1 431 "), answer[:100])
            self.assertIn(b"too large", answer)
        finally:
            server.stop()


    def test_stopped_pdf_answers_503(self):
        """A PDF export stopped by its client leaving, or by SIGTERM, is logged as stopped (not
        an internal error); the one stopped by SIGTERM answers 503 {"error": "stopped"}."""
        server = Server()
        try:
            if not json.loads(server.request("GET", "/api/info")[2])["pdf"]:
                self.skipTest("no lualatex")
            body = json.dumps({"grid": ["CAT", "ORE", "WET"], "format": "pdf"}).encode()
            request = (b"POST /api/export HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                       b"Content-Length: %d\r\n\r\n" % len(body)) + body
            gone = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            gone.sendall(request)
            time.sleep(0.3)
            gone.close()
            time.sleep(0.5)
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            sock.sendall(request)
            time.sleep(0.3)
            server.process.send_signal(signal.SIGTERM)
            answer = b""
            while more := sock.recv(4096):
                answer += more
            sock.close()
            self.assertTrue(answer.startswith(b"HTTP/1.1 503 "), answer[:300])
            self.assertTrue(answer.endswith(b'{"error":"stopped"}\n'), answer[-300:])
            self.assertEqual(server.process.wait(timeout=20), 0)
            log = server.process.stderr.read()
            self.assertNotIn("internal error", log)
            self.assertEqual(log.count("squares: stopped: the PDF was stopped"), 2, log)
        finally:
            server.stop()


class Token(unittest.TestCase):
    """On every address (0.0.0.0), a random token: in the printed address, then a cookie or a header."""

    @classmethod
    def setUpClass(cls):
        # Bound to every interface, it prints the loopback address to open.
        cls.server = Server("--threads", "1", "--host", "0.0.0.0")

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
        # The page's address as printed: the answer stores a cookie for this port, whose value
        # is not the token (a browser sends it to the servers of every port of 127.0.0.1), and
        # which serves on this port only.
        page = self.server.exchange("GET", f"/?token={token}")
        self.assertEqual(page.status, 200)
        cookie = page.getheader("Set-Cookie")
        match = re.fullmatch(f"squares_token_{self.server.port}=([0-9a-f]{{48}}); Path=/; HttpOnly; SameSite=Strict",
                             cookie)
        self.assertTrue(match, cookie)
        value = match.group(1)
        self.assertNotEqual(value, token)
        for headers in [{"Cookie": f"squares_token_{self.server.port}={token}"},
                        {"Cookie": f"squares_token_{self.server.port + 1}={value}"}, {"X-Squares-Token": value}]:
            self.assertEqual(self.server.exchange("GET", "/api/info", headers=headers).status, 403, headers)
        for headers in [{"Cookie": f"theme=dark; squares_token_{self.server.port}={value}"},
                        {"Authorization": f"Bearer {token}"}, {"X-Squares-Token": token}]:
            self.assertEqual(self.server.exchange("GET", "/api/info", headers=headers).status, 200, headers)
            response = self.server.exchange("POST", "/api/check", {"grid": ["CAT"]}, headers)
            self.assertEqual(response.status, 200, headers)
        stream = self.server.exchange("POST", f"/api/squares?token={token}", {"size": 2, "limit": 1})
        self.assertEqual(stream.status, 200, stream.data)
        # The token is printed once, on stdout, and nowhere else.
        self.server.process.send_signal(signal.SIGTERM)
        self.server.process.wait(timeout=20)
        self.assertNotIn(token, self.server.process.stderr.read())

    def test_page_drops_the_token_from_its_address(self):
        """The page's script replaces its address once the cookie holds the token."""
        status, _, script = self.server.request("GET", f"/app.js?token={self.server.token}")
        self.assertEqual(status, 200)
        self.assertIn(b'history.replaceState', script)

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
        finally:
            for sock in sockets:
                sock.close()
            server.stop()

    def test_beyond_those_waiting_busy_at_once(self):
        """With --connections 2, two fills hold both serving threads and two whole requests
        wait for one: the next request is answered 503 at once, by the connections' thread."""
        server = Server("--threads", "2", "--connections", "2")
        sockets = []
        try:
            fill = json.dumps({"grid": ["......."] * 7, "options": {"timeout": 600}})
            for head in [f"POST /api/fill HTTP/1.1\r\nContent-Length: {len(fill)}\r\n"] * 2 + ["GET /api/info HTTP/1.1\r\n"] * 2:
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
                body = fill if head.startswith("POST") else ""
                sock.sendall((head + "Host: 127.0.0.1\r\nContent-Type: application/json\r\n\r\n" + body).encode())
                sockets.append(sock)
                time.sleep(0.3)
            start = time.monotonic()
            response = server.exchange("GET", "/api/info")
            self.assertEqual((response.status, json.loads(response.data)), (503, {"error": "busy"}))
            self.assertEqual(response.getheader("Retry-After"), "2")
            self.assertEqual(response.getheader("X-Frame-Options"), "DENY")
            self.assertLess(time.monotonic() - start, 1)
        finally:
            for sock in sockets:
                sock.close()
            server.stop()


class Command(unittest.TestCase):
    def test_usage(self):
        for args in [["--port", "70000"], ["extra"], ["--threads", "-1"], ["--threads", "2000"], ["--nope"]]:
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
            self.assertRegex(process.stdout.readline(), r"^squares: serving http://127\.0\.0\.1:\d+/\?token=[0-9a-f]{48}$")
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
