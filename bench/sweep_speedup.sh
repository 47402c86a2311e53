#!/usr/bin/env bash
# Sweep speed-up on this machine: wall time of one fixed `warpsim sweep` with --jobs 1 and 2, and
# as 1 and 2 MPI ranks; each timed REPEAT times (default 3), best kept (the machine is shared, so
# the best run is the one least disturbed). Checks that every output is byte-identical.
# Usage: bench/sweep_speedup.sh [BUILD_DIR] [REPEAT] [LOADS]  (LOADS: loads per warp, the work per point; more makes
# the fixed start-up cost of mpirun, ~0.3 s, a smaller part of the time)
set -euo pipefail
build=${1:-build}
repeat=${2:-3}
loads=${3:-96}
warpsim="$build/warpsim"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# 32 points of unequal cost (work grows with occupancy): 4 arithmetic intensities x 8 occupancies.
grid=(sweep --gpu maxwell --workload alpha_mix --param alpha=1,8,32,inf --param loads=$loads --param adds=3072
      --warps 8:64:8 --sms 2 --quiet)

best() {  # best wall time in seconds of REPEAT runs of "$@" writing $out/$name.csv
  local name=$1; shift
  local b=""
  for _ in $(seq "$repeat"); do
    rm -f "$out/$name.csv"
    local t0 t1
    t0=$(date +%s.%N)
    "$@" --out "$out/$name.csv" >/dev/null
    t1=$(date +%s.%N)
    b=$(python3 -c "t=$t1-$t0; b='$b'; print(t if not b or t<float(b) else b)")
  done
  echo "$b"
}

j1=$(best jobs1 "$warpsim" "${grid[@]}" --jobs 1)
j2=$(best jobs2 "$warpsim" "${grid[@]}" --jobs 2)
m1=$(best mpi1 mpirun -n 1 --oversubscribe --bind-to none "$warpsim" "${grid[@]}" --jobs 1)
m2=$(best mpi2 mpirun -n 2 --oversubscribe --bind-to none "$warpsim" "${grid[@]}" --jobs 1)
for f in jobs2 mpi1 mpi2; do cmp -s "$out/jobs1.csv" "$out/$f.csv" || { echo "output of $f differs from jobs1" >&2; exit 1; }; done
python3 - "$j1" "$j2" "$m1" "$m2" <<'PY'
import sys
j1, j2, m1, m2 = map(float, sys.argv[1:])
print(f"points: 32; best of repeats, wall seconds")
print(f"--jobs 1: {j1:.2f}  --jobs 2: {j2:.2f}  speed-up {j1/j2:.2f}x")
print(f"mpirun -n 1: {m1:.2f}  mpirun -n 2: {m2:.2f}  speed-up {m1/m2:.2f}x (vs --jobs 1: {j1/m2:.2f}x)")
print("outputs byte-identical: yes")
PY
