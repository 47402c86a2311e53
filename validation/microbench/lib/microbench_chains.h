// Pointer chains of the microbenchmarks, planned on the host and checked after each run.
//  - Streaming chains (Volkov 2016 §5.10): entry e holds the address of entry e + step; thread i of
//    block j starts at entry i + j*spacing, so each block sweeps its own contiguous section and no
//    entry is read twice. The same layout gives ILP chains (§6.3: chain c starts c*N further and
//    steps ILP*N) and stride-2 access (§4.3: threads 2 words apart).
//  - Random chains (§6.7): one pseudo-random cycle through every entry; threads start evenly spaced
//    along the cycle so their walks never overlap.
//  - FADD safety (§5.1): the FADDs add +0.0 to the low 32 bits of an address, which leaves the bits
//    unchanged only if they form a normal float; the array is placed where every low word does.
// Standard library only (compiled into the CUDA suite as well as the library).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace warpsim::validation {

struct StreamLayout {
  uint64_t block_threads = 32;  // N
  uint32_t stride = 1;          // words between neighbouring threads (2: stride-2 access)
  uint32_t chains = 1;          // independent chains per thread (ILP)
  uint64_t loads_per_chain = 0;
  uint64_t step = 0;     // entries between consecutive loads of a chain: chains*stride*N
  uint64_t spacing = 0;  // entries between the start of consecutive blocks, multiple of 32
  uint64_t blocks = 0;
  uint64_t entries_used() const { return blocks * spacing; }
};

// Oversubscribed (§5.9): as many blocks as the array holds, `loads_per_chain` each.
// Persistent: exactly `blocks` blocks, each chain as long as the array allows (rounded down to a
// multiple of `loads_multiple`, the loop's unrolled group count). nullopt if the array is too small.
std::optional<StreamLayout> plan_stream(uint64_t array_entries, uint64_t block_threads, uint32_t stride, uint32_t chains,
                                        uint64_t loads_per_chain);
std::optional<StreamLayout> plan_stream_persistent(uint64_t array_entries, uint64_t block_threads, uint32_t stride, uint32_t chains,
                                                   uint64_t blocks, uint64_t loads_multiple);

// Entry where chain `chain` of thread `thread` of block `block` starts, and the entry its last load
// returns (the pointer the thread holds at the end: start + loads_per_chain * step).
uint64_t stream_start(const StreamLayout& l, uint64_t block, uint64_t thread, uint32_t chain);
uint64_t stream_end(const StreamLayout& l, uint64_t block, uint64_t thread, uint32_t chain);

// True if adding +0.0f to the float with these bits returns the same bits (a normal number).
bool float_safe_word(uint32_t word);
// Offset (a multiple of `align`) of the first `bytes`-long window inside the allocation
// [base, base + alloc_bytes) whose every 32-bit low address word is float-safe; such a window never
// crosses a 4 GiB boundary, so the high word is constant. nullopt if there is none.
std::optional<uint64_t> float_safe_window(uint64_t base, uint64_t alloc_bytes, uint64_t bytes, uint64_t align);
// Allocation size that always contains a float-safe window of `bytes` (for bytes <= 2032 MiB).
uint64_t float_safe_allocation(uint64_t bytes);

// A uniformly random single cycle through n entries: the distribution Sattolo's algorithm draws
// from (Lemeire 2016 §VI.B). `order` is the visiting order starting at entry 0; next[order[k]] =
// order[k+1]. Deterministic for a seed on every platform.
struct RandomCycle {
  std::vector<uint32_t> order;
  std::vector<uint32_t> next;
};
RandomCycle random_cycle(uint32_t n, uint64_t seed);
bool is_single_cycle(const std::vector<uint32_t>& next);

// Random nodes: the array cut into nodes of `node_entries` entries, visited in the order of one
// random cycle over the nodes; each node is read in pieces of `piece_entries` entries by as many
// threads, whose chains move together from node to node. The first entry of each piece holds the
// same piece of the cycle's next node; every other entry points to itself. So a warp's load
// touches 32 / (node / piece) random nodes, each read whole: the bytes each DRAM activation can
// serve, set from one sector (32 bytes) to several adjacent lines (docs/memory-model.md).
struct NodeLayout {
  uint32_t node_entries = 8;
  uint32_t piece_entries = 4;  // 16-byte links
  uint32_t nodes = 0;
  uint32_t threads_per_node() const { return node_entries / piece_entries; }
};
// nullopt unless piece_entries divides node_entries, a warp holds whole nodes and the array at
// least one node.
std::optional<NodeLayout> plan_nodes(uint64_t array_entries, uint32_t node_entries, uint32_t piece_entries);
// Per entry of the first layout.nodes * node_entries entries: the entry it points to.
std::vector<uint32_t> node_cycle_next(const NodeLayout& layout, const RandomCycle& nodes);
// Entry where global thread `thread` of `threads` (a multiple of threads_per_node) starts: its
// piece of the node at an even spacing along the cycle; and the entry it holds after `loads` links.
uint64_t node_start(const NodeLayout& layout, const RandomCycle& nodes, uint64_t thread, uint64_t threads);
uint64_t node_end(const NodeLayout& layout, const RandomCycle& nodes, uint64_t thread, uint64_t threads, uint64_t loads);

}  // namespace warpsim::validation
