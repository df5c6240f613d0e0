# The set-up the real-window GUI tests share (sourced, not run): exit 77 (skipped) when a
# tool is missing, a scratch folder $OUT removed on exit, the user's settings and lesson
# progress out of reach, one simulated T4, and check(), which runs a check and counts fails.
# usage: . window_test_lib.sh NAME TOOL...
name=$1
shift
for tool in "$@"; do
  command -v "$tool" >/dev/null || { echo "$tool not installed: skipped"; exit 77; }
done
OUT=$(mktemp -d "/tmp/tp-$name.XXXXXX")
trap 'rm -rf "$OUT"' EXIT
export XDG_CONFIG_HOME=$OUT/config HOME=$OUT/home
export TENSORPLAY_SIM_GPUS=1 TENSORPLAY_GPU_PROFILE=t4
fails=0
check() {  # check DESCRIPTION COMMAND...: runs a check and counts failures
  local what=$1; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fails=$((fails + 1)); fi
}
