// What calling a builtin type does: int(x), float(x), str(x), list(it), dict(...),
// range(...), enumerate/zip/reversed/map/filter, property/staticmethod/classmethod, super().
#pragma once

#include "repl/lang/objects.h"

namespace tp::lang {

Value int_new(Interpreter& I, Args a);
Value float_new(Interpreter& I, Args a);
Value str_new(Interpreter& I, Args a);
Value bool_new(Interpreter& I, Args a);
Value list_new(Interpreter& I, Args a);
Value tuple_new(Interpreter& I, Args a);
Value dict_new(Interpreter& I, Args a);
Value set_new(Interpreter& I, Args a);
Value range_new(Interpreter& I, Args a);
Value slice_new(Interpreter& I, Args a);
Value type_new(Interpreter& I, Args a);
Value enumerate_new(Interpreter& I, Args a);
Value zip_new(Interpreter& I, Args a);
Value reversed_new(Interpreter& I, Args a);
Value map_new(Interpreter& I, Args a);
Value filter_new(Interpreter& I, Args a);
Value property_new(Interpreter& I, Args a);
Value staticmethod_new(Interpreter& I, Args a);
Value classmethod_new(Interpreter& I, Args a);
Value super_new(Interpreter& I, Args a);

// int(d) for a float: truncates; raises for inf/nan and values beyond 64 bits.
int64_t float_to_int(Interpreter& I, double d);

// dict.update semantics: a mapping or an iterable of pairs, then keywords.
void dict_update(Interpreter& I, DictObject* d, Args a, const char* fname);

}  // namespace tp::lang
