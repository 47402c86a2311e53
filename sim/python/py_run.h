// warpsim.run and warpsim.sweep: `warpsim run` and `warpsim sweep` as functions returning their
// rows (the columns of README "Output columns"), notes as Python warnings.
#pragma once

#include <pybind11/pybind11.h>

namespace warpsim::python {

void register_run(pybind11::module_& m);

}  // namespace warpsim::python
