// Where every memory model's unloaded latency comes from. One input sets it: memory.latency_cycles,
// Table 6.2's issue-to-data latency of one coalesced load on an idle GPU (Volkov 2016 §6.2). It is
// split, the same way for every model, as
//
//   memory.latency_cycles
//     = LSU departure spread of the access's transactions   (the SM adds it: departure_offset_cycles)
//     + memory part of the last transaction                 (a model with DRAM or servers times it)
//     + fixed interconnect delay, both ways                 (what is left: interconnect_ps_for)
//
// `fixed` and `simgrid` take the spread off and model the rest themselves (one constant; links
// with fixed delays). `queue`, `dram` and `servers` get their interconnect from
// derived_interconnect_ps: an idle probe copy of the model with no interconnect times one coalesced
// access, and the interconnect is the remainder. Behind the caches (mem/cache/cached_memory.h)
// the model below is built from a config whose memory.latency_cycles is less the SM -> L2 trip.
// The LSU's per-pass increment has a calibration of its own (lsu_calibration.h).
#pragma once

#include <cstdint>

#include "config/hw_config.h"
#include "mem/memory_system.h"

namespace warpsim::mem {

// Unloaded latency of one transaction: memory.latency_cycles less the LSU's departure spread of a
// coalesced access's transactions (round((n - 1) x Table 6.7), departure_offset_cycles). A
// UserError naming both keys when the spread is not shorter.
double unloaded_transaction_latency_cycles(const config::HwConfig& cfg);

// The memory part of one unloaded coalesced streaming access (at 1 GiB), its transactions
// departing as the LSU sends them: from the last departure to the last completion, on `memory`,
// which is idle and has no interconnect latency.
uint64_t unloaded_coalesced_tail_cycles(MemorySystem& memory, const config::LsuConfig& lsu);

// The interconnect latency (ps, both ways together) that makes an unloaded coalesced access of a
// model whose memory part takes `memory_cycles` take Table 6.2's latency; a UserError naming
// memory.latency_cycles and the DRAM timings when those alone exceed it.
uint64_t interconnect_ps_for(const config::HwConfig& cfg, uint64_t memory_cycles);

// The interconnect of a `Model` (constructible as Model(spec, 0): no interconnect) built for
// `probe_spec`, derived as above. Used by each model's constructor.
template <class Model>
uint64_t derived_interconnect_ps(const MemorySystemSpec& probe_spec) {
  Model probe(probe_spec, 0);
  return interconnect_ps_for(*probe_spec.config, unloaded_coalesced_tail_cycles(probe, probe_spec.config->lsu));
}

}  // namespace warpsim::mem
