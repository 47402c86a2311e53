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
    case MemoryModelKind::Queue:  // closes a row as soon as tRAS allows, serves writes like reads, one activate
                                  // calendar per channel (queue_channel.h); its peak is what the channels deliver
      return key == "memory.controller.page_policy" || key == "memory.controller.write_queue_depth" || key == "memory.sm_port_gbps" ||
             key == "memory.peak_gbps" || key == "memory.dram.ranks";
    case MemoryModelKind::Dram:  // the bounded FR-FCFS window is `queue`'s experiment
      return key == "memory.controller.queue_window" || key == "memory.sm_port_gbps" || key == "memory.peak_gbps";
  }
  return false;
}

bool simulation_reads(MemoryModelKind model, std::string_view key) {
  if (!key.starts_with("memory.")) return true;
  if (memory_model_ignores(model, key)) return false;
  const bool fixed_or_servers = model == MemoryModelKind::Fixed || model == MemoryModelKind::Servers;
  if (key == "memory.peak_gbps") return fixed_or_servers || model == MemoryModelKind::SimGrid;
  if (key == "memory.contention_b_cycles" || key == "memory.contention_c_gbps") return model == MemoryModelKind::Servers;
  if (key == "memory.contention_a_cycles") return false;  // the refined analytical model's only
  if (key == "memory.line_charge_bytes") return fixed_or_servers;
  return true;
}

}  // namespace warpsim::config
