// warpsim.Gpu and warpsim.Workload: a loaded config and kernel held by Python, and how the
// module's functions take a GPU or workload given as one of them or by name.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"

namespace warpsim::python {

namespace py = pybind11;

struct Gpu {
  std::string source;             // the name or file given
  std::vector<std::string> sets;  // the --set items applied
  std::shared_ptr<const config::HwConfig> config;
};

struct Workload {
  std::string source;  // the name or file given, or the file name given with the text
  std::shared_ptr<const isa::Kernel> kernel;
};

// load_gpu, load_workload, parse_workload, list_gpus, list_workloads and the two classes.
void register_objects(py::module_& m);

// `gpu`: a Gpu, or a name or file loaded with `sets` (which a Gpu must not be given: its sets
// were applied when it was loaded; TypeError).
std::shared_ptr<const config::HwConfig> gpu_config(const py::handle& gpu, const py::handle& sets);
// `workload`: a Workload, or a generator, kernel name or file loaded with `params`.
std::shared_ptr<const isa::Kernel> workload_kernel(const py::handle& workload, const py::handle& params);

}  // namespace warpsim::python
