#!/bin/sh
# Prints the folder-level include edges of core/ and ui/ (A -> B when a file in A includes
# "B/…"), and fails on a cycle among a tree's folders or on an include that points upward.
# usage: sh tools/include_layers.sh [SOURCE_ROOT]
set -eu
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
status=0

# edges TREE PREFIX: "A B" for every file in TREE/A including "PREFIXB/…" with B a folder of TREE.
edges() {
    tree=$1 prefix=$2
    for dir in "$ROOT/$tree"/*/; do
        a=$(basename "$dir")
        grep -rhoE "^[[:space:]]*#[[:space:]]*include[[:space:]]+\"$prefix[a-z_0-9]+/" "$dir" \
            --include='*.cpp' --include='*.hpp' --include='*.inc' 2>/dev/null |
            sed -E "s|.*\"$prefix([a-z_0-9]+)/|\\1|" | sort -u |
            while read -r b; do
                if [ "$b" != "$a" ] && [ -d "$ROOT/$tree/$b" ]; then echo "$a $b"; fi
            done || true
    done
    return 0
}

check_tree() {
    tree=$1 prefix=$2
    list=$(edges "$tree" "$prefix")
    echo "== $tree/"
    echo "$list" | awk 'NF { e[$1] = e[$1] " " $2 } END { for (a in e) print a " ->" e[a] }' | sort
    # tsort reports a loop on standard error; its order output is not needed.
    if ! loops=$(echo "$list" | tsort 2>&1 >/dev/null) || [ -n "$loops" ]; then
        echo "include cycle among the folders of $tree/:"
        echo "$loops"
        status=1
    fi
}

check_tree core ""
check_tree ui "ui/"

# Upward includes: core (the engine) never includes the GUI or the programs; ui never the programs.
up=$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"(ui|app|tests)/' "$ROOT/core" || true)
up="$up$(grep -rnE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"(app|tests)/' "$ROOT/ui" || true)"
if [ -n "$up" ]; then
    echo "includes pointing upward:"
    echo "$up"
    status=1
fi
[ $status -eq 0 ] && echo "no cycles, nothing included upward"
exit $status
