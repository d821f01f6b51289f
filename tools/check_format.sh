#!/bin/sh
# Fails, naming each file, when a C++ source of the tree is off the repository's .clang-format
# (clang-format --dry-run -Werror): the format the tree was put in stays.
# usage: sh tools/check_format.sh [SOURCE_ROOT]
set -eu
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
command -v clang-format >/dev/null || { echo "clang-format is not installed (tools/debian-packages lists it)"; exit 1; }
[ -f "$ROOT/.clang-format" ] || { echo "$ROOT/.clang-format is missing"; exit 1; }
list=$(mktemp)
report=$(mktemp)
trap 'rm -f "$list" "$report"' EXIT
find "$ROOT/core" "$ROOT/ui" "$ROOT/app" "$ROOT/tests" "$ROOT/packaging" \
    \( -path "$ROOT/tests/data" -o -path "$ROOT/tests/fuzz/corpus" \) -prune -o \
    \( -name '*.cpp' -o -name '*.hpp' -o -name '*.inc' \) -type f -print 2>/dev/null | sort >"$list"
total=$(wc -l <"$list")
[ "$total" -gt 0 ] || { echo "no sources found under $ROOT"; exit 1; }
# One clang-format process for all files (a process per file took most of this check's time);
# it reports every misformatted file as "FILE:LINE:COL: error: code should be clang-formatted".
status=0
tr '\n' '\0' <"$list" | xargs -0 clang-format --style=file --dry-run -Werror >/dev/null 2>"$report" || status=$?
off=$(grep -o '^.*:[0-9]*:[0-9]*: error: code should be clang-formatted' "$report" |
    sed 's/:[0-9]*:[0-9]*: error: .*//' | sort -u)
for f in $off; do
    echo "not formatted: ${f#"$ROOT"/} (clang-format -i ${f#"$ROOT"/})"
done
n=$(printf '%s' "$off" | grep -c . || true)
[ "$n" -eq 0 ] || { echo "$n of $total files are off .clang-format"; exit 1; }
# clang-format failed for another reason (an unreadable file, a broken .clang-format).
[ "$status" -eq 0 ] || { echo "clang-format failed:"; cat "$report"; exit 1; }
echo "all $total sources follow .clang-format"
