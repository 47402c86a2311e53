#include "python/py_convert.h"

#include <pybind11/stl.h>

#include "common/text.h"
#include "common/user_error.h"

namespace warpsim::python {
namespace {

py::object cell_object(const report::Cell& c) {
  if (const auto* i = std::get_if<int64_t>(&c)) return py::int_(*i);
  if (const auto* d = std::get_if<double>(&c)) return py::float_(*d);
  if (const auto* s = std::get_if<std::string>(&c)) return py::str(*s);
  return py::none();
}

bool is_sequence(const py::handle& v) { return py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v); }

}  // namespace

std::string scalar_text(const py::handle& value, const std::string& what) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::bool_>(value)) return value.cast<bool>() ? "true" : "false";
  if (py::isinstance<py::int_>(value) || py::isinstance<py::float_>(value)) return py::str(value).cast<std::string>();
  throw py::type_error(what + ": expected a str, int, float or bool, found " +
                       py::str(py::type::of(value).attr("__name__")).cast<std::string>());
}

std::vector<std::string> key_value_items(const py::handle& items, const std::string& what, bool lists) {
  std::vector<std::string> out;
  if (items.is_none()) return out;
  if (py::isinstance<py::dict>(items)) {
    for (const auto& [key, value] : items.cast<py::dict>()) {
      const std::string k = scalar_text(key, what);
      if (lists && is_sequence(value)) {
        std::vector<std::string> values;
        for (const auto& v : value) values.push_back(scalar_text(v, what + "['" + k + "']"));
        out.push_back(k + "=" + join(values, ","));
      } else {
        out.push_back(k + "=" + scalar_text(value, what + "['" + k + "']"));
      }
    }
    return out;
  }
  if (py::isinstance<py::str>(items)) return {items.cast<std::string>()};
  if (is_sequence(items)) {
    for (const auto& item : items) {
      if (!py::isinstance<py::str>(item)) throw py::type_error(what + ": expected 'key=value' strings");
      out.push_back(item.cast<std::string>());
    }
    return out;
  }
  throw py::type_error(what + ": expected a dict {key: value} or a list of 'key=value' strings");
}

std::vector<std::string> string_list(const py::handle& items, const std::string& what) {
  if (items.is_none()) return {};
  if (py::isinstance<py::str>(items)) return {items.cast<std::string>()};
  std::vector<std::string> out;
  if (is_sequence(items))
    for (const auto& item : items) {
      if (!py::isinstance<py::str>(item)) break;
      out.push_back(item.cast<std::string>());
    }
  if (!is_sequence(items) || out.size() != py::len(items)) throw py::type_error(what + ": expected a str or a list of str");
  return out;
}

std::string warps_text(const py::handle& warps) {
  if (warps.is_none()) return "";
  if (py::isinstance<py::str>(warps)) return warps.cast<std::string>();
  if (py::isinstance<py::int_>(warps) && !py::isinstance<py::bool_>(warps)) return py::str(warps).cast<std::string>();
  if (is_sequence(warps) || py::isinstance<py::iterable>(warps)) {
    std::vector<std::string> items;
    for (const auto& w : warps) {
      if (py::isinstance<py::bool_>(w) || !(py::isinstance<py::int_>(w) || py::isinstance<py::str>(w)))
        throw py::type_error("warps: expected ints or 'A:B[:STEP]' strings");
      items.push_back(py::str(w).cast<std::string>());
    }
    if (items.empty()) throw UserError(Diagnostic{"<cli>", 0, 0, "--warps", "empty list of occupancies"});
    return join(items, ",");
  }
  throw py::type_error("warps: expected an int, a list of ints or a string such as '8:64:8'");
}

py::object table_output(const report::Table& t, const std::string& format) {
  if (format == "records") {
    py::list rows;
    for (const auto& row : t.rows()) {
      py::dict record;
      for (size_t i = 0; i < t.columns().size(); ++i) record[py::str(t.columns()[i].name)] = cell_object(row[i]);
      rows.append(record);
    }
    return rows;
  }
  if (format == "columns") {
    py::dict columns;
    for (size_t i = 0; i < t.columns().size(); ++i) {
      py::list values;
      for (const auto& row : t.rows()) values.append(cell_object(row[i]));
      columns[py::str(t.columns()[i].name)] = values;
    }
    return columns;
  }
  if (format == "csv" || format == "json" || format == "table") return py::str(t.render(format));
  throw UserError(Diagnostic{"<cli>", 0, 0, "--format", "'" + format + "': expected records, columns, csv, json or table"});
}

void warn(const std::string& note) { PyErr_WarnEx(PyExc_UserWarning, note.c_str(), 1); }

}  // namespace warpsim::python
