"""python3 python_types.py README ALLOWLIST, run in the directory holding the built package:
mypy --strict on the README's Python examples (the stubs must type them, overloads and all),
then mypy.stubtest of the stubs against the compiled module (allowing what ALLOWLIST lists).
Exit 77 (skipped) without mypy (Debian: python3-mypy)."""
import os
import re
import subprocess
import sys
import tempfile

try:
    import mypy  # noqa: F401
except ImportError:
    print("skipped: no mypy (Debian: python3-mypy)")
    sys.exit(77)

readme, allowlist = sys.argv[1:]
with open(readme) as f:
    examples = re.findall(r"```python\n(.*?)```", f.read(), re.S)
if not examples:
    sys.exit(f"no ```python example in {readme}")
# Beyond the README: a flag that is a plain bool picks the overload whose result may be either.
examples.append("""
import squares
flag: bool = len(squares.Dictionary(["ab", "ba"])) > 1
for result in squares.Dictionary().squares(3, limit=1, rows_only=flag):
    print(result)
either = squares.Dictionary().fill("..\\n..\\n", all=flag)
if isinstance(either, squares.FillResult):
    print(either.status)
# count_only=True gives a FillResult, not an iterator; the callbacks of every search.
print(squares.Dictionary().fill("..\\n..\\n", all=True, count_only=True).stats.fills)
boards = squares.kakuro("", on_solution=lambda board, solution: solution is None or board.count < 9)
regions = squares.Dictionary().regions("ab\\n", on_solution=lambda solution: print(solution.words))
listed = squares.Dictionary().candidates("..\\n..\\n", 0, on_decided=lambda i, c: print(i, c.viability))
print(squares.Dictionary().prove("..\\n..\\n", search_seconds=1).verdict is squares.Verdict.FILLABLE)
prepared = squares.Dictionary().search(3, limit=5)
print(prepared.rows + prepared.cols + prepared.symmetry_cells, prepared.cell_order, prepared.notes)
print(prepared.count() == prepared.count_stats().results, prepared.count_stats().nodes)
first_rows: tuple[str, ...] = next(prepared.squares(rows_only=True))
print(first_rows, next(prepared.squares()).words, squares.MAX_SQUARE_SIDE)
""")
failed = False
with tempfile.TemporaryDirectory() as scratch:
    example = os.path.join(scratch, "readme_examples.py")
    with open(example, "w") as f:
        f.write("\n".join(examples))
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    for command in ([sys.executable, "-m", "mypy", "--strict", "--cache-dir", os.path.join(scratch, "cache"), example],
                    [sys.executable, "-m", "mypy.stubtest", "squares", "--allowlist", allowlist,
                     "--mypy-config-file", os.devnull]):
        run = subprocess.run(command, env=env, capture_output=True, text=True)
        print(" ".join(command[2:4]), run.stdout, run.stderr, sep="\n")
        failed |= run.returncode != 0
sys.exit(1 if failed else 0)
