// Every GPU that `warpsim list gpus` offers runs as it is, on its own memory model: a config that
// loads is not enough (a config can load yet inherit a `servers` model it has no Table 6.5 fit
// for, so that every run of it fails).
#include <gtest/gtest.h>

#include "config/hw_config.h"
#include "config/loader.h"
#include "device/simulate.h"
#include "isa/generators.h"

namespace warpsim::device {
namespace {

TEST(BuiltinGpus, EachSimulatesAMemoryAndArithmeticMixOnItsOwnMemoryModel) {
  // α = 4 (Volkov §4.1): loads and adds, so both the SM and the memory system take part.
  const isa::Kernel k = isa::generate(*isa::find_generator("alpha_mix"), {{"alpha", "4"}, {"loads", "16"}});
  const auto gpus = config::builtin_gpus();
  ASSERT_GE(gpus.size(), 8u);
  for (const auto& g : gpus) {
    SCOPED_TRACE(g.name);
    const config::HwConfig cfg = config::load_hw_config(g.name);
    RunOptions o;
    o.warps_per_sm = 8;
    o.sms = 1;
    Result r;
    ASSERT_NO_THROW(r = simulate(cfg, k, o));
    EXPECT_EQ(r.memory_model, config::to_string(cfg.memory.model));
    EXPECT_GT(r.warp_instructions, 0u);
    EXPECT_GT(r.gbps, 0.0);
  }
}

}  // namespace
}  // namespace warpsim::device
