# Wrapper over CMake: `make run` and `make test` are the two commands in the README.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BENCH_PYTHON ?= python3
CMAKE_FLAGS ?=

# Debian packages: required to build and test, then the optional GUI/CUDA-less extras.
DEPS_REQUIRED := cmake g++ make pkg-config libopenblas-dev doctest-dev libedit-dev \
  python3-dev pybind11-dev python3-numpy libgloo-dev
DEPS_OPTIONAL := libimgui-dev libglfw3-dev libstb-dev xvfb xdotool tmux python3-matplotlib python3-tqdm \
  python3-ipykernel jupyter-client python3-nbclient python3-nbformat
DEPS := $(DEPS_REQUIRED) $(DEPS_OPTIONAL)

.PHONY: all deps configure build run gui test sanitize-build test-sanitize fuzz bench clean \
  web-deps web serve-web test-web bench-web

all: build

# Installs missing Debian packages (DEPS, or those named in PKGS) as root or through sudo;
# otherwise prints the line to run.
PKGS ?= $(DEPS)
deps:
	@missing=""; for p in $(PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ]; then SUDO=""; \
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo"; \
	else echo "tensorplay needs these Debian packages. Run:"; \
	     echo "  sudo apt-get install -y$$missing"; exit 1; fi; \
	echo "Installing:$$missing"; \
	$$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q $$missing

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) > $(BUILD).configure.log 2>&1 \
	  || { cat $(BUILD).configure.log; exit 1; }
	@grep 'tensorplay:' $(BUILD).configure.log | sed 's/^-- //'

build: configure
	cmake --build $(BUILD) -j $(JOBS)

run: build
	./$(BUILD)/tensorplay

gui: build
	./$(BUILD)/tensorplay-gui

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The same tests on a build with AddressSanitizer and UndefinedBehaviorSanitizer (no GUI, no
# CUDA; -O1 keeps the build about three times a normal one). Any finding fails the test that
# hit it. Leaks are not checked: tensorplay exits without freeing, as CPython itself does;
# an allocation too large to make returns null, as malloc does, so it raises PyTorch's error.
SANITIZE_BUILD ?= build-sanitize
SANITIZE_FLAGS := -O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1
sanitize-build: deps
	@cmake -S . -B $(SANITIZE_BUILD) -DCMAKE_BUILD_TYPE=Sanitize -DTENSORPLAY_GUI=OFF -DTENSORPLAY_CUDA=OFF \
	  -DCMAKE_CXX_FLAGS_SANITIZE="$(SANITIZE_FLAGS)" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
	  $(CMAKE_FLAGS) > $(SANITIZE_BUILD).configure.log 2>&1 || { cat $(SANITIZE_BUILD).configure.log; exit 1; }
	cmake --build $(SANITIZE_BUILD) -j $(JOBS)

test-sanitize: sanitize-build
	cd $(SANITIZE_BUILD) && $(SANITIZE_ENV) ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# The torch API fuzzer, then the indexing fuzzer, each for FUZZ_SECONDS (default 60) on the
# sanitizer build; FUZZ_SEED picks the random programs (a run prints its seed; the same seed
# runs the same calls).
FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 1
fuzz: sanitize-build
	$(SANITIZE_ENV) python3 tests/run/fuzz.py ./$(SANITIZE_BUILD)/tensorplay --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)
	$(SANITIZE_ENV) python3 tests/run/fuzz.py ./$(SANITIZE_BUILD)/tensorplay --driver indexing --seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED)

bench: build
	./$(BUILD)/tests/bench_matmul
	@# All-reduce of 4 MB with 2 processes on loopback: Gloo's API directly, then torch.distributed.
	./$(BUILD)/tests/bench_allreduce_gloo
	./$(BUILD)/tensorplay --wall-clock --nproc-per-node 2 --standalone run tests/bench/allreduce_bench.py
	bash tests/bench/training_vs_pytorch.sh ./$(BUILD)/tensorplay $(BENCH_PYTHON)
	@# The timings view's benchmark run five times: how far apart its CPU figures land.
	@if [ -x $(BUILD)/tests/gui_timings_spread ]; then ./$(BUILD)/tests/gui_timings_spread 5; fi
	@# The GUI's frame time with a 64x64 grid animating, under Xvfb (software GL) when present.
	@if [ -x $(BUILD)/tensorplay-gui ] && command -v xvfb-run >/dev/null; then \
	  xvfb-run -a -s "-screen 0 1280x800x24" ./$(BUILD)/tensorplay-gui --no-config --bench-frames 300; \
	else echo "GUI frame time: skipped (no tensorplay-gui or no xvfb-run)"; fi

# The web build (web/): tensorplay in a browser tab. CPython for wasm and zlib come from
# Debian's source packages (fetched through apt) and are built once into WEB_CACHE, keyed by
# their versions and emscripten's; then the same sources as natively, compiled by
# emscripten into $(WEB_BUILD)/ (index.html, tensorplay.js, .wasm, .data).
WEB_BUILD ?= build-web
WEB_CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/tensorplay-web
WEB_PORT ?= 8765
WEB_DEPS := emscripten pybind11-dev nodejs chromium-headless-shell python3 dpkg-dev
web-deps:
	@$(MAKE) --no-print-directory deps PKGS="$(WEB_DEPS)"

web: web-deps
	@prefix=$$(nice web/build_cpython.sh "$(WEB_CACHE)" $(JOBS)) && imgui=$$(web/fetch_imgui.sh "$(WEB_CACHE)") && \
	emcmake cmake -S . -B $(WEB_BUILD) -DCMAKE_BUILD_TYPE=Release -DTP_WEB_PYTHON="$$prefix" -DTP_WEB_IMGUI="$$imgui" \
	  > $(WEB_BUILD).configure.log 2>&1 || { cat $(WEB_BUILD).configure.log; exit 1; }
	@grep 'tensorplay:' $(WEB_BUILD).configure.log | sed 's/^-- //'
	@# emscripten's JavaScript tools need Debian's node modules (acorn) even under another node.
	NODE_PATH=/usr/share/nodejs cmake --build $(WEB_BUILD) -j $(JOBS) --target tensorplay
	cp web/index.html web/page_files.js web/tensorplay-node web/node_main.js $(WEB_BUILD)/

serve-web: web
	@echo "tensorplay's page: http://127.0.0.1:$(WEB_PORT)/  (Ctrl-C stops the server)"
	cd $(WEB_BUILD) && python3 -m http.server $(WEB_PORT) --bind 127.0.0.1

# The web build under node against the native expected outputs: the seed acceptance
# sessions, the named torch scripts and a corpus subset.
test-web: web
	bash web/test_web.sh $(WEB_BUILD)

# The page's figures in headless Chromium: load to prompt, a round trip, Stop (measured).
bench-web: web
	bash web/page_bench.sh $(WEB_BUILD)

clean:
	rm -rf $(BUILD) $(BUILD).configure.log $(SANITIZE_BUILD) $(SANITIZE_BUILD).configure.log
