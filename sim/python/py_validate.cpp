#include "python/py_validate.h"

#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "common/text.h"
#include "common/user_error.h"
#include "python/py_convert.h"
#include "validation/memory_models/memory_model_section.h"
#include "validation/report/report_tables.h"
#include "validation/validate.h"

namespace warpsim::python {
namespace {

namespace py = pybind11;

py::dict validate(const py::object& gpus, const py::object& cases, const py::object& case_files, const py::object& measurements,
                  const py::object& sets, const py::object& memory_models, int jobs, bool whole_device, const py::object& out_dir,
                  bool figures, const std::string& format) {
  validation::ValidateOptions o;
  o.gpus = string_list(gpus, "gpus");
  o.case_patterns = string_list(cases, "cases");
  o.case_paths = string_list(case_files, "case_files");
  o.measurement_paths = string_list(measurements, "measurements");
  o.sets = key_value_items(sets, "sets", false);
  if (jobs < 1 || jobs > 1024) throw UserError(Diagnostic{"<cli>", 0, 0, "--jobs", "expected 1 to 1024, found " + std::to_string(jobs)});
  o.jobs = jobs;
  o.whole_device = whole_device;
  o.out_dir = out_dir.is_none() ? "" : py::str(out_dir).cast<std::string>();
  // Figures are files of the report directory: without one there is nowhere to draw them.
  if (figures && o.out_dir.empty())
    throw UserError(Diagnostic{"<cli>", 0, 0, "figures", "needs out_dir, the report directory they are drawn in"});
  o.figures = figures;
  // The memory-system section compares models on Table 6.4's experiment: none unless asked for.
  std::vector<std::string> skipped;
  const std::string models = memory_models.is_none() ? "none" : join(string_list(memory_models, "memory_models"), ",");
  o.memory_models = validation::parse_memory_models(models, "--memory-models", false, skipped);
  o.command = "warpsim.validate()";
  validation::ValidateResult r;
  {
    py::gil_scoped_release release;
    r = validation::run_validate(o);
  }
  for (const auto& w : r.warnings) warn(w);
  py::dict out;
  out["passed"] = r.passed;
  out["failed"] = r.failed;
  out["invariant_violations"] = r.report.invariant_violations();
  out["invariants"] = validation::violation_messages(r.report.invariants);
  out["cases"] = table_output(validation::cases_table(r.report.outcomes), format);
  out["values"] = table_output(validation::values_table(r.report.outcomes), format);
  out["unused_measurement_rows"] = r.unused_rows;
  out["simulations"] = r.report.simulations;
  return out;
}

}  // namespace

void register_validate(py::module_& m) {
  m.def("validate", &validate, py::kw_only(), py::arg("gpus") = py::none(), py::arg("cases") = py::none(),
        py::arg("case_files") = py::none(), py::arg("measurements") = py::none(), py::arg("sets") = py::none(),
        py::arg("memory_models") = py::none(), py::arg("jobs") = 1, py::arg("whole_device") = false, py::arg("out_dir") = py::none(),
        py::arg("figures") = false, py::arg("format") = "records",
        "Runs the validation cases against the real-GPU measurements and the analytical models, as `warpsim validate` "
        "(docs/validation.md): gpus, cases (ids, prefixes or globs such as 't6_1.*'), case_files (instead of the built-in "
        "cases), measurements (CSV files to derive cases from), sets (--set on every GPU), memory_models (the report's "
        "memory-system section; default none). out_dir writes the report directory (figures=True draws its figures). "
        "Returns a dict: passed, failed, invariant_violations, invariants (their error lines), cases (the case table "
        "`warpsim validate` prints, its text, as `format`), values (each source's number per case: the report's "
        "values.csv), unused_measurement_rows, simulations.");
}

}  // namespace warpsim::python
