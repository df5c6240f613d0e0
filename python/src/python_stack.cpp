// python_frames (python_stack.h): CPython's frames, walked with the stable C API.
#include "python/src/python_stack.h"

#include <Python.h>
#include <frameobject.h>

namespace tp::torchpy {

std::vector<AllocFrame> python_frames() {
  std::vector<AllocFrame> frames;
  PyFrameObject* f = PyEval_GetFrame();  // borrowed
  Py_XINCREF(f);
  while (f != nullptr) {
    PyCodeObject* code = PyFrame_GetCode(f);
    AllocFrame fr;
    fr.filename = PyUnicode_AsUTF8(code->co_filename);
    fr.name = PyUnicode_AsUTF8(code->co_name);
    fr.line = PyFrame_GetLineNumber(f);
    Py_DECREF(code);
    frames.push_back(std::move(fr));
    PyFrameObject* back = PyFrame_GetBack(f);  // new reference
    Py_DECREF(f);
    f = back;
  }
  return frames;
}

}  // namespace tp::torchpy
