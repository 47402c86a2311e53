// The `warpsim` Python module (pybind11): load GPUs and workloads, run, sweep and validate from
// Python with the library the `warpsim` binary uses. README, "Python"; docs/python_example.py.
#include <pybind11/pybind11.h>
#include <pybind11/stl/filesystem.h>

#include <dlfcn.h>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "python/py_objects.h"
#include "python/py_run.h"
#include "python/py_validate.h"

namespace py = pybind11;

namespace {

// An installed module reads the data installed with it (common/data_paths.h): it finds its own
// file as the dynamic linker loaded it.
void use_installed_data() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&use_installed_data), &info) == 0 || info.dli_fname == nullptr) return;
  const std::filesystem::path root = warpsim::installed_data_beside(info.dli_fname, WARPSIM_PYTHON_TO_DATA);
  if (!root.empty()) warpsim::set_data_root(root);
}

}  // namespace

PYBIND11_MODULE(warpsim, m) {
  m.doc() =
      "warpsim: a discrete-event simulator of GPU streaming multiprocessors (Volkov 2016, latency hiding).\n"
      "load_gpu/load_workload/parse_workload, run, sweep and validate do what the `warpsim` commands of the same "
      "names do; rows come back as records (column_names(), the CSV's columns) or columns. Bad input raises "
      "ValueError with the message the CLI prints; notes are UserWarnings.";
  m.attr("__version__") = WARPSIM_VERSION;
  // Bad input is the user's fault (exit status 2 in the CLI): ValueError, with the CLI's message.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const warpsim::UserError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  use_installed_data();
  warpsim::python::register_objects(m);
  warpsim::python::register_run(m);
  warpsim::python::register_validate(m);
  m.def("data_root", &warpsim::data_root,
        "The directory the built-in GPUs, workloads and validation data are read from: $WARPSIM_DATA_DIR, else the data "
        "installed with this module, else the source tree it was built from.");
}
