#include "config/model_keys.h"

namespace warpsim::config {

bool memory_model_ignores(MemoryModelKind model, std::string_view key) {
  const bool dram = key.starts_with("memory.dram.");
  const bool controller = key.starts_with("memory.controller.");
  switch (model) {
    case MemoryModelKind::Fixed:
    case MemoryModelKind::Servers:  // one peak limit and servers from Table 6.5: no channels at all
      return dram || controller || key == "memory.controllers" || key == "memory.sm_port_gbps";
    case MemoryModelKind::SimGrid:  // links per controller and SM port (mem/simgrid/platform_spec.cpp): no DRAM timings
      return dram || controller;
    case MemoryModelKind::Queue:  // closes a row as soon as tRAS allows, serves writes like reads (queue_channel.h);
                                  // its peak is what the channels deliver, not Table 6.4's
      return key == "memory.controller.page_policy" || key == "memory.controller.write_queue_depth" || key == "memory.sm_port_gbps" ||
             key == "memory.peak_gbps";
    case MemoryModelKind::Dram:  // the bounded FR-FCFS window is `queue`'s experiment
      return key == "memory.controller.queue_window" || key == "memory.sm_port_gbps" || key == "memory.peak_gbps";
  }
  return false;
}

}  // namespace warpsim::config
