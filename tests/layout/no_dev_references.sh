#!/bin/sh
# Fails when anything a user sees names this project's development folders or documents
# (../shared, shared/data, shared/papers, DESIGN.md, models.md): README, the shipped data and resources,
# the desktop files, every string of the programs' sources outside comments, and the output of
# `kbcx --help` and of every `kbcx COMMAND --help`.
# usage: sh tests/layout/no_dev_references.sh SOURCE_ROOT KBCX
set -eu
ROOT=$1
KBCX=$2
PATTERN='\.\./shared|shared/(data|papers|formulas|references)|DESIGN\.md|models\.md'
status=0
report() { echo "user-visible reference to a development folder or document: $1"; status=1; }

# Documents and data users get.
hits=$(grep -rnE "$PATTERN" "$ROOT/README.md" "$ROOT/data" "$ROOT/resources" "$ROOT/packaging" 2>/dev/null || true)
[ -z "$hits" ] || report "$hits"

# Program sources: every line that is not a comment (//, /// or a continued /* */ block is
# not user-visible; string literals are).
hits=$(grep -rnE "$PATTERN" "$ROOT/core" "$ROOT/ui" "$ROOT/app" --include='*.cpp' --include='*.hpp' --include='*.inc' |
    grep -vE '^[^:]+:[0-9]+:[[:space:]]*(//|\*|/\*)' |
    sed -E 's|//[^"]*$||' | grep -E "$PATTERN" || true) # a trailing comment (no quote after //) is dropped first
[ -z "$hits" ] || report "$hits"

# Help texts as printed.
out=$("$KBCX" --help 2>&1 || true)
for cmd in $(echo "$out" | sed -n '/^commands:/,/^$/p' | awk 'NR>1 && NF {print $1}'); do
    out="$out
$("$KBCX" "$cmd" --help 2>&1 || true)"
done
hits=$(echo "$out" | grep -nE "$PATTERN" || true)
[ -z "$hits" ] || report "in the help texts: $hits"
[ $status -eq 0 ] && echo "no user-visible reference to development folders or documents"
exit $status
