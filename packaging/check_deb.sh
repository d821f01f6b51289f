#!/bin/sh
# Packaging test: builds the DEB with cpack from a finished build folder, checks that it
# holds both programs and the desktop files, unpacks it and runs the installed programs.
set -eu
BUILD=$1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cpack --config "$BUILD/CPackConfig.cmake" -G DEB -B "$WORK/out" >"$WORK/cpack.log" 2>&1 || { cat "$WORK/cpack.log"; exit 1; }
DEB=$(ls "$WORK"/out/*.deb)
dpkg-deb -c "$DEB" >"$WORK/contents"
GUI=0
if grep -q " ./usr/bin/kbc-explorer\$" "$WORK/contents"; then GUI=1; fi
EXPECTED="./usr/bin/kbcx"
[ $GUI -eq 0 ] || EXPECTED="$EXPECTED ./usr/share/applications/org.kbcexplorer.KbcExplorer.desktop
    ./usr/share/metainfo/org.kbcexplorer.KbcExplorer.metainfo.xml
    ./usr/share/icons/hicolor/scalable/apps/org.kbcexplorer.KbcExplorer.svg"
for f in $EXPECTED; do
    grep -q " $f\$" "$WORK/contents" || { echo "missing from package: $f"; cat "$WORK/contents"; exit 1; }
done
dpkg-deb -f "$DEB" Depends | grep -q "libraptor2" || { echo "Depends lacks libraptor2 (shlibdeps)"; exit 1; }
dpkg-deb -x "$DEB" "$WORK/root"
"$WORK/root/usr/bin/kbcx" --version
if [ $GUI -eq 1 ]; then
    QT_QPA_PLATFORM=offscreen "$WORK/root/usr/bin/kbc-explorer" --demo --screenshot "$WORK/shot.png"
    [ -s "$WORK/shot.png" ] || { echo "installed kbc-explorer wrote no screenshot"; exit 1; }
fi
echo "package OK: $(basename "$DEB")"
