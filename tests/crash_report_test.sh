#!/usr/bin/env bash
# If tensorplay itself crashes, the learner sees the Python traceback of the line that ran and
# a note on reporting it, and keeps their history and lesson progress. The crash is made on
# purpose with ctypes (reading address 0), which kills the process as a tensorplay bug would:
# as a script, at the prompt in a real terminal (tmux) with a private HOME, and in the GUI's
# console (under Xvfb, when tensorplay-gui was built and xvfb-run is installed).
# Usage: crash_report_test.sh path/to/tensorplay. Exits 77 (skipped) when tmux is missing.
set -u
BIN=${1:?usage: crash_report_test.sh path/to/tensorplay}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
WORK=$(mktemp -d)
SOCK="$WORK/tmux.sock"
tmx() { tmux -S "$SOCK" "$@"; }
cleanup() { tmx kill-server >/dev/null 2>&1; rm -rf "$WORK"; }
trap cleanup EXIT
FAILED=0
fail() { echo "FAIL: $*"; FAILED=1; }
NOTE='^tensorplay crashed: this is a bug in tensorplay, not in your code\. Please report it'

# A script: the traceback names the script's line, the note follows, the exit is SIGSEGV's.
cd "$WORK" || exit 2
printf 'import torch\nx = torch.ones(2)\nimport ctypes\nctypes.string_at(0)\nprint("not reached")\n' > crash.py
out=$("$BIN" --sim run crash.py 2>&1); rc=$?
# 139: SIGSEGV; 134: the sanitizer build, whose own report then aborts.
[ "$rc" = 139 ] || [ "$rc" = 134 ] || fail "script: exit status $rc, not a crash's"
grep -q '^Fatal Python error: Segmentation fault' <<<"$out" || fail "script: no faulthandler report"
grep -q '^  File "crash.py", line 4 in <module>' <<<"$out" || fail "script: the traceback does not name crash.py line 4"
grep -Eq "$NOTE" <<<"$out" || fail "script: no report note"
grep -q 'not reached' <<<"$out" && fail "script: ran past the crash"
[ $FAILED = 0 ] || printf '%s\n' "$out" | sed 's/^/  | /'

# The prompt: lesson progress saved by :lesson/:next and the history survive the crash.
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: prompt part skipped"; [ $FAILED = 0 ] && exit 77; exit 1; }
mkdir -p "$WORK/home"
screen() { tmx capture-pane -p -J -S -200 -t tp 2>/dev/null; }
wait_for() {
  local i
  for ((i = 0; i < 400; i++)); do screen | grep -Eq -- "$1" && return 0; sleep 0.05; done
  return 1
}
type_line() { tmx send-keys -t tp -l -- "$1"; tmx send-keys -t tp Enter; }
tmx new-session -d -s tp -x 160 -y 50 "env HOME='$WORK/home' '$BIN' --sim"
tmx set-option -t tp remain-on-exit on >/dev/null
wait_for '^>>> ' || fail "prompt: no prompt"
type_line ':lesson 2'
type_line ':next'
type_line 'x = 41'
wait_for '^>>> x = 41' || fail "prompt: lines not taken"
progress="$WORK/home/.tensorplay/progress"
sleep 0.5
cp "$progress" "$WORK/progress.before" 2>/dev/null || fail "prompt: :lesson saved no progress"
type_line 'import ctypes; ctypes.string_at(0)'
wait_for "$NOTE" || fail "prompt: no report note after the crash"
screen | grep -q '^  File "<stdin>", line 1 in <module>' || fail "prompt: the traceback does not name the prompt's line"
cmp -s "$WORK/progress.before" "$progress" || fail "prompt: lesson progress changed by the crash"
grep -q '^02_devices 2 ' "$progress" || fail "prompt: progress is not lesson 2's step 2"
history="$WORK/home/.tensorplay_history"
for entry in ':lesson\\0402' ':next' 'x\\040=\\04041' 'import\\040ctypes;\\040ctypes.string_at(0)'; do
  grep -qx -- "$entry" "$history" || fail "prompt: history lacks $entry"
done
if [ $FAILED = 0 ]; then echo "crash report: script and prompt ok"; else echo "---- screen ----"; screen; fi

# The GUI: the console's line crashes on the session's thread; its traceback and the note
# come out all the same, and the lesson progress saved above stays as it was.
GUI="$(dirname "$BIN")/tensorplay-gui"
if [ -x "$GUI" ] && command -v xvfb-run >/dev/null 2>&1; then
  out=$(env HOME="$WORK/home" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" "$GUI" --sim \
        --exec 'x = 1' --exec 'import ctypes; ctypes.string_at(0)' --screenshot "$WORK/gui.png" 2>&1)
  grep -q '^Fatal Python error: Segmentation fault' <<<"$out" || fail "gui: no faulthandler report"
  grep -q '^  File "<stdin>", line 1 in <module>' <<<"$out" || fail "gui: the traceback does not name the console's line"
  grep -Eq "$NOTE" <<<"$out" || fail "gui: no report note"
  cmp -s "$WORK/progress.before" "$progress" || fail "gui: lesson progress changed by the crash"
  if [ $FAILED = 0 ]; then echo "crash report: gui ok"; else printf '%s\n' "$out" | sed 's/^/  | /'; fi
else
  echo "no tensorplay-gui or xvfb-run: gui part skipped"
fi
exit $FAILED
