#include "python/py_objects.h"

#include <pybind11/stl.h>

#include "common/text.h"
#include "config/loader.h"
#include "config/schema.h"
#include "isa/kernel.h"
#include "isa/workloads.h"
#include "python/py_convert.h"
#include "report/list_tables.h"

namespace warpsim::python {
namespace {

Gpu load_gpu(const std::string& gpu, const py::handle& sets) {
  Gpu g{gpu, key_value_items(sets, "sets", false), nullptr};
  g.config = std::make_shared<const config::HwConfig>(config::load_hw_config(g.source, g.sets));
  return g;
}

Workload load_workload(const std::string& workload, const py::handle& params) {
  const isa::ParamMap p = isa::parse_params(key_value_items(params, "params", false));
  return Workload{workload, std::make_shared<const isa::Kernel>(isa::load_workload(workload, p))};
}

Workload parse_workload(const std::string& text, const py::handle& params, const std::string& file) {
  const isa::ParamMap p = isa::parse_params(key_value_items(params, "params", false));
  return Workload{file, std::make_shared<const isa::Kernel>(isa::parse_workload(text, file, p))};
}

// gpu["scheduler.policy"]: a config field as `warpsim list params` names it, as text.
std::string field(const Gpu& g, const std::string& key) {
  const config::FieldSpec* f = config::find_field(key);
  if (f == nullptr) {
    const std::string near = config::suggest_key(key);
    throw py::key_error("'" + key + "': no such config field" + (near.empty() ? "" : " (did you mean '" + near + "'?)"));
  }
  return f->get(*g.config);
}

py::dict fields(const Gpu& g) {
  py::dict out;
  for (const auto& f : config::hw_schema()) out[py::str(f.key)] = f.get(*g.config);
  return out;
}

std::string gpu_repr(const Gpu& g) {
  std::vector<std::string> quoted;
  for (const auto& s : g.sets) quoted.push_back("'" + s + "'");
  return "warpsim.Gpu('" + g.source + "'" + (g.sets.empty() ? "" : ", sets=[" + join(quoted, ", ") + "]") + ")";
}

}  // namespace

std::shared_ptr<const config::HwConfig> gpu_config(const py::handle& gpu, const py::handle& sets) {
  if (py::isinstance<Gpu>(gpu)) {
    if (!key_value_items(sets, "sets", false).empty()) throw py::type_error("sets: give them to load_gpu(); this Gpu is loaded already");
    return gpu.cast<const Gpu&>().config;
  }
  if (!py::isinstance<py::str>(gpu)) throw py::type_error("gpu: expected a warpsim.Gpu or a GPU name or file");
  return load_gpu(gpu.cast<std::string>(), sets).config;
}

std::shared_ptr<const isa::Kernel> workload_kernel(const py::handle& workload, const py::handle& params) {
  if (py::isinstance<Workload>(workload)) {
    if (!key_value_items(params, "params", false).empty())
      throw py::type_error("params: give them to load_workload(); this Workload is loaded already");
    return workload.cast<const Workload&>().kernel;
  }
  if (!py::isinstance<py::str>(workload)) throw py::type_error("workload: expected a warpsim.Workload or a workload name or file");
  return load_workload(workload.cast<std::string>(), params).kernel;
}

void register_objects(py::module_& m) {
  py::class_<Gpu>(m, "Gpu", "A GPU config: a built-in one or a YAML file, with --set overrides applied. Made by load_gpu().")
      .def_property_readonly(
          "name", [](const Gpu& g) { return g.config->gpu.name; }, "gpu.name")
      .def_property_readonly("description", [](const Gpu& g) { return g.config->gpu.description; })
      .def_property_readonly(
          "file", [](const Gpu& g) { return g.config->source_file; }, "the YAML file it was read from")
      .def_property_readonly(
          "sets", [](const Gpu& g) { return g.sets; }, "the 'key=value' overrides applied")
      .def("__getitem__", &field, py::arg("key"), "a config field's value as text, e.g. gpu['scheduler.policy'] (see fields())")
      .def("fields", &fields, "every config field (the keys of `warpsim list params`) -> its value as text")
      .def("__repr__", &gpu_repr);
  py::class_<Workload>(m, "Workload", "A kernel: a generator's, a workload file's or text parsed by parse_workload().")
      .def_property_readonly("name", [](const Workload& w) { return w.kernel->name; })
      .def_property_readonly("description", [](const Workload& w) { return w.kernel->description; })
      .def_property_readonly(
          "params", [](const Workload& w) { return w.kernel->params; }, "the resolved parameters, name -> value text")
      .def_property_readonly(
          "instructions", [](const Workload& w) { return w.kernel->code.size(); }, "instructions in the kernel's code")
      .def_property_readonly(
          "warp_instructions", [](const Workload& w) { return isa::instruction_mix(*w.kernel).total; },
          "instructions each warp executes, loops unrolled")
      .def("__repr__", [](const Workload& w) { return "warpsim.Workload('" + w.kernel->name + "', source='" + w.source + "')"; });

  m.def("load_gpu", &load_gpu, py::arg("gpu"), py::arg("sets") = py::none(),
        "Loads a GPU: a built-in name (list_gpus()) or a YAML file, then `sets`, the --set overrides: "
        "{'memory.model': 'queue'} or ['memory.model=queue']. Bad input raises ValueError with the CLI's message.");
  m.def("load_workload", &load_workload, py::arg("workload"), py::arg("params") = py::none(),
        "Loads a workload: a generator or kernel name (list_workloads()) or a .wl file, with `params`, the --param "
        "values: {'alpha': 8} or ['alpha=8'].");
  m.def("parse_workload", &parse_workload, py::arg("text"), py::arg("params") = py::none(), py::arg("file") = "<text>",
        "Parses a kernel written in the workload format (docs/workload-format.md); `file` names it in errors.");
  m.def(
      "list_gpus", [](const std::string& format) { return table_output(report::gpus_table(), format); }, py::arg("format") = "records",
      "The built-in GPUs as `warpsim list gpus` lists them: name, description, file.");
  m.def(
      "list_workloads", [](const std::string& format) { return table_output(report::workloads_table(), format); },
      py::arg("format") = "records",
      "The generators and kernel files as `warpsim list workloads` lists them: name, kind, params, description.");
}

}  // namespace warpsim::python
