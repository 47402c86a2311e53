#!/usr/bin/env bash
# `cmake --install` into a fresh prefix outside the build tree, then: the installed binary reads
# the installed data (a GPU only the prefix holds), also after the prefix is moved; a program
# built with find_package(warpsim) against the prefix runs; the installed Python module reads the
# installed data. Usage (from ctest): check_install.sh BUILD_DIR HERE CMAKE CXX PYTHON PYTHONDIR HAVE_PYTHON_MODULE
set -euo pipefail
build=$1 here=$2 cmake=$3 cxx=$4 python=$5 pythondir=$6 have_python=$7
work=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset WARPSIM_DATA_DIR
fail() { echo "check_install: $*" >&2; exit 1; }

"$cmake" --install "$build" --prefix "$work/prefix" > "$work/install.log" || { cat "$work/install.log"; fail "cmake --install failed"; }
for f in bin/warpsim include/warpsim/device/simulate.h include/warpsim/common/data_paths.h \
         share/warpsim/hw_configs/kepler.yaml share/warpsim/workloads/vector_add.wl share/warpsim/plots/validation_figures.py \
         share/warpsim/validation/findings.yaml share/warpsim/validation/failure_reasons.yaml share/warpsim/validation/measured_inputs.yaml; do
  [ -e "$work/prefix/$f" ] || fail "not installed: $f"
done
ls "$work"/prefix/lib*/libwarpsim.a "$work"/prefix/lib*/cmake/warpsim/warpsimConfig.cmake "$work"/prefix/lib*/cmake/warpsim/warpsimConfigVersion.cmake > /dev/null
[ -n "$(ls "$work/prefix/share/warpsim/validation/cases")" ] || fail "no validation cases installed"
[ -n "$(ls "$work/prefix/share/warpsim/validation/measurements")" ] || fail "no measurements installed"
[ ! -e "$work/prefix/include/warpsim/cli" ] || fail "the CLI's headers were installed"

# A GPU that only the installed data has: found only if the data is read from the prefix.
sed 's/^  name: toy$/  name: installed_toy/' "$work/prefix/share/warpsim/hw_configs/toy/fig4_7.yaml" > "$work/prefix/share/warpsim/hw_configs/installed_toy.yaml"
mv "$work/prefix" "$work/moved"  # relative to the binary, wherever the tree is
out=$("$work/moved/bin/warpsim" run --gpu installed_toy --workload alpha_mix --param alpha=4 --warps 6 --format csv)
grep -q '^installed_toy,alpha_mix,' <<< "$out" || fail "installed binary: $out"
# The validation harness reads its cases, findings and tables from the prefix too.
"$work/moved/bin/warpsim" validate --gpu kepler --case 't6_1.*' --no-figures --memory-models none --out-dir "$work/report" > "$work/validate.txt" 2>&1 \
  || [ $? -eq 1 ] || { cat "$work/validate.txt"; fail "installed validate failed"; }
grep -q ' passed, ' "$work/validate.txt" || fail "installed validate: $(cat "$work/validate.txt")"

# A program built against the installed package (a fresh configure: no state of this build).
"$cmake" -S "$here/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/moved" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release > "$work/consumer.log" 2>&1 \
  || { cat "$work/consumer.log"; fail "find_package(warpsim) project did not configure"; }
"$cmake" --build "$work/consumer" -j2 >> "$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "find_package(warpsim) project did not build"; }
out=$("$work/consumer/consumer" installed_toy)
# Figure 4.7: 4 adds per load at 6 warps sustain the SM's 1 IPC of adds, 32 thread-ops per cycle (Volkov 2016 §4.6).
grep -q "^gpu=installed_toy data=$work/moved/share/warpsim adds_per_cycle_per_sm=" <<< "$out" || fail "consumer: $out"
echo "$out"

if [ "$have_python" = ON ]; then
  PYTHONPATH="$work/moved/$pythondir" PYTHONDONTWRITEBYTECODE=1 "$python" - "$work/moved" <<'PY' || fail "installed Python module"
import sys, warpsim
prefix = sys.argv[1]
assert str(warpsim.data_root()) == prefix + "/share/warpsim", warpsim.data_root()
assert warpsim.__file__.startswith(prefix), warpsim.__file__
rows = warpsim.run("installed_toy", "alpha_mix", 6, params={"alpha": 4})
assert rows[0]["gpu"] == "installed_toy", rows
PY
fi
echo "check_install: ok"
