#!/bin/bash
# Runs every ```sh block of docs/tutorial.md, in order, in a fresh directory whose build/warpsim is
# the binary under test; fails on the first command that fails. Usage: run_tutorial.sh TUTORIAL.md WARPSIM
set -euo pipefail
tutorial=$1
binary=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build"
ln -s "$binary" "$work/build/warpsim"
# The blocks' lines, in order: between a ```sh line and the next ``` line.
mapfile -t commands < <(awk '/^```sh$/ {inside = 1; next} /^```/ {inside = 0} inside' "$tutorial")
[ ${#commands[@]} -gt 0 ] || { echo "no sh blocks in $tutorial" >&2; exit 1; }
cd "$work"
start=$SECONDS
for c in "${commands[@]}"; do
  echo "+ $c"
  bash -c "$c" > /dev/null || { echo "tutorial command failed: $c" >&2; exit 1; }
done
echo "${#commands[@]} commands in $((SECONDS - start)) s"
