#!/usr/bin/env bash
# A project that embeds warpsim's source tree with add_subdirectory: it configures (the library's
# sources and include path are found from the embedded tree, not from the top project's), leaves
# out warpsim's tests, benchmarks and install rules, and compiles a program against warpsim::warpsim.
# The program is compiled, not linked: linking would build the whole library again (minutes),
# which the top-level build already checks. Usage (from ctest): check_add_subdirectory.sh SOURCE_DIR HERE CMAKE CXX
set -euo pipefail
src=$1 here=$2 cmake=$3 cxx=$4
work=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-subdir.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "check_add_subdirectory: $*" >&2; exit 1; }

"$cmake" -G "Unix Makefiles" -S "$here/consumer" -B "$work/build" -DWARPSIM_SOURCE="$src" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release \
  > "$work/configure.log" 2>&1 || { cat "$work/configure.log"; fail "the embedding project did not configure"; }
grep -q "warpsim: SimGrid=" "$work/configure.log" || fail "warpsim's CMakeLists was not read"
[ ! -e "$work/build/warpsim/tests" ] || fail "warpsim's tests are built inside another project"
[ ! -e "$work/build/warpsim/bench" ] || fail "warpsim's benchmarks are built inside another project"
if grep -q "libwarpsim" "$work/build/warpsim/cmake_install.cmake"; then fail "warpsim's install rules are on inside another project"; fi
"$cmake" --build "$work/build" --target main.o > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "main.cpp did not compile against warpsim::warpsim"; }
echo "check_add_subdirectory: ok"
