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
