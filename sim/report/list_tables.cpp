#include "report/list_tables.h"

#include "config/loader.h"
#include "isa/workloads.h"

namespace warpsim::report {

Table gpus_table() {
  Table t({{"name"}, {"description"}, {"file"}});
  for (const auto& g : config::builtin_gpus()) t.add_row({g.name, g.description, g.path});
  return t;
}

Table workloads_table() {
  Table t({{"name"}, {"kind"}, {"params"}, {"description"}});
  for (const auto& w : isa::list_workloads()) t.add_row({w.name, w.kind, w.params, w.description});
  return t;
}

}  // namespace warpsim::report
