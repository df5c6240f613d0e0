// python_frames (python_stack.h): CPython's frames, walked with the stable C API.
#include "python/src/python_stack.h"

#include <Python.h>
#include <frameobject.h>

namespace tp::torchpy {

// Called with the GIL held (from a binding, or an allocation made by one).
std::vector<AllocFrame> python_frames() {
  std::vector<AllocFrame> frames;
  PyFrameObject* f = PyEval_GetFrame();  // borrowed
  Py_XINCREF(f);
  while (f != nullptr) {
    PyCodeObject* code = PyFrame_GetCode(f);
    AllocFrame fr;
    const char* file = PyUnicode_AsUTF8(code->co_filename);
    const char* name = PyUnicode_AsUTF8(code->co_name);
    if (file == nullptr || name == nullptr) PyErr_Clear();  // a name that is not valid UTF-8
    fr.filename = file ? file : "?";
    fr.name = name ? name : "?";
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
