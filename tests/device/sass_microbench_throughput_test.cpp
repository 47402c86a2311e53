// The done-when of the SASS import: the SASS of the CUDA suite's own kernels (sm_80 and sm_90)
// imports and simulates within 5% of the workload the validation runs for the same kernel
// (alpha_mix for chase_kernel<A,1,false>, homogeneous add/sfu/smem for the chains), at latency-
// and throughput-bound occupancies. The fixtures are hand-written in cuobjdump's format
// (tests/data/sass); a dump a GPU run of run_suite.sh recorded is imported the same way.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>

#include "common/data_paths.h"
#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"
#include "isa/sass_import.h"
#include "isa/sass_reader.h"
#include "isa/sass_select.h"
#include "support/test_support.h"

namespace warpsim::device {
namespace {

struct Case {
  std::string file;     // the SASS dump
  std::string arch;     // sm_80, sm_90
  std::string kernel;   // as isa::kernel_name gives it
  bool fixture = true;  // hand-written: a patterns file says what the run's arguments decide
};

// Loop trips per warp: enough that the prologue and epilogue weigh ~1% of a chase or add warp.
int64_t trips_of(const std::string& kernel) { return kernel.starts_with("chase") || kernel.starts_with("add") ? 32 : 8; }

// The validation's workload for the kernel, with the same work per warp.
isa::Kernel reference(const std::string& kernel, int64_t trips) {
  const auto gen = [](const char* name, isa::ParamMap p) { return isa::generate(*isa::find_generator(name), p); };
  if (kernel.starts_with("chase_kernel<")) {
    const int adds = std::stoi(kernel.substr(13));
    const int64_t groups = std::clamp(256 / (adds + 1), 1, 32);  // kernel_shapes.h, chase_groups
    return gen("alpha_mix", {{"alpha", std::to_string(adds)}, {"loads", std::to_string(groups * trips)}});
  }
  const std::string op = kernel.starts_with("add") ? "add" : kernel.starts_with("sfu") ? "sfu" : "smem";
  return gen("homogeneous", {{"op", op}, {"count", std::to_string(256 * trips)}});
}

// What the suite's launch decides and the SASS cannot say: `a.starts` is null, so the start
// words are computed (the guarded branch over the starts load is taken), and lane 0 alone
// stores the warp's timestamp (the 64-bit stores after the guarded EXIT).
std::string patterns_of(const isa::SassFunction& f) {
  std::string out = "# run_suite.sh's streaming runs of " + isa::kernel_name(f.name) + "\n";
  bool first_guard = f.name.find("chase_kernel") != std::string::npos;
  for (const isa::SassInstruction& in : f.code) {
    if (first_guard && in.text.starts_with("@!P0 BRA")) {
      out += fmt::format("0x{:04x} branch=taken\n", in.address);
      first_guard = false;
    }
    if (in.text.starts_with("STG.E.64")) out += fmt::format("0x{:04x} threads=1\n", in.address);
  }
  return out;
}

std::vector<Case> fixture_cases() {
  std::vector<Case> out;
  for (const char* arch : {"sm_80", "sm_90"})
    for (const char* k : {"chase_kernel<0,1,false>", "chase_kernel<4,1,false>", "chase_kernel<32,1,false>", "chase_kernel<256,1,false>",
                          "add_kernel<1>", "sfu_chain_kernel", "smem_chain_kernel"})
      out.push_back({std::string(WARPSIM_TEST_DATA) + "/sass/microbench_" + std::string(arch).erase(2, 1) + ".sass", arch, k});
  return out;
}

// Simulates the imported kernel and its workload on the H100 SXM (the sm_90 GPU; no sm_80 GPU
// has a config, so sm_80 code runs on it too) and returns the largest relative difference of
// warp throughput, after checking each.
void expect_within_five_percent(const Case& c) {
  const isa::SassDump dump = isa::read_sass(test::slurp(c.file), c.file);
  const isa::SassFunction& f = isa::select_sass_function(dump, c.kernel, c.arch, c.file);
  const int64_t trips = trips_of(c.kernel);
  isa::ParamMap params{{"function", f.name}, {"arch", c.arch}, {"trip_count", std::to_string(trips)}};
  if (c.fixture)
    params["patterns"] =
        test::write_temp_file(c.arch + "_" + std::to_string(std::hash<std::string>{}(c.kernel)) + ".patterns", patterns_of(f));
  const isa::Kernel imported = isa::load_sass_workload(c.file, params);
  const isa::Kernel workload = reference(c.kernel, trips);
  // Without the caches: the two instruction streams are what is compared, and a streaming chase
  // never reuses a line, while the L2's set mapping of two slightly different access orders moved
  // the alpha = 256 chase at 32 warps/SM by 2% between 16 and 40 ways.
  const config::HwConfig h100 = config::load_hw_config("h100_sxm", {"memory.l2.slices=0", "memory.l1.bytes=0"});
  std::string line = fmt::format("{} {} ({} trips):", c.arch, c.kernel, trips);
  for (int warps : {8, 32, 64}) {
    RunOptions o;
    o.warps_per_sm = warps;
    o.sms = 2;
    const double a = simulate(h100, imported, o).warp_throughput_per_sm;
    const double b = simulate(h100, workload, o).warp_throughput_per_sm;
    EXPECT_LT(std::abs(a / b - 1), 0.05) << c.arch << " " << c.kernel << " at " << warps << " warps/SM: " << a << " against " << b;
    line += fmt::format(" {} warps/SM {:+.2f}%", warps, 100 * (a / b - 1));
  }
  std::cout << line << "\n";
}

class SassMicrobenchThroughput : public ::testing::TestWithParam<Case> {};

}  // namespace

TEST_P(SassMicrobenchThroughput, ImportedKernelRunsWithin5PercentOfItsWorkload) { expect_within_five_percent(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Fixtures, SassMicrobenchThroughput, ::testing::ValuesIn(fixture_cases()), [](const auto& info) {
  std::string name = info.param.arch + "_" + info.param.kernel;
  std::replace_if(
      name.begin(), name.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); }, '_');
  return name;
});

// A GPU session's run_suite.sh keeps the real dump (DIR/sass.txt); once one is committed under
// validation/microbench/results/, its kernels must import and agree as the fixtures do.
TEST(SassMicrobench, ARecordedDumpOfTheSuiteImportsToo) {
  std::vector<std::string> dumps;
  for (const auto& dir : std::filesystem::directory_iterator(data_root() / "validation/microbench/results"))
    if (std::filesystem::is_regular_file(dir.path() / "sass.txt")) dumps.push_back((dir.path() / "sass.txt").string());
  std::sort(dumps.begin(), dumps.end());
  if (dumps.empty())
    GTEST_SKIP()
        << "no validation/microbench/results/*/sass.txt yet (a GPU run of run_suite.sh records one): only the fixtures were imported";
  for (const std::string& path : dumps) {
    const isa::SassDump dump = isa::read_sass(test::slurp(path), path);
    for (const Case& fixture : fixture_cases()) {
      const bool present = std::any_of(dump.functions.begin(), dump.functions.end(), [&](const isa::SassFunction& f) {
        return f.arch == fixture.arch && isa::kernel_name(f.name) == fixture.kernel;
      });
      if (present) expect_within_five_percent({path, fixture.arch, fixture.kernel, false});
    }
  }
}

}  // namespace warpsim::device
