// Python values in, tables out: the conversions the module's functions share. Values take the
// command line's syntax where they are text ("8:64:8", "memory.model=queue"), so that their
// errors read as the CLI's (a UserError, raised as ValueError).
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "report/table.h"

namespace warpsim::python {

namespace py = pybind11;

// A scalar as --set/--param text: a str as is, a bool as true/false, a number as Python's str().
// Any other type raises TypeError naming `what`.
std::string scalar_text(const py::handle& value, const std::string& what);

// {"key": value} (a list or tuple of values, "key=v1,v2", where `lists`) or ["key=value", ...]
// -> "key=value" items in the order given; None -> none. `what` names the argument in TypeErrors.
std::vector<std::string> key_value_items(const py::handle& items, const std::string& what, bool lists);

// None -> none, a str -> one, a list or tuple of str -> them; else TypeError naming `what`.
std::vector<std::string> string_list(const py::handle& items, const std::string& what);

// Occupancies as --warps takes them: None -> "", an int -> "N", a list of ints and strings ->
// their items joined by commas, a str ("8:64:8", "4,8,16") as is.
std::string warps_text(const py::handle& warps);

// The rows of `t`: "records" a list of dicts (column name -> value), "columns" a dict of lists,
// "csv", "json" or "table" the text the CLI prints. A blank cell is None.
py::object table_output(const report::Table& t, const std::string& format);

// A note the CLI prints on stderr, as a Python warning (UserWarning).
void warn(const std::string& note);

}  // namespace warpsim::python
