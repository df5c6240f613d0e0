#!/usr/bin/env bash
# The interactive prompt in a real terminal: drives `tensorplay` inside tmux (send-keys,
# capture-pane) to check continuation prompts, tab completion, history, Ctrl-C, Ctrl-D,
# meta commands, the device hint and sys.exit's status. Usage: repl_pty_test.sh path/to/tensorplay
# Exits 77 (skipped) when tmux is not installed.
set -u

BIN=${1:?usage: repl_pty_test.sh path/to/tensorplay}
command -v tmux >/dev/null 2>&1 || { echo "tmux not found: skipped"; exit 77; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

WORK=$(mktemp -d)
SOCK="$WORK/tmux.sock"  # a private server: never touches the user's tmux sessions
tmx() { tmux -S "$SOCK" "$@"; }
cleanup() { tmx kill-server >/dev/null 2>&1; rm -rf "$WORK"; }
trap cleanup EXIT

FAILED=0
fail() { echo "FAIL: $*"; echo "---- screen ----"; screen; echo "----------------"; FAILED=1; }
screen() { tmx capture-pane -p -J -S -1000 -t tp 2>/dev/null; }

# Waits (up to $2 seconds, default 10) until a screen line matches the regex $1.
wait_for() {
  local pattern=$1 timeout=${2:-10} i
  for ((i = 0; i < timeout * 20; i++)); do
    screen | grep -Eq -- "$pattern" && return 0
    sleep 0.05
  done
  return 1
}
# Waits until at least $2 screen lines match the regex $1.
wait_count() {
  local pattern=$1 count=$2 timeout=${3:-10} i
  for ((i = 0; i < timeout * 20; i++)); do
    [ "$(screen | grep -Ec -- "$pattern")" -ge "$count" ] && return 0
    sleep 0.05
  done
  return 1
}
type_line() { tmx send-keys -t tp -l -- "$1"; tmx send-keys -t tp Enter; }
# A fresh terminal: the old server (and tensorplay in it, by SIGHUP) gone before the next one
# starts; a client that connects while a server exits gets "server exited unexpectedly".
restart() {
  tmx kill-server >/dev/null 2>&1
  local i
  for ((i = 0; i < 100; i++)); do tmx ls >/dev/null 2>&1 || break; sleep 0.05; done
  sleep 0.2
  rm -f "$SOCK"
  tmx new-session -d -x 160 -y 50 -s tp "bash $WORK/run.sh"
}
expect() { wait_for "$1" "${3:-10}" || fail "$2"; }

# HOME is a fresh directory: the history file is written there; --sim gives cuda:0.
# The wrapper ignores SIGINT itself (tensorplay installs its own handler) so that Ctrl-C
# never ends the pane, and it reports tensorplay's exit status.
cat >"$WORK/run.sh" <<EOF
trap '' INT
env -i HOME="$WORK" PATH=/usr/bin:/bin TERM=xterm NO_COLOR=1 "$BIN" --sim
echo "[exited \$?]"
sleep 600
EOF
tmx new-session -d -x 160 -y 50 -s tp "bash $WORK/run.sh"
expect '^>>> $' "no prompt after start" 20

# Continuation prompts for a block, ended by an empty line.
type_line "for i in range(3):"
expect '^\.\.\. $' "no '... ' continuation prompt"
type_line "    print(i * 10)"
type_line ""
expect '^20$' "the for-loop did not run"

# Tab completion of a global name and of a method, once the name exists (Tab reads the
# session's globals: a line still queued behind a busy machine has not set it yet).
type_line "longname_xyz = 4242; print('longname set')"
expect '^longname set$' "longname_xyz was not set"
tmx send-keys -t tp -l "print(longn"; tmx send-keys -t tp Tab; tmx send-keys -t tp -l ")"
tmx send-keys -t tp Enter
expect '^4242$' "Tab did not complete longn -> longname_xyz"
type_line "xs = []; print('xs set')"
expect '^xs set$' "xs was not set"
tmx send-keys -t tp -l "xs.ap"; tmx send-keys -t tp Tab; tmx send-keys -t tp -l "(7)"
tmx send-keys -t tp Enter
expect '^>>> xs\.append\(7\)$' "Tab did not complete xs.ap -> xs.append"

# History: Up recalls the previous line.
tmx send-keys -t tp Up; tmx send-keys -t tp Enter
type_line "print('count', len(xs))"
expect '^count 2$' "Up did not recall xs.append(7)"

# Ctrl-C drops a half-typed line; the session goes on.
tmx send-keys -t tp -l "print('never ' + 'run')"
tmx send-keys -t tp C-c
expect '^KeyboardInterrupt$' "Ctrl-C at the prompt did not cancel the line"
type_line "print('after ' + 'cancel')"
expect '^after cancel$' "the session did not continue after Ctrl-C"
screen | grep -q '^never run$' && fail "the cancelled line ran"

# Many Ctrl-Cs in a row at the prompt leave it working (each is waited for: two signals that
# arrive before the prompt reads again are one interrupt).
for i in 1 2 3 4 5 6; do
  tmx send-keys -t tp C-c
  wait_count '^KeyboardInterrupt$' $((1 + i)) || { fail "repeated Ctrl-C at the prompt"; break; }
done
type_line "print('prompt ' + 'ok')"
expect '^prompt ok$' "the prompt broke after repeated Ctrl-C"

# Ctrl-C interrupts running code with KeyboardInterrupt (a traceback), the REPL stays.
type_line "while True: pass"
expect '^\.\.\. $' "no continuation prompt after a one-line compound statement"
tmx send-keys -t tp Enter  # the blank line that ends it, as in Python
sleep 0.3
for attempt in 1 2 3 4 5; do
  tmx send-keys -t tp C-c
  wait_for 'Traceback \(most recent call last\):$' 2 && break
done
expect 'Traceback \(most recent call last\):$' "Ctrl-C did not interrupt while True: pass"
type_line "print('still ' + 'alive')"
expect '^still alive$' "the session did not survive the interrupt"

# A pasted block with a blank line inside a class (between two methods) is one class, as in
# a file: the blank line does not end the block while the paste is still arriving.
tmx send-keys -t tp -l "$(printf 'class Pasted:\n    def one(self):\n        return 1\n\n    def two(self):\n        return 2\n\nprint(%s, Pasted().two())' "'pasted ' + 'class'")"
tmx send-keys -t tp Enter
expect '^pasted class 2$' "a pasted class with a blank line between its methods did not work"

# Ctrl-C stops a long run of simulated-GPU kernels too.
interrupts=$(screen | grep -c '^KeyboardInterrupt$')
type_line "a = torch.ones(1000, 1000).to(cuda)"
type_line "while True: b = a.sum(0)"; tmx send-keys -t tp Enter
sleep 0.5
tmx send-keys -t tp C-c
wait_count '^KeyboardInterrupt$' $((interrupts + 1)) || fail "Ctrl-C did not stop a loop of simulated-GPU kernels"
type_line "print('kernels ' + 'stopped', a.shape, b.shape); del a, b"
expect '^kernels stopped torch.Size\(\[1000, 1000\]\) torch.Size\(\[1000\]\)$' "the session did not survive interrupted kernels"

# The device hint after x + y.
type_line "x = ones(2,3); y = x.to(cuda); x + y"
expect '^RuntimeError: Expected all tensors to be on the same device' "no device error"
expect '^hint: `x` is on cpu, `y` is on cuda:0 — move one: `x = x\.to\(y\.device\)` or `y = y\.cpu\(\)`$' \
  "no hint after x + y"

# Meta commands: completion of ':' words from the table, :devices, :mem.
tmx send-keys -t tp -l ":dev"; tmx send-keys -t tp Tab; tmx send-keys -t tp Enter
expect '^cuda:0 +simulated ' "Tab did not complete :dev -> :devices, or no devices table"
type_line ":mem"
expect '^total: cpu 24 B in 1 tensor, cuda:0 24 B in 1 tensor$' ":mem did not list x and y"

# :time labels measured and modeled times; :reset clears the session.
type_line ":time z = y * 2"
expect '^cuda:0 device time: [0-9.]+ ms \(modeled, ' ":time did not report modeled device time"
type_line ":reset"
type_line ":mem"
expect '^no tensors in scope$' ":reset did not clear the session"

# A lesson: open it, type the step's code, :check, :next; progress lands in $HOME.
type_line ":lesson 4"
expect '^Step 1 of 6: Make it crash$' ":lesson 4 did not show its first step"
type_line "import torch"
type_line "X = torch.ones(2, 3)"
type_line "Y = X.to('cuda')"
type_line "Z = X + Y"
wait_count '^RuntimeError: Expected all tensors to be on the same device' 2 || fail "the step's code did not raise"
type_line ":check"
expect '^ok: you hit the expected error$' ":check did not see the expected error"
expect '^Step 1 done! :next for the next step\.$' ":check did not mark the step done"
type_line ":next"
expect '^Step 2 of 6: Read the message$' ":next did not show step 2"
grep -qx '04_same_device_rule 2 1' "$WORK/.tensorplay/progress" || fail "progress not saved"

# Ctrl-D leaves; each entry reached the history file as it was typed.
tmx send-keys -t tp C-d
expect '^\[exited 0\]$' "Ctrl-D did not exit cleanly"
grep -qx 'xs.append(7)' "$WORK/.tensorplay_history" || fail "history file missing xs.append(7)"

# sys.exit(n) (and exit()) at the prompt ends it with that status.
restart
expect '^>>> $' "no prompt after the second start" 20
type_line "import sys"
type_line "sys.exit(4)"
expect '^\[exited 4\]$' "sys.exit(4) did not end the prompt with status 4"

# Killing the terminal (SIGHUP) loses no history: neither this session's lines nor earlier
# sessions'; the next session recalls them with Up.
restart
expect '^>>> $' "no prompt after the third start" 20
type_line "hist_probe = 6 * 7"
expect '^>>> $' "no prompt after hist_probe"
tmx kill-server >/dev/null 2>&1
sleep 0.5
grep -qx 'hist_probe\\040=\\0406\\040\*\\0407' "$WORK/.tensorplay_history" ||
  fail "a killed terminal lost the line typed before"
grep -qx 'xs.append(7)' "$WORK/.tensorplay_history" || fail "a killed terminal lost earlier sessions' history"
restart
expect '^>>> $' "no prompt after the fourth start" 20
tmx send-keys -t tp Up
expect '^>>> hist_probe = 6 \* 7$' "Up did not recall the line typed before the kill"

[ -n "${PTY_DEBUG:-}" ] && screen
if [ "$FAILED" -ne 0 ]; then exit 1; fi
echo "repl_pty_test: all passed"
