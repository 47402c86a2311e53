#!/usr/bin/env bash
# Fails when a C++ or CUDA source of the project is not laid out as .clang-format says (the
# project's one layout, applied to every file). Prints the offending lines; to fix them:
#   git ls-files '*.h' '*.cpp' '*.cu' | xargs clang-format -i
#   $1: clang-format (Debian 12's, version 14: other versions lay some lines out differently)
#   $2: the source tree
set -euo pipefail
clang_format=$1
cd "$2"
find sim tests bench validation/microbench \( -name '*.h' -o -name '*.cpp' -o -name '*.cu' \) -print0 | sort -z |
  xargs -0 "$clang_format" --style=file --dry-run -Werror
