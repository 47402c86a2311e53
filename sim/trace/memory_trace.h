// A kernel's memory trace, as Baghsorkhi 2012 §4.2 records one: for every warp of the grid, in
// program order, each execution of a global load or store with the 32-byte sectors it touches and
// the static instruction (source location) behind it. Built from the simulator's own address
// generation and coalescer (trace_builder.h), so a trace and a timed run see the same addresses;
// read and written by trace_io.h.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace warpsim::trace {

inline constexpr uint64_t kSectorBytes = 32;

// One global memory instruction of the kernel.
struct StaticAccess {
  uint32_t pc = 0;
  int line = 0;  // source line of the workload (0: generated)
  std::string opcode;
  std::string array;
  bool store = false;
};

// Flags of an entry.
inline constexpr uint8_t kSequenceStart = 1;  // begins a bulk-scheduled sequence (Baghsorkhi §2, §3.2.2)

// One execution of a static access by one warp.
struct TraceEntry {
  uint32_t first_sector = 0;  // into MemoryTrace::sectors
  uint16_t sectors = 0;       // distinct sectors, ascending (0: every lane was inactive)
  uint16_t access = 0;        // into MemoryTrace::statics
  uint16_t epoch = 0;         // barriers the warp passed before it
  uint8_t flags = 0;
};

struct TraceMeta {
  std::string gpu;
  std::string workload;
  std::string params;  // "k=v k=v", as the run reports them
  uint64_t seed = 1;
  int device_sms = 0;
  int blocks_per_sm = 0;  // resident blocks per SM (the launch's occupancy)
  int warps_per_block = 0;
  int64_t total_blocks = 0;   // the grid
  int64_t traced_blocks = 0;  // blocks 0 .. traced_blocks-1 are in the trace (the snapshot, §3)
  int line = 0;               // the line of its file the header was read from (not written; 0: built in memory)
};

struct MemoryTrace {
  TraceMeta meta;
  std::vector<StaticAccess> statics;
  // Warp w (block w / warps_per_block, warp w % warps_per_block) holds entries
  // [warp_first[w], warp_first[w + 1]).
  std::vector<uint64_t> warp_first{0};
  std::vector<TraceEntry> entries;
  std::vector<uint64_t> sectors;  // sector index = byte address / kSectorBytes

  size_t warps() const { return warp_first.size() - 1; }
  const uint64_t* sectors_of(const TraceEntry& e) const { return sectors.data() + e.first_sector; }
};

}  // namespace warpsim::trace
