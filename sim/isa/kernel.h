// Kernel: a SASS-like instruction list with derived register dependencies, the memory access
// pattern of each memory instruction, structured loops, and a launch section.
// Produced by the workload parser (workload_parser.h) or a generator (generators.h); read by the
// simulator and by the analytical models alike.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "isa/index_expression.h"
#include "isa/op_class.h"

namespace warpsim::isa {

// A workload's parameters by name: `.param` values, `--param` overrides (docs/workload-format.md).
using ParamMap = std::map<std::string, std::string>;

// Register ids: R0..R254 -> 0..254, P0..P6 -> kPredicateBase + i, the scoreboards SB0..SB5 that
// DEPBAR waits on -> kScoreboardBase + i. RZ, PT and uniform registers (UR*, UP*) are not registers.
inline constexpr uint16_t kPredicateBase = 256;
inline constexpr uint16_t kScoreboardBase = 264;
// A 128-bit store reads its 64-bit address pair, four data registers and a guard predicate.
inline constexpr int kMaxDst = 4;
inline constexpr int kMaxSrc = 8;

struct Instruction {
  std::string opcode;  // full mnemonic with modifiers, e.g. "MUFU.RSQ"
  OpClass cls = OpClass::Alu;
  std::array<uint16_t, kMaxDst> dst{};
  std::array<uint16_t, kMaxSrc> src{};
  uint8_t ndst = 0;
  uint8_t nsrc = 0;
  int16_t access = -1;  // index into Kernel::accesses, for LD/ST/LDS/STS
  int line = 0;         // source line (0 for generated code)
  // Under a guard predicate (@P0, @!P0). warpsim runs whole warps, so a guarded EXIT is not
  // taken: it issues and the warp goes on (the bounds check of a kernel whose grid fits its data).
  bool predicated = false;
};

// How the threads of a warp address memory, per execution of one memory instruction.
enum class AccessKind : uint8_t {
  Stream,     // consecutive 4-byte words across the warp, advancing by a block each time (§5.10)
  Stride,     // as Stream, word index multiplied by `param` (stride-2 access, §4.3)
  Random,     // unstructured: each thread (each group of `param` threads) an independent pseudo-random word (node) of the array (§6.7)
  Broadcast,  // every thread the same word (§5.2)
  Conflict,   // shared memory: `param`-way bank conflict (§6.2)
  Affine,     // each thread element `index` of the array: data blocks share (tiles, stencils)
  GatherNz,   // each thread the i-th nonzero of its row `index` of a .sparse matrix (CSR values, columns)
  GatherCol,  // each thread element col[that nonzero] (x[col[j]] of SpMV, a histogram's bins)
};

inline bool is_gather(AccessKind k) { return k == AccessKind::GatherNz || k == AccessKind::GatherCol; }

struct AccessPattern {
  AccessKind kind = AccessKind::Stream;
  int param = 1;            // stride for Stride, ways for Conflict, lanes per random node for Random
  int bytes = 4;            // bytes per thread (4, 8, 16)
  int array = 0;            // index into Kernel::arrays
  int active_threads = 32;  // threads of the warp that access memory
  // `interleave=R/K`: the instruction takes steps R, R+K, R+2K, ... of its block's sweep, so K
  // independent chains over one array read distinct elements (Volkov §6.3: ILP "pointer setup
  // ... modified, so that the accessed memory locations are similar" to the no-ILP setup).
  int interleave_index = 0;
  int interleave_count = 1;
  // Affine: the element each thread reads; gather: the row of `sparse` (docs/workload-format.md).
  IndexExpression index;
  int sparse = -1;  // gather: index into Kernel::sparse
};

// The bank-word that lane `lane` of a `conflict:k` shared-memory access reads, on `banks` banks:
// groups of k lanes hit one bank at k different words, exactly k-way (§6.2) on any bank count.
// The simulator's addresses and the analytical models' costs both come from it.
inline uint64_t conflict_bank_word(uint64_t lane, uint64_t k, uint64_t banks) { return (lane / k) % banks + (lane % k) * banks; }

struct ArraySpec {
  std::string name;
  uint64_t bytes = 512ull << 20;  // footprint; random accesses fall inside it (§6.7)
};

// A `.sparse` matrix: the CSR structure gather accesses follow, generated from the run's seed
// (isa/sparse_matrix.h) so that the workload names its shape, not its data.
enum class SparseStructure : uint8_t {
  Banded,    // row r: columns r-K/2 .. r-K/2+K-1 (mod cols), a stencil's or a banded solver's
  Uniform,   // K distinct columns per row, uniform over [0, cols)
  PowerLaw,  // row lengths from a power law with mean K (graphs, web matrices), columns uniform
};

struct SparseSpec {
  std::string name;
  uint64_t rows = 1;
  uint64_t cols = 1;
  uint32_t nnz_per_row = 1;  // K: every row's nonzeros, or their mean (PowerLaw)
  SparseStructure structure = SparseStructure::Uniform;
  uint32_t max_row = 0;  // PowerLaw: the longest row
  int line = 0;          // the directive's line in Kernel::source
};

// A structured loop: instructions [begin, end] executed `count` times.
struct Loop {
  int begin = 0;
  int end = 0;
  int64_t count = 1;
  int line = 0;  // the `.loop` directive's line in Kernel::source (0: none, generated)
};

enum class GridKind : uint8_t {
  Oversubscribed,  // `blocks_per_slot` x the resident blocks of the device (§5.9)
  Persistent,      // exactly the resident blocks of the device (§5.9)
  Fixed,           // exactly `blocks` blocks
};

struct LaunchSpec {
  int threads_per_block = 0;  // 0: chosen by the occupancy realisation (--warps), §5.7
  GridKind grid = GridKind::Oversubscribed;
  int64_t blocks = 0;       // for GridKind::Fixed
  int blocks_per_slot = 4;  // for GridKind::Oversubscribed
  // For GridKind::Oversubscribed, if > 0: the device's whole grid instead, of which a share of the
  // SMs (--sms) runs its share; at least one wave (a measured grid: its size decides what a write-back
  // L2 still holds at the end).
  int64_t device_blocks = 0;
  int shared_memory_per_block = 0;  // bytes the kernel itself allocates
  // Occupancy by the warpsim CUDA suite's plan (device/occupancy.h): blocks of gcd(warps,
  // schedulers) warps, each allocating the largest share of the SM's shared memory of which exactly
  // that many fit, also where warps or blocks already limit them. On GPUs whose L1 and shared
  // memory are one array, what the blocks take the L1 lacks (memory.l1.unified_bytes).
  bool fill_shared_memory = false;
  int registers_per_thread = 0;  // 0: not limiting
  // 2-D coordinates of the affine and gather indices: a thread's tx = tid % block_x, ty = tid /
  // block_x; a block's bx = block % grid_x, by = block / grid_x. 0: one row (the block's threads,
  // the grid's blocks).
  int block_x = 0;
  int64_t grid_x = 0;
  int line = 0;  // the `.launch` directive's line in Kernel::source (0: none)
};

struct Kernel {
  std::string name;
  std::string description;
  std::string source;  // file path, or "generator:<name>"
  std::vector<Instruction> code;
  std::vector<AccessPattern> accesses;
  std::vector<ArraySpec> arrays;
  std::vector<SparseSpec> sparse;  // `.sparse` matrices, built per run (isa/sparse_matrix.h)
  std::vector<Loop> loops;  // nested or disjoint ranges, in any order (the parser adds a loop when it closes, so an inner one comes first)
  LaunchSpec launch;
  ParamMap params;  // resolved parameter values, for reports

  int register_count() const;  // 1 + largest register id used (R and P ids share the space)
};

// Instructions executed per warp, by class, taking loops into account.
struct InstructionMix {
  std::array<int64_t, kOpClassCount> per_class{};
  int64_t total = 0;
  int64_t count(OpClass c) const { return per_class[index(c)]; }
};
InstructionMix instruction_mix(const Kernel& k);

// Dependent instructions per warp: every instruction but control flow (the seeds' loops are
// unrolled enough that the branch is negligible, Volkov §5.1); at least 1. A warp's latency over
// this count is its latency per instruction (§3.3).
double chain_instructions(const Kernel& k);

// How many times each instruction executes per warp (the product of its enclosing loop counts).
std::vector<int64_t> execution_counts(const Kernel& k);

}  // namespace warpsim::isa
