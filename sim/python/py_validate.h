// warpsim.validate: `warpsim validate` as a function returning the case table and the counts.
#pragma once

#include <pybind11/pybind11.h>

namespace warpsim::python {

void register_validate(pybind11::module_& m);

}  // namespace warpsim::python
