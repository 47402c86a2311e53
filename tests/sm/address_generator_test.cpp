// AddressGenerator::fixed_offsets must agree with global_addresses whenever it claims a fixed
// pattern (the coalescing cache relies on it), and refuse when lanes wrap or are random.
#include <gtest/gtest.h>

#include <set>

#include "isa/generators.h"
#include "sm/address_generator.h"
#include "support/fixture_configs.h"

namespace warpsim::sm {

TEST(AddressGenerator, FixedOffsetsMatchTheLaneAddressesOrRefuse) {
  const config::HwConfig cfg = test::kepler_like();
  for (const char* pattern : {"stream", "stride:2", "stride:7", "random"}) {
    // A 4000-byte array (1000 words, not a multiple of a warp) so that some warps wrap around its end.
    isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), {{"alpha", "0"}, {"loads", "40"}, {"pattern", pattern}});
    for (auto& a : k.arrays) a.bytes = 4000;
    const AddressGenerator gen(k, cfg, 7);
    const int access = 0;
    const uint64_t step = std::string(pattern) == "stream" ? 1 : std::string(pattern) == "stride:2" ? 2 : 7;
    int fixed = 0, refused = 0;
    for (uint64_t block = 0; block < 4; ++block)
      for (uint32_t warp = 0; warp < 4; ++warp)
        for (uint64_t exec = 0; exec < 40; ++exec) {
          const WarpCoordinates w{block, warp, 128};
          std::array<uint64_t, 32> addr{};
          gen.global_addresses(access, w, exec, addr);
          uint64_t lane0 = 0;
          if (!gen.fixed_offsets(access, w, exec, lane0)) {
            ++refused;
            continue;
          }
          ++fixed;
          for (uint64_t l = 0; l < 32; ++l) ASSERT_EQ(addr[l], lane0 + l * step * 4) << pattern << " lane " << l;
        }
    if (std::string(pattern) == "random") {
      EXPECT_EQ(fixed, 0);
    } else {
      EXPECT_GT(fixed, 0) << pattern;
      EXPECT_GT(refused, 0) << pattern;  // wrap-around at the end of the array
    }
  }
}

// pattern=random:K (the microbenchmark suite's random nodes): each group of K lanes reads the K
// consecutive elements of one aligned node, and the groups' nodes are independent.
TEST(AddressGenerator, RandomNodesAreReadWholeByTheirGroupOfLanes) {
  const config::HwConfig cfg = test::kepler_like();
  for (int node_bytes : {32, 128, 512}) {
    const isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"),
                                        {{"op", "random"}, {"bytes", "16"}, {"node_bytes", std::to_string(node_bytes)}, {"count", "8"}});
    const AddressGenerator gen(k, cfg, 3);
    const uint64_t lanes = static_cast<uint64_t>(node_bytes) / 16, base = 0;  // arrays start at multiples of 8 MB
    std::set<uint64_t> nodes;
    int groups = 0;
    for (uint64_t block = 0; block < 4; ++block)
      for (uint64_t exec = 0; exec < 8; ++exec) {
        std::array<uint64_t, 32> addr{};
        gen.global_addresses(0, WarpCoordinates{block, 0, 32}, exec, addr);
        for (uint64_t l = 0; l < 32; ++l) {
          const uint64_t off = addr[l] - base;
          ASSERT_EQ(off % static_cast<uint64_t>(node_bytes), l % lanes * 16) << node_bytes << " lane " << l;
          ASSERT_EQ(off / node_bytes, (addr[l / lanes * lanes] - base) / node_bytes) << node_bytes << " lane " << l;
          if (l % lanes == 0) nodes.insert(off / node_bytes), ++groups;
        }
      }
    // 128 MB of nodes: the groups' random nodes do not coincide.
    EXPECT_EQ(nodes.size(), static_cast<size_t>(groups)) << node_bytes;
    EXPECT_EQ(groups, 4 * 8 * static_cast<int>(32 / lanes));
  }
  // An array smaller than a node wraps, as a stream does: no lane reads past its end.
  isa::Kernel tiny = isa::generate(*isa::find_generator("homogeneous"), {{"op", "random"}, {"bytes", "16"}, {"node_bytes", "512"}});
  tiny.arrays[0].bytes = 64;
  const AddressGenerator gen(tiny, cfg, 3);
  std::array<uint64_t, 32> addr{};
  gen.global_addresses(0, WarpCoordinates{0, 0, 32}, 0, addr);
  for (uint64_t l = 0; l < 32; ++l) EXPECT_EQ(addr[l], (8ull << 20) + l % 4 * 16) << l;  // the first array starts at 8 MB
}

// Volkov §6.3: with ILP the pointer setup is modified "so that the accessed memory locations are
// similar to those accessed in the original setup": the k chains of a warp read distinct lines,
// and together exactly the lines the no-ILP sweep reads (before, both chains read the same line,
// which a DRAM model served as row hits: Kepler's `queue` ILP-2 peak was 182 GB/s, not ~135).
TEST(AddressGenerator, IlpChainsReadTheLinesOfTheNoIlpSweep) {
  const config::HwConfig cfg = test::kepler_like();
  const auto make = [](int ilp) {
    return isa::generate(*isa::find_generator("homogeneous"), {{"op", "stream"}, {"ilp", std::to_string(ilp)}, {"count", "64"}});
  };
  const isa::Kernel one = make(1), four = make(4);
  const AddressGenerator g1(one, cfg, 1), g4(four, cfg, 1);
  ASSERT_EQ(four.accesses.size(), 4u);
  for (uint64_t block = 0; block < 3; ++block)
    for (uint32_t warp = 0; warp < 4; ++warp) {
      const WarpCoordinates w{block, warp, 128};
      std::set<uint64_t> lines1, lines4;
      std::array<uint64_t, 32> a{};
      for (uint64_t exec = 0; exec < 64; ++exec) {
        g1.global_addresses(0, w, exec, a);
        lines1.insert(a[0]);
      }
      for (int access = 0; access < 4; ++access)
        for (uint64_t exec = 0; exec < 16; ++exec) {
          g4.global_addresses(access, w, exec, a);
          EXPECT_TRUE(lines4.insert(a[0]).second) << "chain " << access << " execution " << exec << " reads a line twice";
        }
      EXPECT_EQ(lines4, lines1);
    }
}

}  // namespace warpsim::sm

namespace warpsim::sm {

// A streamed or strided array is read all over by every SM once the device's blocks together read
// it twice over (block b starts at b x 40 loads x 128 threads = b x 5120 words here): 1,000 words
// with 1 block; a 64 MB array (16 Mi words) takes 6,554 blocks of stream and 937 of stride:7.
TEST(AddressGenerator, AStreamIsSharedByEverySmOnceTheGridWrapsAroundItsArray) {
  const config::HwConfig cfg = test::kepler_like();
  for (const char* pattern : {"stream", "stride:7"}) {
    isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), {{"alpha", "0"}, {"loads", "40"}, {"pattern", pattern}});
    k.arrays[0].bytes = 4000;
    EXPECT_EQ(AddressGenerator(k, cfg, 7, {1, 1, 128}).shared_arrays().size(), 1u) << pattern;
    k.arrays[0].bytes = 64ull << 20;
    const uint64_t fits = std::string(pattern) == "stream" ? 6553 : 936;  // 5120 x 6553 < 2^25 <= 5120 x 6554
    EXPECT_TRUE(AddressGenerator(k, cfg, 7, {1, fits, 128}).shared_arrays().empty()) << pattern;
    const auto shared = AddressGenerator(k, cfg, 7, {1, fits + 1, 128}).shared_arrays();
    ASSERT_EQ(shared.size(), 1u) << pattern;
    EXPECT_EQ(shared[0].end - shared[0].begin, 64ull << 20);
    EXPECT_TRUE(AddressGenerator(k, cfg, 7).shared_arrays().empty()) << pattern;  // no grid given
  }
}

// A grid that reads its array twice over spreads its blocks over it: 8 blocks of 128 threads and 40
// loads each (5,120 words a block, 40,960 in all) over 20,479 words start at j x 20,479 / 8 (on a
// 32-word boundary), where a grid that reads less (a 4 MB array) starts them at j x 5,120. Each
// block sweeps its section from there, wrapping at the array's end. Only the blocks resident at
// once are spread: a later wave starts where the first did.
TEST(AddressGenerator, AWrappingGridSpreadsItsBlocksEvenlyOverTheArray) {
  const config::HwConfig cfg = test::kepler_like();
  isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), {{"alpha", "0"}, {"loads", "40"}});
  k.arrays[0].bytes = 4ull << 20;
  isa::Kernel small = k;                     // a generator keeps a reference to its kernel
  small.arrays[0].bytes = 5120 * 4 * 4 - 4;  // just under half the 8 blocks' sections
  const AddressGenerator unwrapped(k, cfg, 7, {8, 8, 128});
  const AddressGenerator wrapped(k, cfg, 7, {8, 8 * 1000, 128});  // the device's grid wraps, the run's does not
  const AddressGenerator spread(small, cfg, 7, {8, 8, 128});
  std::array<uint64_t, 32> a{}, b{}, c{};
  for (uint64_t block = 0; block < 8; ++block) {
    for (uint64_t exec : {0ull, 39ull}) {
      unwrapped.global_addresses(0, WarpCoordinates{block, 1, 128}, exec, a);
      wrapped.global_addresses(0, WarpCoordinates{block, 1, 128}, exec, b);
      spread.global_addresses(0, WarpCoordinates{block, 1, 128}, exec, c);
      const uint64_t base = a[0] - (block * 5120 + exec * 128 + 32) * 4;  // the array's first byte
      EXPECT_EQ(b[0], a[0]) << "block " << block;                         // laid out as without a wrap
      const uint64_t words = 5120 * 4 - 1;
      const uint64_t start = block * words / 8 / 32 * 32;
      EXPECT_EQ(c[0], base + ((start + exec * 128 + 32) % words) * 4) << "block " << block << " exec " << exec;
      // 16 blocks, 8 resident at once: the second wave's block 8 + j starts where block j did.
      const AddressGenerator waves(small, cfg, 7, {16, 16, 128, 8});
      std::array<uint64_t, 32> first{}, second{};
      waves.global_addresses(0, WarpCoordinates{block, 1, 128}, exec, first);
      waves.global_addresses(0, WarpCoordinates{block + 8, 1, 128}, exec, second);
      EXPECT_EQ(first[0], c[0]) << "block " << block;
      EXPECT_EQ(second[0], c[0]) << "block " << block + 8;
    }
  }
}

// §6.7's random chains: thread g of T starts at node place g n / T of one cycle and its i-th load
// reads place start + i + 1. With more threads than nodes (the suite's 8 MB rows at 64 warps/SM)
// neighbouring lanes read the same node, and a lane reads next what its neighbour read before;
// with chains shorter than their spacing no node is read twice.
TEST(AddressGenerator, RandomChainsOverlapWhereTheirStartsLieCloserThanTheirLength) {
  const config::HwConfig cfg = test::kepler_like();
  isa::Kernel k = isa::generate(*isa::find_generator("homogeneous"), {{"op", "random"}, {"count", "4"}});
  k.arrays[0].bytes = 4096;  // 1024 nodes of one word
  const auto element = [](uint64_t address) { return address % (1ull << 30) - (8ull << 20); };
  {
    const AddressGenerator dense(k, cfg, 3, GridShape{64, 64, 32, 64});  // 2048 chains: half a node apart
    for (uint64_t block = 0; block < 64; block += 9)
      for (uint64_t e = 0; e + 1 < 4; ++e) {
        std::array<uint64_t, 32> now{}, next{};
        dense.global_addresses(0, WarpCoordinates{block, 0, 32}, e, now);
        dense.global_addresses(0, WarpCoordinates{block, 0, 32}, e + 1, next);
        for (int l = 0; l < 32; l += 2) {
          EXPECT_EQ(now[l], now[l + 1]) << "block " << block << " lane " << l;
          if (l + 2 < 32) {
            EXPECT_EQ(next[l], now[l + 2]) << "block " << block << " lane " << l;
          }
        }
      }
  }
  const AddressGenerator sparse(k, cfg, 3, GridShape{4, 4, 32, 4});  // 128 chains 8 nodes apart, 4 loads each
  std::set<uint64_t> read;
  for (uint64_t block = 0; block < 4; ++block)
    for (uint64_t e = 0; e < 4; ++e) {
      std::array<uint64_t, 32> addr{};
      sparse.global_addresses(0, WarpCoordinates{block, 0, 32}, e, addr);
      for (uint64_t a : addr) {
        EXPECT_LT(element(a), 4096u);
        EXPECT_TRUE(read.insert(a).second) << "element " << element(a) / 4 << " read twice";
      }
    }
  EXPECT_EQ(read.size(), 4u * 32u * 4u);
}

}  // namespace warpsim::sm
