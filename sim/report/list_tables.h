// The tables of `warpsim list gpus` and `warpsim list workloads`, shared with the Python module's
// list_gpus() and list_workloads() so that both name the columns alike.
#pragma once

#include "report/table.h"

namespace warpsim::report {

Table gpus_table();       // name, description, file
Table workloads_table();  // name, kind, params, description

}  // namespace warpsim::report
