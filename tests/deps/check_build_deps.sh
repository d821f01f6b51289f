#!/bin/sh
# Fails when a build reads a file from a Debian package that tools/bootstrap neither installs
# nor pulls in: the CMake package configs and library paths it found, and every system header.
#
# usage: sh check_build_deps.sh [--without PKG]... PACKAGE_LIST BUILD_DIR...
# --without checks as if PKG were not in the list (the test that the check catches a gap).
# The package list is tools/debian-packages (one name a line, '#' comments). Each BUILD_DIR is
# a finished Ninja build; its dependency log (`ninja -t deps`) names every header compiled in.
set -eu
export LC_ALL=C

WITHOUT=""
while [ $# -gt 0 ] && [ "$1" = "--without" ]; do
    [ $# -ge 2 ] || break
    WITHOUT="$WITHOUT $2"
    shift 2
done
[ $# -ge 2 ] || { echo "usage: sh $0 [--without PKG]... PACKAGE_LIST BUILD_DIR..." >&2; exit 2; }
LIST=$1
shift
for tool in dpkg dpkg-query apt-cache ninja; do
    command -v "$tool" >/dev/null || { echo "check_build_deps: $tool not found" >&2; exit 2; }
done
[ -r "$LIST" ] || { echo "check_build_deps: cannot read $LIST" >&2; exit 2; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# 1. The files the builds read from outside themselves.
: >"$TMP/files"
for build in "$@"; do
    [ -f "$build/CMakeCache.txt" ] && [ -f "$build/build.ninja" ] ||
        { echo "check_build_deps: $build is not a configured Ninja build folder" >&2; exit 2; }
    # Headers: `ninja -t deps` prints each object's dependencies indented under it.
    ninja -C "$build" -t deps 2>/dev/null | sed -n 's/^    \(\/.*\)$/\1/p' >>"$TMP/files"
    # Package configs CMake loaded (Foo_DIR:PATH=…, the folder of FooConfig.cmake).
    sed -n 's/^[A-Za-z0-9_.+-]*_DIR:PATH=\(\/usr\/.*\)$/\1/p' "$build/CMakeCache.txt" >>"$TMP/files"
    # Libraries and other system files the build commands name (the link lines' .so and .a).
    tr ' ;' '\n\n' <"$build/build.ninja" | sed -n 's/^\(\/usr\/[^$:]*\.\(so\|a\)\(\.[0-9.]*\)\{0,1\}\)$/\1/p' >>"$TMP/files"
    # pkg-config modules CMake asked for: the .pc file of each one.
    sed -n 's/^[A-Za-z0-9_]*_MODULE_NAME:INTERNAL=\(.*\)$/\1/p' "$build/CMakeCache.txt" |
        while read -r mod; do
            [ -n "$mod" ] && pkg-config --path "$mod" 2>/dev/null || true
        done >>"$TMP/files"
done
# Keep system files only (not the build's own or the checkout's), each once; a folder found by
# CMake (a package config folder, say) stands for the files in it that the build read, so the
# package of its config file is asked for.
grep '^/usr/' "$TMP/files" | grep -v "^$(cd "$(dirname "$0")/../.." && pwd)/" | sort -u >"$TMP/paths"
while read -r p; do
    if [ -d "$p" ]; then
        for f in "$p"/*Config.cmake "$p"/*-config.cmake; do [ -f "$f" ] && echo "$f"; done
    elif [ -e "$p" ]; then
        echo "$p"
    fi
done <"$TMP/paths" | sort -u >"$TMP/lookup"

# 2. Their packages. dpkg knows a file by the path its package installed, so a path through
# a symbolic link (or /lib for /usr/lib on a merged-/usr system) is tried as resolved too.
# `dpkg -S` answers "pkg[:arch][, pkg…]: /path"; this keeps "pkg[, pkg…]<TAB>/path".
owners() {
    awk '/^diversion / { next } { i = index($0, ": /"); if (i) { o = substr($0, 1, i - 1); gsub(/:[a-z0-9]+/, "", o); print o "\t" substr($0, i + 2) } }'
}
xargs -r dpkg -S <"$TMP/lookup" 2>/dev/null | owners >"$TMP/owned" || true
cut -f2 "$TMP/owned" | sort -u >"$TMP/owned_paths"
comm -23 "$TMP/lookup" "$TMP/owned_paths" | while read -r p; do
    r=$(readlink -f "$p")
    for q in "$r" "${r#/usr}" "${p#/usr}"; do
        o=$(dpkg -S "$q" 2>/dev/null | owners | head -n1 | cut -f1)
        [ -n "$o" ] && { printf '%s\t%s\n' "$o" "$p"; break; }
    done
done >>"$TMP/owned"
cut -f2 "$TMP/owned" | sort -u >"$TMP/owned_paths"
comm -23 "$TMP/lookup" "$TMP/owned_paths" >"$TMP/unowned"

# 3. What tools/bootstrap installs: its list and everything the list depends on, recursively
# (Depends and Pre-Depends; a virtual name stands for every package that provides it).
sed -e 's/#.*//' "$LIST" | tr -s ' \t' '\n' | sed '/^$/d' | sort -u >"$TMP/list"
for pkg in $WITHOUT; do
    grep -vx "$pkg" "$TMP/list" >"$TMP/list.new" || true
    mv "$TMP/list.new" "$TMP/list"
done
# shellcheck disable=SC2046 # one name a word
apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
    --no-replaces --no-enhances $(cat "$TMP/list") 2>/dev/null |
    sed -e 's/^ *\(|\)\{0,1\}\(Pre\)\{0,1\}Depends: //' -e 's/^ *//' -e 's/[<>]//g' -e 's/:[a-z0-9]*$//' |
    sort -u >"$TMP/closure"
cat "$TMP/list" >>"$TMP/closure"
# Essential packages are on every Debian system.
dpkg-query -W -f='${Package} ${Essential}\n' | awk '$2 == "yes" { print $1 }' >>"$TMP/closure"
sort -u -o "$TMP/closure" "$TMP/closure"

# 4. Every package the builds read must be in that closure.
status=0
cut -f1 "$TMP/owned" | tr ',' '\n' | sed 's/^ *//' | sort -u >"$TMP/read"
comm -23 "$TMP/read" "$TMP/closure" >"$TMP/missing"
if [ -s "$TMP/missing" ]; then
    status=1
    echo "check_build_deps: the build reads packages that $LIST neither lists nor pulls in:"
    while read -r pkg; do
        file=$(awk -F'\t' -v p="$pkg" '{ n = split($1, a, /, */); for (i = 1; i <= n; i++) if (a[i] == p && (best == "" || length($2) < length(best))) best = $2 } END { print best }' "$TMP/owned")
        echo "  missing package: $pkg (e.g. $file)"
    done <"$TMP/missing"
fi
if [ -s "$TMP/unowned" ]; then
    echo "check_build_deps: note: $(wc -l <"$TMP/unowned") system files the build read belong to no package (made by maintainer scripts or by hand), e.g.:"
    head -n 5 "$TMP/unowned" | sed 's/^/  /'
fi
echo "check_build_deps: $(wc -l <"$TMP/lookup") system files read, from $(wc -l <"$TMP/read") packages; $(wc -l <"$TMP/list") listed, $(wc -l <"$TMP/closure") with their dependencies"
[ $status -eq 0 ] && echo "check_build_deps: every package the build reads is installed by tools/bootstrap"
exit $status
