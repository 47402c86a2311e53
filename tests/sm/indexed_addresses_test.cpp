// Affine and gather addresses: a lane's 2-D coordinates (tx, ty, bx, by) and step i, evaluated
// into elements by hand; gathers following a banded matrix's rows; the coalescing cache's
// agreement (fixed_offsets) for affine accesses.
#include <gtest/gtest.h>

#include <array>
#include <optional>

#include "isa/workload_parser.h"
#include "sm/address_generator.h"
#include "support/fixture_configs.h"

namespace warpsim::sm {
namespace {

constexpr uint64_t kBase = 8ull << 20;  // the first array's base address (address_generator.cpp)

std::array<uint64_t, 32> addresses(const AddressGenerator& g, const WarpCoordinates& w, uint64_t exec, uint32_t* mask = nullptr,
                                   int access = 0) {
  std::array<uint64_t, 32> a{};
  const uint32_t m = g.global_addresses(access, w, exec, a);
  if (mask) *mask = m;
  return a;
}

}  // namespace

TEST(IndexedAddresses, ThreadAndBlockCoordinatesOfA16x16TileOnAGridFourBlocksWide) {
  // Lane 17 of warp 1 is thread 49: tx = 49 % 16 = 1, ty = 49 / 16 = 3. Block 5 of a grid 4
  // blocks wide: bx = 5 % 4 = 1, by = 5 / 4 = 1. Execution 2: i = 2. Each variable its own digits.
  const isa::Kernel k = isa::parse_workload(
      ".array a 1GB\n.launch threads_per_block=256 block_x=16 grid_x=4\n"
      "LD R1, [R2] ; pattern=affine index=tx+100*ty+10000*bx+1000000*by+100000000*i\n",
      "w.wl");
  const AddressGenerator g(k, test::kepler_like(), 1);
  const auto a = addresses(g, WarpCoordinates{5, 1, 256}, 2);
  EXPECT_EQ(a[17], kBase + 4 * 201010301ull);
  EXPECT_EQ(a[0], kBase + 4 * 201010200ull);   // thread 32: tx 0, ty 2
  EXPECT_EQ(a[31], kBase + 4 * 201010315ull);  // thread 63: tx 15, ty 3
  // Without block_x and grid_x: one row of threads and of blocks (ty = by = 0).
  const isa::Kernel flat = isa::parse_workload(
      ".array a 1GB\n.launch threads_per_block=256\nLD R1, [R2] ; pattern=affine index=tx+100*ty+10000*bx+1000000*by\n", "w.wl");
  const AddressGenerator gf(flat, test::kepler_like(), 1);
  EXPECT_EQ(addresses(gf, WarpCoordinates{5, 1, 256}, 0)[17], kBase + 4 * (49 + 50000ull));
}

TEST(IndexedAddresses, TiledMatrixMultiplyReadsOneTileRowPerIteration) {
  // A's tile of C = A B, 64 x 64, 16 x 16 tiles: element (by*16+ty)*64 + i*16 + tx. Lane 17 of
  // warp 1 of block 5 (tx 1, ty 3, by 1) at i = 2: (16 + 3) * 64 + 32 + 1 = 1249. Block 4 (bx 0,
  // by 1) reads the same element: the reuse between blocks a cache catches.
  const isa::Kernel k = isa::parse_workload(
      ".param n 64\n.array a 16KB\n.launch threads_per_block=256 block_x=16 grid_x=4\n"
      "LD R1, [R2] ; pattern=affine index=(by*16+ty)*${n}+i*16+tx array=a\n",
      "w.wl");
  const AddressGenerator g(k, test::kepler_like(), 1);
  EXPECT_EQ(addresses(g, WarpCoordinates{5, 1, 256}, 2)[17], kBase + 4 * 1249ull);
  EXPECT_EQ(addresses(g, WarpCoordinates{4, 1, 256}, 2)[17], kBase + 4 * 1249ull);
}

TEST(IndexedAddresses, NegativeAndLargeIndicesWrapAroundTheArray) {
  // 64 words: lane l reads tx - 40 mod 64.
  const isa::Kernel k = isa::parse_workload(".array a 256B\nLD R1, [R2] ; pattern=affine index=tx-40\n", "w.wl");
  const AddressGenerator g(k, test::kepler_like(), 1);
  const auto a = addresses(g, WarpCoordinates{0, 0, 64}, 0);
  EXPECT_EQ(a[0], kBase + 4 * 24ull);
  EXPECT_EQ(a[31], kBase + 4 * 55ull);                                           // -9
  EXPECT_EQ(addresses(g, WarpCoordinates{0, 1, 64}, 0)[31], kBase + 4 * 23ull);  // 63 - 40
}

TEST(IndexedAddresses, GatherFollowsTheRowsOfABandedMatrixAndDropsLanesWhoseRowEnded) {
  // 8 x 8, K = 3: row r holds columns r-1, r, r+1 (mod 8) ascending, at nonzeros 3r .. 3r+2.
  // Lane l's row is tx mod 8 = l mod 8.
  const isa::Kernel k = isa::parse_workload(
      ".sparse M rows=8 cols=8 nnz_per_row=3 structure=banded\n.array val 1MB\n.array x 1MB\n"
      "LD R1, [R2] ; pattern=gather:M.nz index=tx array=val\n"
      "LD R3, [R4] ; pattern=gather:M.col index=tx array=x bytes=8\n"
      "LD R5, [R6] ; pattern=gather:M.col index=tx array=x threads=4\n",
      "w.wl");
  const AddressGenerator g(k, test::kepler_like(), 1);
  const uint64_t x = kBase + (1ull << 30);  // the next array, 1 GiB on
  uint32_t mask = 0;
  for (uint64_t i = 0; i < 3; ++i) {
    const auto nz = addresses(g, WarpCoordinates{0, 0, 32}, i, &mask, 0);
    EXPECT_EQ(mask, 0xffffffffu);
    for (uint64_t l = 0; l < 32; ++l) EXPECT_EQ(nz[l], kBase + 4 * (3 * (l % 8) + i)) << "lane " << l << " i " << i;
  }
  // Row 0: {0, 1, 7}; row 2: {1, 2, 3}; row 7: {0, 6, 7}.
  const auto c0 = addresses(g, WarpCoordinates{0, 0, 32}, 0, &mask, 1);
  EXPECT_EQ(c0[0], x + 8 * 0);
  EXPECT_EQ(c0[2], x + 8 * 1);
  EXPECT_EQ(c0[7], x + 8 * 0);
  const auto c2 = addresses(g, WarpCoordinates{0, 0, 32}, 2, &mask, 1);
  EXPECT_EQ(c2[0], x + 8 * 7);
  EXPECT_EQ(c2[15], x + 8 * 7);  // row 7
  // Every row has 3 nonzeros: the fourth execution has no active lane.
  addresses(g, WarpCoordinates{0, 0, 32}, 3, &mask, 0);
  EXPECT_EQ(mask, 0u);
  addresses(g, WarpCoordinates{0, 0, 32}, 1, &mask, 2);
  EXPECT_EQ(mask, 0xfu);  // threads=4
  // Gathers are never fixed offsets, and the columns' array is read all over by every SM.
  uint64_t lane0 = 0;
  EXPECT_FALSE(g.fixed_offsets(1, WarpCoordinates{0, 0, 32}, 0, lane0));
  const auto shared = g.shared_arrays();
  ASSERT_EQ(shared.size(), 1u);
  EXPECT_EQ(shared[0].begin, x);
}

TEST(IndexedAddresses, GatherMasksFollowRowLengthsOfAPowerLawMatrix) {
  const isa::Kernel k = isa::parse_workload(
      ".sparse P rows=1000 cols=1000 nnz_per_row=4 structure=powerlaw\n.array val 1MB\n"
      ".launch threads_per_block=64 grid_x=10\nLD R1, [R2] ; pattern=gather:P.nz index=(by*10+bx)*64+ty*64+tx array=val\n",
      "w.wl");
  const AddressGenerator g(k, test::kepler_like(), 3);
  const isa::SparseMatrix& m = *g.matrix(0);
  for (uint64_t block : {0ull, 7ull, 15ull})
    for (uint64_t i : {0ull, 3ull, 9ull}) {
      uint32_t mask = 0;
      const auto a = addresses(g, WarpCoordinates{block, 1, 64}, i, &mask);
      for (uint64_t l = 0; l < 32; ++l) {
        const uint64_t r = ((block / 10) * 10 + block % 10) * 64 + 32 + l;
        const bool active = i < m.row_length(r % 1000);
        ASSERT_EQ((mask >> l & 1u) != 0, active) << "block " << block << " i " << i << " lane " << l;
        if (active) {
          EXPECT_EQ(a[l], kBase + 4 * (m.row_ptr[r % 1000] + i));
        }
      }
    }
}

// fixed_offsets must agree with global_addresses whenever it claims a fixed pattern (the
// coalescing cache replays its transactions), for rows of whole warps, rows dividing a warp,
// negative coefficients and wrap-around; rows of 48 threads start warps mid-row: never fixed.
TEST(IndexedAddresses, AffineFixedOffsetsMatchTheLaneAddressesOrRefuse) {
  const config::HwConfig cfg = test::kepler_like();
  for (const char* block_x : {"", " block_x=16", " block_x=8", " block_x=64", " block_x=48"})
    for (const char* index : {"tx+ty*100+i*7", "(by*16+ty)*64+i*16+tx", "-tx+3*ty-i", "2*tx+bx*32", "5", "tx*1000000"}) {
      const std::string text = std::string(".array a 4000B\n.launch threads_per_block=192 grid_x=3") + block_x +
                               "\nLD R1, [R2] ; pattern=affine index=" + index + "\n";
      const isa::Kernel k = isa::parse_workload(text, "w.wl");
      const AddressGenerator g(k, cfg, 1);
      int fixed = 0;
      std::optional<std::array<int64_t, 32>> offsets;  // from lane 0: one set for every fixed execution
      for (uint64_t block = 0; block < 6; ++block)
        for (uint32_t warp = 0; warp < 6; ++warp)
          for (uint64_t exec = 0; exec < 12; ++exec) {
            const WarpCoordinates w{block, warp, 192};
            const auto a = addresses(g, w, exec);
            uint64_t lane0 = 0;
            if (!g.fixed_offsets(0, w, exec, lane0)) continue;
            ++fixed;
            ASSERT_EQ(a[0], lane0) << text;
            std::array<int64_t, 32> off{};
            for (int l = 0; l < 32; ++l) off[l] = static_cast<int64_t>(a[l] - lane0);
            if (!offsets) offsets = off;
            ASSERT_EQ(off, *offsets) << text << " block " << block << " warp " << warp << " execution " << exec;
          }
      if (std::string(block_x) == " block_x=48") {
        EXPECT_EQ(fixed, 0) << text;
      } else if (std::string(index) == "tx+ty*100+i*7" || std::string(index) == "5") {
        EXPECT_GT(fixed, 0) << text;  // the offsets span less than the array
      }
    }
}

}  // namespace warpsim::sm
