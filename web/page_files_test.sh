#!/usr/bin/env bash
# The page's files and bad input in headless Chromium (web/page_open.sh, page_steps.js), as a
# user meets them: torch.save then :download; uploads of a .py, of a .py that is not text, of a
# .pt that is not a checkpoint, and of the downloaded checkpoint again; a module the web build
# leaves out; allocations past the tab's memory (CPU, then the simulated GPU's host memory);
# a full storage quota (random bytes: the browser compresses what it stores);
# a reload in the middle of a run. Each must give its clear message, the page must go on,
# and the lesson progress must survive the full quota and the reload.
# Usage: page_files_test.sh [WEB_BUILD] [OUT_DIR]
set -u
build=$(realpath "${1:-build-web}")
out=$(realpath -m "${2:-$build/page_files_test}")
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out" && mkdir -p "$out/downloads" "$out/files"
printf 'print("hello from an uploaded file", 6 * 7)\n' > "$out/files/good.py"
head -c 300 "$here/../README.md" | gzip > "$out/files/binary.py"
printf 'these are not weights\n' > "$out/files/notes.pt"
cat > "$out/steps.json" <<JSON
[{"downloads": "$out/downloads"},
 {"input": "torch.save({'w': torch.ones(2, 3)}, 'weights.pt')"},
 {"input": ":download weights.pt"},
 {"input": ":download missing.pt"},
 {"upload": ["$out/files/good.py", "$out/files/binary.py", "$out/files/notes.pt"]},
 {"input": "exec(open('good.py').read())"},
 {"input": "import asyncio"},
 {"input": "huge = torch.empty(600_000_000)"},
 {"input": "cpu_big = torch.empty(450_000_000)"},
 {"input": "gpu_big = torch.empty(100_000_000, device=cuda)"},
 {"input": "del cpu_big; print(ones(2, 3).sum())"},
 {"input": "import random; open('big.bin', 'wb').write(random.randbytes(5_000_000))"},
 {"input": ":next"},
 {"input": ":lessons"},
 {"reload_during": "while True: pass"},
 {"input": ":lessons"},
 {"upload": ["$out/downloads/weights.pt"]},
 {"input": "print(torch.load('weights.pt'))"}]
JSON
# The browser storage gets 1 MB: enough for what the page saves until big.bin.
PAGE_QUOTA=1000000 STEPS="$out/steps.json" bash "$here/page_open.sh" "$build" "$out" "" "" ":lesson 1" "import torch
print(torch.cuda.is_available())" ":check" || exit 1
before=$(cat "$out/console-before-reload.txt") after=$(cat "$out/console.txt")
status=0
expect() {  # expect WHERE TEXT: the console (before or after the reload) shows TEXT
  if grep -qF -- "$2" <<< "${!1}"; then echo "ok    $1 reload: $2"; else echo "FAIL  $1 reload lacks: $2"; status=1; fi
}
expect before "downloading weights.pt ("
expect before ":download missing.pt: no such file here (/home/web_user)"
expect before "uploaded good.py (44 bytes) into your home folder"
expect before "binary.py is not a Python file (not UTF-8 text): nothing was uploaded"
expect before "notes.pt is not a checkpoint written by torch.save"
expect before "hello from an uploaded file 42"
expect before "ModuleNotFoundError: No module named 'asyncio': this part of Python's standard library is left out"
expect before "Simulated GPU: the computer's memory, which holds the simulated GPU's, could not give another"
expect before "DefaultCPUAllocator: can't allocate memory: you tried to allocate 2400000000 bytes"
expect before "tensor(6.)"
expect before "could not save your files to the browser storage"
expect after "the page was reloaded while this ran, which stopped it: while True: pass"
expect after "uploaded weights.pt ("
expect after "{'w': tensor([[1., 1., 1.],"
# The lesson progress after :next (saved while the storage was full) is the same after the reload.
row_before=$(grep -E '^ +1  ' <<< "$before" | tail -1) row_after=$(grep -E '^ +1  ' <<< "$after" | tail -1)
if [ -n "$row_before" ] && [ "$row_before" = "$row_after" ]; then echo "ok    lesson progress kept: $row_after"
else echo "FAIL  lesson progress before the reload: '$row_before', after: '$row_after'"; status=1; fi
if [ -s "$out/downloads/weights.pt" ]; then echo "ok    weights.pt downloaded ($(stat -c %s "$out/downloads/weights.pt") bytes)"
else echo "FAIL  weights.pt was not downloaded"; status=1; fi
exit $status
