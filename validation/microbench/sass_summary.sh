#!/usr/bin/env bash
# Counts the instructions of each kernel in `cuobjdump -sass` output, to check (as Volkov 2016 §5.1
# does with cuobjdump) that the loops compiled to the intended chains:
#   chase_kernel<A,1,false>: one loop iteration holds G loads (LDG) and G*A FADDs, with
#     G = clamp(256/(A+1), 1, 32); a few more instructions are the loop and the prologue/epilogue.
#     Extra MOVs between LDG and FADD (a register-pair copy per link) would show as `other` ~ G.
#   add_kernel<K>: 256 FADD per iteration; sfu_chain_kernel: 256 MUFU; smem_chain_kernel: 256 LDS.
# usage: sass_summary.sh sass.txt
set -euo pipefail
demangle=cat
command -v cu++filt >/dev/null 2>&1 && demangle=cu++filt
command -v c++filt >/dev/null 2>&1 && [ "$demangle" = cat ] && demangle=c++filt
awk '
  function flush() {
    if (name != "") printf "%-6s %-6d %-5d %-5d %-5d %-5d %-5d %s\n", arch, total, ldg, fadd, mufu, lds, total - ldg - fadd - mufu - lds, name
  }
  /code for sm_/ { flush(); name = ""; arch = $NF; next }
  /Function :/ { flush(); name = $NF; total = ldg = fadd = mufu = lds = 0; next }
  /\/\*[0-9a-f]+\*\/[ \t]+[@A-Z]/ {
    line = $0
    sub(/.*\/\*[0-9a-f]+\*\/[ \t]+/, "", line)
    sub(/^@!?U?P[0-9T]+[ \t]+/, "", line)
    split(line, parts, /[ .;]/)
    op = parts[1]
    if (op == "NOP") next
    total++
    if (op == "LDG") ldg++
    else if (op == "FADD") fadd++
    else if (op == "MUFU") mufu++
    else if (op == "LDS") lds++
  }
  END { flush() }
' "$1" | { echo "arch   total  LDG   FADD  MUFU  LDS   other kernel"; "$demangle"; }
