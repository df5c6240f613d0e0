#!/usr/bin/env bash
# Calibration of a GPU profile against the real card (issue 31; a benchmark, not a test, and
# it needs a real GPU): runs gpu_ops_timed.py on the real GPU (CUDA events: measured) and on
# a simulated GPU with PROFILE (modeled), then lines each figure up as modeled, measured and
# their ratio, marking those off by more than 20 % (the ones to adjust in assets/gpus/).
# usage: calibrate_profile.sh TENSORPLAY PROFILE   (PROFILE: an id or the card's CUDA name)
set -euo pipefail
bin=$1; profile=$2
script=$(dirname "$0")/gpu_ops_timed.py
measured=$(TENSORPLAY_SIM_GPUS= "$bin" run "$script")
if head -1 <<< "$measured" | grep -q "(simulated)"; then
  echo "calibrate_profile.sh: no real GPU here (tensorplay simulated one); nothing to calibrate" >&2
  exit 77
fi
modeled=$("$bin" --sim --gpu-profile "$profile" run "$script")
echo "real: $(head -1 <<< "$measured");  model: $(head -1 <<< "$modeled")"
# "label: X ms ..." lines of both runs, joined on the label.
figures() { sed -n 's/^\(.*[^ ]\) *: *\([0-9.]*\) ms.*/\1\t\2/p'; }
join -t $'\t' <(figures <<< "$modeled" | sort) <(figures <<< "$measured" | sort) |
  awk -F '\t' 'BEGIN { printf "%-22s %12s %12s %8s\n", "figure", "modeled ms", "measured ms", "ratio" }
    { r = $3 > 0 ? $2 / $3 : 0; flag = (r > 1.2 || r < 1 / 1.2) ? "  <- off by more than 20 %" : ""
      printf "%-22s %12.4f %12.4f %8.2f%s\n", $1, $2, $3, r, flag }'
