#!/bin/sh
# isa_test.sh BINARY: the binary runs on any x86-64-v2 CPU: no instruction of BMI1, BMI2,
# LZCNT or AVX outside the square loop's x86-64-v3 clones (square_loop.h) and its AVX-512
# build (the functions of LoopIsa::kAvx512, square_loop_avx512.cc), which run only where
# the CPU has them. (tzcnt is allowed: without BMI1 it runs as bsf, and the compiler
# emits it only where the two agree.) Skipped where objdump is missing.
set -eu
command -v objdump >/dev/null 2>&1 || { echo "skipped: no objdump"; exit 77; }
found=$(objdump -d -C --no-show-raw-insn "$1" | awk '
  /^[0-9a-f]+ <.*>:$/ { function_name = $0; next }
  {
    split($0, fields, "\t"); split(fields[2], words, " ")
    if ((words[1] ~ /^(andn|bextr|blsi|blsmsk|blsr|bzhi|lzcnt|mulx|pdep|pext|rorx|sarx|shlx|shrx)$/ ||
         words[1] ~ /^v/) && function_name !~ /\.arch_x86[-_]64[-_]v3[.>\]]/ &&
        function_name !~ /\(squares::core::LoopIsa\)1/) {
      found[function_name] = words[1]
    }
  }
  END { for (f in found) print found[f] " in " f }')
[ -z "$found" ] || { printf '%s\n' "$found" | c++filt | sed 's/^/FAIL: /'; exit 1; }
echo "ok: no BMI1, BMI2, LZCNT or AVX instruction outside the x86-64-v3 clones and the AVX-512 loop"
