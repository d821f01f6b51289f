#!/bin/sh
# Packaging test: builds the two DEBs with cpack from a finished build folder (kbc-explorer and
# kbc-explorer-data), checks their contents (programs, desktop file, metainfo, icons, MIME type,
# man pages, data), validates them, unpacks both into a temporary root and runs the installed
# programs from there: a quick reproduction reads only the installed data.
set -eu
BUILD=$1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "check_deb: $*"; exit 1; }
cpack --config "$BUILD/CPackConfig.cmake" -G DEB -B "$WORK/out" >"$WORK/cpack.log" 2>&1 || { cat "$WORK/cpack.log"; exit 1; }
DEB=$(ls "$WORK"/out/kbc-explorer_*.deb)
DATA_DEB=$(ls "$WORK"/out/kbc-explorer-data_*.deb)
dpkg-deb -c "$DEB" >"$WORK/contents"
dpkg-deb -c "$DATA_DEB" >"$WORK/data-contents"
GUI=0
if grep -q " ./usr/bin/kbc-explorer\$" "$WORK/contents"; then GUI=1; fi
ID=org.kbcexplorer.KbcExplorer
EXPECTED="./usr/bin/kbcx ./usr/share/man/man1/kbcx.1"
[ $GUI -eq 0 ] || EXPECTED="$EXPECTED ./usr/share/applications/$ID.desktop
    ./usr/share/metainfo/$ID.metainfo.xml
    ./usr/share/icons/hicolor/scalable/apps/$ID.svg
    ./usr/share/icons/hicolor/48x48/apps/$ID.png
    ./usr/share/icons/hicolor/128x128/apps/$ID.png
    ./usr/share/icons/hicolor/256x256/apps/$ID.png
    ./usr/share/mime/packages/$ID.xml
    ./usr/share/man/man1/kbc-explorer.1"
for f in $EXPECTED; do
    grep -q " $f\$" "$WORK/contents" || { cat "$WORK/contents"; fail "missing from package: $f"; }
done
dpkg-deb -f "$DEB" Depends | grep -q "libraptor2" || fail "Depends lacks libraptor2 (shlibdeps)"
dpkg-deb -f "$DEB" Recommends | grep -q "kbc-explorer-data" || fail "kbc-explorer does not recommend kbc-explorer-data"
[ "$(dpkg-deb -f "$DATA_DEB" Architecture)" = all ] || fail "kbc-explorer-data is not Architecture: all"
for f in onto/pizza.owl.gz kg/FB15k-237/train.txt.gz kg/WN18RR/test.txt.gz rules/LUBM_rule_all.dlog README.md \
    demo/university.ofn demo/university_tests.tsv demo/university_unfaithful_scores.tsv; do
    grep -q " ./usr/share/kbc-explorer/data/$f\$" "$WORK/data-contents" || fail "missing from kbc-explorer-data: $f"
done
if grep -q "share/kbc-explorer/data" "$WORK/contents"; then fail "the programs' package holds data files"; fi
dpkg-deb -x "$DEB" "$WORK/root"
dpkg-deb -x "$DATA_DEB" "$WORK/root"
R="$WORK/root/usr"

# The installed programs run from the unpacked root and name the libraries they were built with.
"$R/bin/kbcx" --version | tee "$WORK/version"
for lib in Qt Eigen Boost raptor2; do grep -q "^  $lib " "$WORK/version" || fail "kbcx --version lacks $lib"; done

# Man pages: readable with man -l; kbcx(1) holds every subcommand's --help.
MANWIDTH=100 man -l "$R/share/man/man1/kbcx.1" >"$WORK/kbcx.txt" 2>"$WORK/man.err" || { cat "$WORK/man.err"; fail "man -l kbcx.1 failed"; }
[ ! -s "$WORK/man.err" ] || { cat "$WORK/man.err"; fail "man -l kbcx.1 warned"; }
for cmd in $("$R/bin/kbcx" --help | sed -n '/^commands:/,/^$/p' | awk 'NR>1 && NF {print $1}'); do
    grep -q "usage: kbcx $cmd " "$WORK/kbcx.txt" || fail "kbcx(1) lacks the help of 'kbcx $cmd'"
done
grep -q "EXIT STATUS" "$WORK/kbcx.txt" || fail "kbcx(1) lacks EXIT STATUS"

# A quick reproduction from a folder with no data beside it, $KBCX_DATA unset: the installed
# program finds the installed data (and never the source tree it was built from).
mkdir -p "$WORK/empty"
(cd "$WORK/empty" && env -u KBCX_DATA "$R/bin/kbcx" reproduce gci1-inversion --quick --out reports \
    >"$WORK/repro.log" 2>&1) || { cat "$WORK/repro.log"; fail "kbcx reproduce gci1-inversion --quick failed"; }
# The walkthrough's first step on the installed demo files.
D="$R/share/kbc-explorer/data/demo"
"$R/bin/kbcx" eval --tests "$D/university_tests.tsv" --scores "$D/university_unfaithful_scores.tsv" >"$WORK/eval.txt" ||
    fail "kbcx eval on the installed demo files failed"
grep -q "L0" "$WORK/eval.txt" || { cat "$WORK/eval.txt"; fail "kbcx eval printed no ladder"; }
grep -q "share/kbc-explorer/data" "$WORK/empty/reports/gci1-inversion/report.md" ||
    fail "the reproduction did not read the installed data"
[ -s "$WORK/empty/reports/gci1-inversion/report.json" ] || fail "the reproduction wrote no report.json"
# Without the data package, the same command fails naming the places it looked at.
mv "$R/share/kbc-explorer/data" "$WORK/data-away"
if (cd "$WORK/empty" && env -u KBCX_DATA "$R/bin/kbcx" reproduce gci1-inversion --quick --out r2 >"$WORK/nodata.log" 2>&1); then
    fail "a reproduction without data succeeded"
fi
grep -q "no data folder found; looked at" "$WORK/nodata.log" || { cat "$WORK/nodata.log"; fail "no message naming the places"; }
mv "$WORK/data-away" "$R/share/kbc-explorer/data"

if [ $GUI -eq 1 ]; then
    export QT_QPA_PLATFORM=offscreen
    "$R/bin/kbc-explorer" --version | tee "$WORK/gui-version"
    for lib in Qt Eigen Boost raptor2; do grep -q "^  $lib " "$WORK/gui-version" || fail "kbc-explorer --version lacks $lib"; done
    MANWIDTH=100 man -l "$R/share/man/man1/kbc-explorer.1" >"$WORK/gui.txt" 2>"$WORK/man.err" || { cat "$WORK/man.err"; fail "man -l kbc-explorer.1 failed"; }
    [ ! -s "$WORK/man.err" ] || { cat "$WORK/man.err"; fail "man -l kbc-explorer.1 warned"; }
    grep -q -- "--screenshot" "$WORK/gui.txt" || fail "kbc-explorer(1) lacks the --help options"

    # Desktop integration, validated as installed.
    desktop-file-validate "$R/share/applications/$ID.desktop" || fail "desktop-file-validate"
    appstreamcli validate --no-net --pedantic "$R/share/metainfo/$ID.metainfo.xml" || fail "appstreamcli validate"
    grep -q "<screenshot" "$R/share/metainfo/$ID.metainfo.xml" || fail "metainfo has no screenshots"
    grep -q "<release " "$R/share/metainfo/$ID.metainfo.xml" || fail "metainfo has no release notes"
    for size in 48 128 256; do
        file "$R/share/icons/hicolor/${size}x${size}/apps/$ID.png" | grep -q "PNG image data, $size x $size," \
            || fail "the ${size} px icon is not a ${size}x${size} PNG"
    done
    xmllint --noout "$R/share/icons/hicolor/scalable/apps/$ID.svg" || fail "the SVG icon is not well-formed"
    # The MIME package compiles, and a run folder's params.json and a .kbo file get our types.
    mkdir -p "$WORK/mime/packages"
    cp "$R/share/mime/packages/$ID.xml" "$WORK/mime/packages/"
    cp -r /usr/share/mime/packages/freedesktop.org.xml "$WORK/mime/packages/" 2>/dev/null || true
    update-mime-database "$WORK/mime" 2>"$WORK/mime.err" || { cat "$WORK/mime.err"; fail "update-mime-database"; }
    grep -q "^application/x-kbcx-run" "$WORK/mime/types" || fail "application/x-kbcx-run not registered"
    grep -q "^text/x-kbcx-ontology" "$WORK/mime/types" || fail "text/x-kbcx-ontology not registered"
    grep -q "params.json" "$WORK/mime/globs2" || fail "params.json glob missing"
    grep -q "MimeType=.*text/x-kbcx-ontology" "$R/share/applications/$ID.desktop" || fail "desktop file lacks our MIME type"

    # The installed GUI renders a screenshot of the demo.
    KBCX_SETTINGS_DIR="$WORK/settings" "$R/bin/kbc-explorer" --demo --screenshot "$WORK/shot.png"
    [ -s "$WORK/shot.png" ] || fail "installed kbc-explorer wrote no screenshot"
fi
echo "packages OK: $(basename "$DEB") $(basename "$DATA_DEB")"
