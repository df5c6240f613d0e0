# The web build: the same sources compiled by emscripten into build-web/tensorplay.{js,wasm,data}
# (make web runs `emcmake cmake -DTP_WEB_PYTHON=<prefix>` with the prefix that
# web/build_cpython.sh printed). What differs from the native build is set here, in one place.
if(NOT TP_WEB_PYTHON OR NOT EXISTS ${TP_WEB_PYTHON}/lib/libpython3.11.a)
  message(FATAL_ERROR "TP_WEB_PYTHON must name CPython-for-wasm's prefix (web/build_cpython.sh); use `make web`")
endif()

# No CUDA, no native window (the page draws its own), no doctest programs.
set(TENSORPLAY_CUDA OFF CACHE BOOL "" FORCE)
set(TENSORPLAY_GUI OFF CACHE BOOL "" FORCE)
set(TENSORPLAY_TESTS OFF CACHE BOOL "" FORCE)
# The seams: a portable gemm and no LAPACK; no Gloo (a tab has no processes, no TCP).
set(TP_BLAS portable)
set(TP_DISTRIBUTED OFF)
# python/, lessons/ and assets/ are preloaded into the page's file system under /tensorplay.
set(TP_DATA_DIR /tensorplay)

# CPython for wasm (static, with its bundled libmpdec and libexpat, and zlib) and pybind11's
# headers from pybind11-dev, seen through a folder of their own so that the host's
# /usr/include never enters an emscripten compile.
set(Python3_VERSION 3.11)
set(Python3_EXECUTABLE /usr/local/bin/python3.11)  # the path calculation's start: /usr/local/lib/python3.11
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/pybind11-include)
file(CREATE_LINK /usr/include/pybind11 ${CMAKE_BINARY_DIR}/pybind11-include/pybind11 SYMBOLIC)
add_library(tp_web_python INTERFACE)
target_include_directories(tp_web_python SYSTEM INTERFACE ${TP_WEB_PYTHON}/include/python3.11
  ${CMAKE_BINARY_DIR}/pybind11-include)
target_link_libraries(tp_web_python INTERFACE ${TP_WEB_PYTHON}/lib/libpython3.11.a
  ${TP_WEB_PYTHON}/lib/libmpdec.a ${TP_WEB_PYTHON}/lib/libexpat.a ${TP_WEB_PYTHON}/lib/libz.a)
add_library(pybind11::embed ALIAS tp_web_python)

# C++ exceptions carry every learner-facing error: emscripten catches none unless asked.
add_compile_options(-fexceptions)
# -sASYNCIFY: the simulated GPU's barrier kernels switch fibers (fiber_emscripten.cpp).
# The same .js/.wasm/.data run in a page and under node (web/node_files.js mounts the host's
# folders there, so `node tensorplay.js run script.py` reads and writes real files).
string(JOIN " " TP_WEB_LINK_FLAGS
  -fexceptions -O2 -sASYNCIFY=1 -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB
  -sTOTAL_STACK=8MB -sENVIRONMENT=web,node -sEXIT_RUNTIME=1 -sFORCE_FILESYSTEM=1 -lnodefs.js -lidbfs.js
  "-sEXPORTED_RUNTIME_METHODS=FS,IDBFS,callMain,ccall"
  --pre-js ${PROJECT_SOURCE_DIR}/web/node_files.js
  --preload-file ${TP_WEB_PYTHON}/lib/python311.zip@/usr/local/lib/python311.zip
  --preload-file ${TP_WEB_PYTHON}/lib/python3.11@/usr/local/lib/python3.11
  --preload-file ${PROJECT_SOURCE_DIR}/python@/tensorplay/python
  --preload-file ${PROJECT_SOURCE_DIR}/lessons@/tensorplay/lessons
  --preload-file ${PROJECT_SOURCE_DIR}/assets@/tensorplay/assets
  --exclude-file "*__pycache__*" --exclude-file "*/python/src/*" --exclude-file "*/CMakeLists.txt"
  --exclude-file "*/screenshots/*")
set(CMAKE_EXE_LINKER_FLAGS "${CMAKE_EXE_LINKER_FLAGS} ${TP_WEB_LINK_FLAGS}")
