#!/bin/sh
# Fails, naming each file, when a C++ source of the tree is off the repository's .clang-format
# (clang-format --dry-run -Werror): the format the tree was put in stays.
# usage: sh tools/check_format.sh [SOURCE_ROOT]
set -eu
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
command -v clang-format >/dev/null || { echo "clang-format is not installed (tools/debian-packages lists it)"; exit 1; }
[ -f "$ROOT/.clang-format" ] || { echo "$ROOT/.clang-format is missing"; exit 1; }
off=0
total=0
for f in $(find "$ROOT/core" "$ROOT/ui" "$ROOT/app" "$ROOT/tests" "$ROOT/packaging" \
        \( -path "$ROOT/tests/data" -o -path "$ROOT/tests/fuzz/corpus" \) -prune -o \
        \( -name '*.cpp' -o -name '*.hpp' -o -name '*.inc' \) -type f -print 2>/dev/null | sort); do
    total=$((total + 1))
    if ! clang-format --style=file --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "not formatted: ${f#"$ROOT"/} (clang-format -i ${f#"$ROOT"/})"
        off=$((off + 1))
    fi
done
[ "$total" -gt 0 ] || { echo "no sources found under $ROOT"; exit 1; }
[ "$off" -eq 0 ] || { echo "$off of $total files are off .clang-format"; exit 1; }
echo "all $total sources follow .clang-format"
