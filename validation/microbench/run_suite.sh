#!/usr/bin/env bash
# Measure this machine's GPU the way Volkov 2016 (ch. 5-6) measured his, and write warpsim's
# measurement CSV:   validation/microbench/run_suite.sh --out DIR
# Builds the suite if needed (CUDA toolkit + C++17 compiler; CMake if present, plain nvcc otherwise),
# records the environment and the kernels' SASS, runs the sweep (about 3-5 minutes on an H100; the
# suite stops starting new experiment groups after --budget-s, 420 s by default) and writes
#   DIR/measurements.csv   the measurements (metadata lines + id,gpu,quantity,... rows)
#   DIR/run.log            progress of the run
#   DIR/sass_summary.txt   instruction counts per kernel
#   DIR/sass_check.txt     the SASS check's verdict: a kernel whose chain differs from its intended
#                          mix stops the run before measuring (exit 1, no CSV); without cuobjdump the
#                          check cannot run, which is said loudly and in the CSV (sass_check: not run)
#   DIR/sass.txt           the kernels' SASS (cuobjdump -sass), for `warpsim import-sass`
#   DIR/nvidia-smi.txt, DIR/build.log
# Then compare warpsim with it:  warpsim validate --measurements DIR/measurements.csv --gpu NAME
set -euo pipefail

usage() {
  cat <<'EOF'
usage: run_suite.sh --out DIR [--gpu NAME] [--arch LIST] [--build-dir DIR] [--bin PATH] [--dry-run]
                    [-- options of warpsim_microbench, e.g. --quick or --only alpha,memory]
  --out DIR        where the CSV and logs go (created)
  --gpu NAME       warpsim GPU name for the rows (default: detected, e.g. h100_sxm, h200, a100_80, v100)
  --arch LIST      CUDA architectures to build for (default: the GPU's, from nvidia-smi; else 80;90)
  --build-dir DIR  standalone build directory (default: <repo>/build-microbench)
  --bin PATH       use this warpsim_microbench binary instead of building
  --dry-run        build and run the CPU stand-in instead of the GPU suite (tries the plumbing only;
                   its numbers are invented)
EOF
}

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="" GPU="" ARCH="" BUILD_DIR="$ROOT/build-microbench" BIN="" DRY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    --gpu) GPU="${2:?--gpu needs a name}"; shift 2 ;;
    --arch) ARCH="${2:?--arch needs a list}"; shift 2 ;;
    --build-dir) BUILD_DIR="${2:?--build-dir needs a directory}"; shift 2 ;;
    --bin) BIN="${2:?--bin needs a path}"; shift 2 ;;
    --dry-run) DRY=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "run_suite.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[ -n "$OUT" ] || { echo "run_suite.sh: --out DIR is required" >&2; usage >&2; exit 2; }
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
TARGET=warpsim_microbench
[ "$DRY" = 1 ] && TARGET=warpsim_microbench_dryrun

detect_arch() {
  local cc
  cc="$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d ' .')" || true
  if [[ "$cc" =~ ^[0-9]+$ ]]; then echo "$cc"; else echo "80;90"; fi
}

find_nvcc() {
  if command -v nvcc >/dev/null 2>&1; then command -v nvcc
  elif [ -x /usr/local/cuda/bin/nvcc ]; then echo /usr/local/cuda/bin/nvcc
  else return 1; fi
}

# Plain nvcc when CMake is missing: the same sources and flags as validation/microbench/CMakeLists.txt.
build_with_nvcc() {
  local nvcc src out="$BUILD_DIR/$TARGET" gencode=()
  nvcc="$(find_nvcc)" || { echo "run_suite.sh: neither cmake nor nvcc found" >&2; return 1; }
  src="$ROOT/validation/microbench/src"
  IFS=';' read -ra archs <<<"$ARCH"
  for a in "${archs[@]}"; do gencode+=("-gencode=arch=compute_$a,code=[compute_$a,sm_$a]"); done
  local common=(-O3 -std=c++17 -I"$ROOT/validation/microbench/lib" -I"$src" -Xcompiler=-Wall,-Wextra)
  "$nvcc" "${common[@]}" "${gencode[@]}" --use_fast_math -c "$src/sfu_kernels.cu" -o "$BUILD_DIR/sfu_kernels.o"
  "$nvcc" "${common[@]}" "${gencode[@]}" -Xptxas=-warn-spills,-warn-lmem-usage -o "$out" "$BUILD_DIR/sfu_kernels.o" \
    "$src"/{main.cpp,suite.cpp,options.cpp,context.cpp,experiment_util.cpp,kernel_mixes.cpp} "$src"/experiments_*.cpp \
    "$src"/{gpu.cu,run.cu,chase_kernels.cu,arith_kernels.cu,store_kernels.cu} "$ROOT"/validation/microbench/lib/microbench_*.cpp
}

build() {
  mkdir -p "$BUILD_DIR"
  [ -n "$ARCH" ] || ARCH="$(detect_arch)"
  echo "building $TARGET for CUDA architectures $ARCH in $BUILD_DIR"
  if command -v cmake >/dev/null 2>&1; then
    cmake -S "$ROOT/validation/microbench" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release \
      -DWARPSIM_CUDA_ARCHITECTURES="$ARCH" -DWARPSIM_CUDA_WERROR=OFF
    cmake --build "$BUILD_DIR" --target "$TARGET" -j "$(nproc 2>/dev/null || echo 4)"
    BIN="$BUILD_DIR/$TARGET"
  elif [ "$DRY" = 0 ]; then
    build_with_nvcc
    BIN="$BUILD_DIR/$TARGET"
  else
    echo "run_suite.sh: --dry-run needs cmake" >&2
    return 1
  fi
}

if [ -z "$BIN" ]; then
  build >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log" >&2; echo "run_suite.sh: build failed (log: $OUT/build.log)" >&2; exit 1; }
fi
[ -x "$BIN" ] || { echo "run_suite.sh: no executable at $BIN" >&2; exit 1; }

# The environment of the measurement: clocks, power, ECC, driver (§5.4: clocks must be at maximum).
if command -v nvidia-smi >/dev/null 2>&1; then
  { nvidia-smi -q || true; } >"$OUT/nvidia-smi.txt" 2>&1
  nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu --format=csv \
    >"$OUT/clocks_before.csv" 2>&1 || true
fi

# §5.1: the kernels must have compiled to the intended instruction chains. The binary compares
# cuobjdump's listing with the mixes of src/kernel_mixes.cpp; any kernel whose LDG / FADD / MUFU /
# LDS counts differ stops the run here, before anything is measured (exit 1, no measurements.csv).
# CUOBJDUMP (default cuobjdump) names another disassembler; the tests point it at a fixture.
CUOBJDUMP="${CUOBJDUMP:-cuobjdump}"
args=(--out "$OUT/measurements.csv")
sass_problem=""
if [ "$DRY" = 1 ]; then
  args+=(--meta "sass_check=not run: dry run (the CPU stand-in has no SASS)")
elif ! command -v "$CUOBJDUMP" >/dev/null 2>&1; then
  sass_problem="$CUOBJDUMP not found (CUDA toolkit's bin not on PATH)"
# sass.txt is kept whole: `warpsim import-sass DIR/sass.txt` runs its kernels (docs/workload-format.md, "SASS").
elif ! "$CUOBJDUMP" -sass "$BIN" >"$OUT/sass.txt" 2>"$OUT/cuobjdump.err"; then
  sass_problem="cuobjdump -sass failed (see $OUT/cuobjdump.err)"
else
  "$ROOT/validation/microbench/sass_summary.sh" "$OUT/sass.txt" >"$OUT/sass_summary.txt" || true
  if "$BIN" --check-sass "$OUT/sass.txt" >"$OUT/sass_check.txt" 2>&1; then
    cat "$OUT/sass_check.txt"
    args+=(--sass "$OUT/sass.txt")
  else
    cat "$OUT/sass_check.txt" >&2
    echo "run_suite.sh: REFUSED to measure: the kernels above did not compile to their intended instruction mix" \
      "(Volkov 2016 §5.1; expected counts in validation/microbench/src/kernel_mixes.cpp, the listing in $OUT/sass.txt)." \
      "No measurements were written." >&2
    exit 1
  fi
fi
if [ -n "$sass_problem" ]; then
  {
    echo "run_suite.sh: WARNING: ******** SASS NOT CHECKED: $sass_problem ********"
    echo "run_suite.sh: WARNING: the kernels' instruction mix is unverified; the CSV says 'sass_check: not run'"
  } | tee "$OUT/sass_check.txt" >&2
  args+=(--meta "sass_check=not run: $sass_problem")
fi

[ -n "$GPU" ] && args+=(--gpu "$GPU")
# The kernel driver's version (the binary itself reports the CUDA driver API version).
nv_driver="$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n1 | tr -d ' ')" || true
[ -n "$nv_driver" ] && args+=(--meta "nvidia_driver=$nv_driver")
echo "running $BIN ${args[*]} $*" | tee "$OUT/run.log"
set +e
"$BIN" "${args[@]}" "$@" 2>&1 | tee -a "$OUT/run.log"
status=${PIPESTATUS[0]}
set -e
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,power.draw,temperature.gpu --format=csv \
    >"$OUT/clocks_after.csv" 2>&1 || true
fi
if [ "$status" -ne 0 ]; then
  echo "run_suite.sh: the suite failed with status $status (log: $OUT/run.log)" >&2
  exit "$status"
fi
[ -z "$sass_problem" ] || echo "run_suite.sh: WARNING: the SASS was NOT checked ($sass_problem); measurements.csv says sass_check: not run" | tee -a "$OUT/run.log" >&2
name="$(sed -n 's/^# warpsim_gpu: //p' "$OUT/measurements.csv")"
echo "measurements: $OUT/measurements.csv"
echo "compare with warpsim:  warpsim validate --measurements $OUT/measurements.csv --gpu ${name:-NAME}"
