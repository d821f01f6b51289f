#!/bin/sh
# Builds a tiny source tree whose core folders include each other and whose ui includes app/,
# and expects tools/include_layers.sh to fail naming both faults.
set -eu
CHECK=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/core/alpha" "$T/core/beta" "$T/ui/pages" "$T/ui/common"
printf '#include "beta/b.hpp"\n' > "$T/core/alpha/a.hpp"
printf '#include "alpha/a.hpp"\n' > "$T/core/beta/b.hpp"
printf '#include "ui/common/c.hpp"\n' > "$T/ui/pages/p.hpp"
printf '#include "app/kbcx/cli.hpp"\n' > "$T/ui/common/c.hpp"
if out=$(sh "$CHECK" "$T" 2>&1); then
    echo "the check passed a tree with a cycle:"; echo "$out"; exit 1
fi
echo "$out"
echo "$out" | grep -q "include cycle among the folders of core/" || { echo "cycle not named"; exit 1; }
echo "$out" | grep -q "ui/common/c.hpp" || { echo "upward include not named"; exit 1; }
# ui's own edges are not a cycle: the tree's ui part must not be reported.
if echo "$out" | grep -q "folders of ui/"; then echo "ui reported as a cycle"; exit 1; fi
echo "caught"
