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
# python/, lessons/ and assets/ are preloaded into the page's file system under /tensorplay,
# python/ as one zip that Python imports from (zipimport): a third of the loose files' bytes.
set(TP_DATA_DIR /tensorplay)
set(TP_PYTHON_PATH /tensorplay/python.zip)

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

# Dear ImGui 1.86 for the page's views, from Debian's source package (web/fetch_imgui.sh,
# TP_WEB_IMGUI: its unpacked folder): its GLFW backend over emscripten's GLFW (-sUSE_GLFW=3,
# a JavaScript library of emscripten's own, no port to download) and its OpenGL3 backend
# over WebGL2 (GLSL "#version 300 es").
if(NOT TP_WEB_IMGUI OR NOT EXISTS ${TP_WEB_IMGUI}/imgui.h)
  message(FATAL_ERROR "TP_WEB_IMGUI must name Dear ImGui's source folder (web/fetch_imgui.sh); use `make web`")
endif()
add_library(tp_web_imgui STATIC ${TP_WEB_IMGUI}/imgui.cpp ${TP_WEB_IMGUI}/imgui_draw.cpp
  ${TP_WEB_IMGUI}/imgui_tables.cpp ${TP_WEB_IMGUI}/imgui_widgets.cpp ${TP_WEB_IMGUI}/misc/cpp/imgui_stdlib.cpp
  ${TP_WEB_IMGUI}/backends/imgui_impl_glfw.cpp ${TP_WEB_IMGUI}/backends/imgui_impl_opengl3.cpp)
target_include_directories(tp_web_imgui SYSTEM PUBLIC ${TP_WEB_IMGUI} ${TP_WEB_IMGUI}/misc/cpp)
target_compile_definitions(tp_web_imgui PRIVATE IMGUI_IMPL_OPENGL_ES3)

# Optimised for size: the page downloads the code, and wasm has no SIMD or FMA here, so -Os
# computes the same numbers as -O3 in fewer bytes (and compiles faster).
set(CMAKE_C_FLAGS_RELEASE "-Os -DNDEBUG")
set(CMAKE_CXX_FLAGS_RELEASE "-Os -DNDEBUG")
# C++ exceptions carry every learner-facing error: emscripten catches none unless asked.
add_compile_options(-fexceptions)
# -sASYNCIFY: the simulated GPU's barrier kernels switch fibers (fiber_emscripten.cpp), and
# the page's runs hand the browser a turn (page_session.cpp) from wherever Python is, so the
# record of the unwound stack gets 1 MiB, as a fiber's resumer does (4 KiB, the default,
# traps with "unreachable" under torch.save's pickler).
# Asyncify instruments every function that might be on the stack when it unwinds, which by
# its own analysis is any that makes an indirect call or one in a try or cleanup region (C++
# exceptions go through JavaScript's invoke_*): two thirds of them, doubling the code. The
# functions in web/asyncify_not_unwound.txt are never on the stack then: the CPU kernels, the
# simulated GPU's kernels without barriers (only a block-per-row reduction and the tiled
# teaching kernel run on fibers), and error-text building. None calls Python (whose trace
# function gives the page its turns) nor launches a kernel with barriers (a fiber switch).
# Leaving them out, and -Oz for the link's optimizer, take 2.6 MB off the 23.4 MB .wasm.
# The same .js/.wasm/.data run in a page and under node (web/node_files.js mounts the host's
# folders there, so `node tensorplay.js run script.py` reads and writes real files).
string(JOIN " " TP_WEB_LINK_FLAGS
  -fexceptions -Oz -sASYNCIFY=1 -sASYNCIFY_STACK_SIZE=1048576
  -sASYNCIFY_REMOVE=@${PROJECT_SOURCE_DIR}/web/asyncify_not_unwound.txt
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=2GB
  -sTOTAL_STACK=8MB -sUSE_GLFW=3 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2 -sENVIRONMENT=web,node -sEXIT_RUNTIME=1 -sFORCE_FILESYSTEM=1 -lnodefs.js -lidbfs.js
  "-sEXPORTED_RUNTIME_METHODS=FS,IDBFS,ENV,callMain,ccall"
  --pre-js ${PROJECT_SOURCE_DIR}/web/node_files.js)
set(CMAKE_EXE_LINKER_FLAGS "${CMAKE_EXE_LINKER_FLAGS} ${TP_WEB_LINK_FLAGS}")

# The files the page preloads, packed apart from the program (tensorplay.data and the
# tensorplay.data.js that loads it, ahead of tensorplay.js), so that a change to python/ or
# lessons/ repacks them without relinking: Python's standard library as web/trim_stdlib.py
# leaves it, python/ as web/pack_python.py packs it, and lessons/, assets/ under /tensorplay.
find_program(TP_FILE_PACKAGER file_packager.py PATHS ${EMSCRIPTEN_ROOT_PATH}/tools NO_DEFAULT_PATH REQUIRED)
file(GLOB_RECURSE TP_WEB_PYTHON_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/python/*.py
  ${PROJECT_SOURCE_DIR}/python/*.json)
file(GLOB_RECURSE TP_WEB_DATA_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/lessons/* ${PROJECT_SOURCE_DIR}/assets/*)
add_custom_command(OUTPUT python.zip
  COMMAND python3 ${PROJECT_SOURCE_DIR}/web/pack_python.py ${PROJECT_SOURCE_DIR}/python python.zip
  DEPENDS ${PROJECT_SOURCE_DIR}/web/pack_python.py ${TP_WEB_PYTHON_FILES} VERBATIM)
add_custom_command(OUTPUT python311.zip
  COMMAND python3 ${PROJECT_SOURCE_DIR}/web/trim_stdlib.py ${TP_WEB_PYTHON}/lib/python311.zip
    ${PROJECT_SOURCE_DIR}/web/stdlib_left_out.txt python311.zip
  DEPENDS ${PROJECT_SOURCE_DIR}/web/trim_stdlib.py ${PROJECT_SOURCE_DIR}/web/stdlib_left_out.txt
    ${TP_WEB_PYTHON}/lib/python311.zip VERBATIM)
add_custom_command(OUTPUT tensorplay.data tensorplay.data.js
  COMMAND python3 ${TP_FILE_PACKAGER} tensorplay.data --js-output=tensorplay.data.js --preload
    ${CMAKE_BINARY_DIR}/python311.zip@/usr/local/lib/python311.zip
    ${TP_WEB_PYTHON}/lib/python3.11@/usr/local/lib/python3.11
    ${CMAKE_BINARY_DIR}/python.zip@${TP_PYTHON_PATH}
    ${PROJECT_SOURCE_DIR}/lessons@/tensorplay/lessons
    ${PROJECT_SOURCE_DIR}/assets@/tensorplay/assets
    --exclude "*__pycache__*" "*/screenshots/*"
  DEPENDS python311.zip python.zip ${TP_WEB_DATA_FILES} VERBATIM)
add_custom_target(tensorplay_web_data DEPENDS tensorplay.data tensorplay.data.js)
