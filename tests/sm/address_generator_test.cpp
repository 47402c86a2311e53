// AddressGenerator::fixed_offsets must agree with global_addresses whenever it claims a fixed
// pattern (the coalescing cache relies on it), and refuse when lanes wrap or are random.
#include <gtest/gtest.h>

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

}  // namespace warpsim::sm
