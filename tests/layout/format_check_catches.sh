#!/bin/sh
# Feeds tools/check_format.sh a tiny tree with one formatted and one misformatted file and
# expects it to fail naming only the second.
set -eu
CHECK=$1
STYLE=$2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/core/a" "$T/ui" "$T/app" "$T/tests" "$T/packaging"
cp "$STYLE" "$T/.clang-format"
printf 'int good() {\n    return 1;\n}\n' > "$T/core/a/good.cpp"
printf 'int   bad( ){return 1;}\n' > "$T/core/a/bad.cpp"
if out=$(sh "$CHECK" "$T" 2>&1); then echo "the check passed a misformatted file:"; echo "$out"; exit 1; fi
echo "$out"
echo "$out" | grep -q "not formatted: core/a/bad.cpp" || { echo "bad.cpp not named"; exit 1; }
if echo "$out" | grep -q "good.cpp"; then echo "good.cpp named"; exit 1; fi
echo "caught"
