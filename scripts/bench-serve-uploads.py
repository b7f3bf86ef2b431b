#!/usr/bin/env python3
"""The workbench's resident size as word lists are uploaded: `squares serve --port 0` receives
COUNT distinct lists of 750,000 six-letter words (6.0 MB of text each; it keeps the last 4), and
its VmRSS (MiB) is printed after each, then its peak (VmHWM) and the first upload's time.
Extra arguments NAME=VALUE go to the server's environment (e.g. MALLOC_ARENA_MAX=1).

Usage: scripts/bench-serve-uploads.py SQUARES COUNT [NAME=VALUE...]
"""
import json
import os
import re
import subprocess
import sys
import time
import urllib.request


def rss(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) // 1024
    return 0


def main():
    binary, count = sys.argv[1], int(sys.argv[2])
    env = dict(os.environ, **dict(pair.split("=", 1) for pair in sys.argv[3:]))
    server = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        sizes, first = [rss(server.pid)], 0.0
        for k in range(count):
            words = ("w" + "".join(chr(97 + m // 26 ** d % 26) for d in (5, 4, 3, 2, 1, 0))
                     for m in range(k * 750000, (k + 1) * 750000))
            body = json.dumps({"name": f"{k}.txt", "text": "\n".join(words) + "\n"}).encode()
            start = time.monotonic()
            request = urllib.request.Request(f"http://127.0.0.1:{port}/api/lists", body,
                                             {"Content-Type": "application/json"})
            urllib.request.urlopen(request, timeout=300).read()
            first = first or time.monotonic() - start
            sizes.append(rss(server.pid))
        print(f"VmRSS after 0..{count} uploads (MiB): {' '.join(map(str, sizes))}; "
              f"peak {rss(server.pid, 'VmHWM')} MiB; the first upload took {first:.2f} s")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
