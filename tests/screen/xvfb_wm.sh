#!/bin/sh
# Runs a command on a real X server of a given size with a window manager: Xvfb at WxH and
# openbox, as a laptop's desktop would show the window (frame, title bar, placement).
#
# usage: sh xvfb_wm.sh WIDTHxHEIGHT COMMAND [ARG]...
set -eu
[ $# -ge 2 ] || { echo "usage: sh $0 WIDTHxHEIGHT COMMAND [ARG]..." >&2; exit 2; }
SIZE=$1
shift
for tool in Xvfb openbox xprop; do
    command -v "$tool" >/dev/null ||
        { echo "xvfb_wm: $tool not found (tools/bootstrap installs it: see tools/debian-packages)" >&2; exit 1; }
done

TMP=$(mktemp -d)
cleanup() {
    [ -n "${WM_PID:-}" ] && kill "$WM_PID" 2>/dev/null || true
    [ -n "${X_PID:-}" ] && kill "$X_PID" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$TMP"
}
trap cleanup EXIT INT TERM

# -displayfd: the server picks a free display number and writes it when it is ready.
Xvfb -displayfd 3 -screen 0 "${SIZE}x24" -nolisten tcp -noreset 3>"$TMP/display" 2>"$TMP/xvfb.log" &
X_PID=$!
i=0
while [ ! -s "$TMP/display" ]; do
    i=$((i + 1))
    [ $i -le 100 ] || { echo "xvfb_wm: Xvfb did not start:" >&2; cat "$TMP/xvfb.log" >&2; exit 1; }
    sleep 0.1
done
DISPLAY=:$(head -n1 "$TMP/display")
export DISPLAY

HOME_DIR="$TMP/home"
mkdir -p "$HOME_DIR"
HOME="$HOME_DIR" openbox >"$TMP/wm.log" 2>&1 &
WM_PID=$!
# The window manager is up once it has set _NET_SUPPORTING_WM_CHECK on the root window.
i=0
until xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; do
    i=$((i + 1))
    [ $i -le 100 ] || { echo "xvfb_wm: openbox did not start:" >&2; cat "$TMP/wm.log" >&2; exit 1; }
    sleep 0.1
done

QT_QPA_PLATFORM=xcb "$@"
