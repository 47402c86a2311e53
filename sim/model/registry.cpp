#include "model/registry.h"

#include <algorithm>

#include <fmt/format.h>

#include "common/text.h"
#include "common/user_error.h"

#include "model/prior/baghsorkhi.h"
#include "model/prior/cuda_guide.h"
#include "model/prior/hong_kim.h"
#include "model/prior/huang.h"
#include "model/prior/lemeire.h"
#include "model/prior/sim_et_al.h"
#include "model/prior/teg.h"
#include "model/prior/zhang_owens.h"
#include "model/refined_model.h"
#include "model/volkov_model.h"

namespace warpsim::model {
namespace {

std::vector<ModelInfo> build() {
  using P = HuangPolicy;
  // The memory keys each model reads (ModelRegistry.EachModelReadsTheMemoryKeysItDeclares checks
  // them by changing every memory key): the unloaded latency, and the sustained peak or the pins'.
  const std::string kLat = "memory.latency_cycles", kPeak = "memory.peak_gbps", kPins = "memory.pin_bandwidth_gbps";
  return {
      {"volkov",
       "min(n / latency bound, throughput bound): execution graph and resource worksheet (Volkov 2016 §3.5-3.8, §4.1)",
       volkov_estimate,
       {kLat, kPeak}},
      {"volkov_refined",
       "Volkov's model with memory latency a + b·λ/(c − λ), solved by bisection (Volkov 2016 §6.4-6.5)",
       refined_estimate,
       {"memory.contention_a_cycles", "memory.contention_b_cycles", "memory.contention_c_gbps", kPeak}},
      {"cuda_guide",
       "CUDA C Programming Guide 5.2.3: mem_lat / (instruction time · α) warps, no arithmetic latency (Volkov 2016 §4.8)",
       [](const ModelContext& c, double n) { return cuda_guide(c, n); },
       {kLat}},
      {"hong_kim",
       "Hong & Kim 2009: MWP/CWP at pin bandwidth, no arithmetic latency (Volkov 2016 §7.1)",
       [](const ModelContext& c, double n) { return hong_kim(c, n); },
       {kLat, kPins}},
      {"baghsorkhi",
       "Baghsorkhi et al. 2010 work-flow graph, sustained bandwidth as in Volkov 2016 §7.2",
       [](const ModelContext& c, double n) { return baghsorkhi(c, n, Bandwidth::Sustained); },
       {kLat, kPeak}},
      {"baghsorkhi_pin",
       "Baghsorkhi et al. 2010 with pin bandwidth, as the original paper (Volkov 2016 §7.2)",
       [](const ModelContext& c, double n) { return baghsorkhi(c, n, Bandwidth::Pin); },
       {kLat, kPins}},
      {"zhang_owens",
       "Zhang & Owens 2011: max of arithmetic and memory times from alu(n), mem(n) curves (Volkov 2016 §7.3)",
       [](const ModelContext& c, double n) { return zhang_owens(c, n, TimeMerge::Overlap); },
       {kLat, kPeak}},
      {"zhang_owens_sum",
       "Zhang & Owens 2011 variant with the two times added (Volkov 2016 §4.12, §7.3)",
       [](const ModelContext& c, double n) { return zhang_owens(c, n, TimeMerge::Add); },
       {kLat, kPeak}},
      {"sim_et_al",
       "Sim et al. 2012: Hong & Kim with arithmetic latency, MWP_peak_bw at sustained bandwidth (Volkov 2016 §7.4)",
       [](const ModelContext& c, double n) { return sim_et_al(c, n); },
       {kLat, kPeak}},
      {"huang_rr",
       "Huang et al. 2014 GPUMech, round-robin policy, no bandwidth term (Volkov 2016 §7.5)",
       [](const ModelContext& c, double n) { return huang(c, n, P::RoundRobin, false); },
       {kLat}},
      {"huang_gto",
       "Huang et al. 2014 GPUMech, greedy-then-oldest policy, no bandwidth term (Volkov 2016 §7.6)",
       [](const ModelContext& c, double n) { return huang(c, n, P::GreedyThenOldest, false); },
       {kLat}},
      {"huang_rr_bw",
       "Huang et al. 2014, round-robin, with the queueing bandwidth term (Volkov 2016 §7.7-7.8)",
       [](const ModelContext& c, double n) { return huang(c, n, P::RoundRobin, true); },
       {kLat, kPins}},
      {"huang_gto_bw",
       "Huang et al. 2014, greedy-then-oldest, with the queueing bandwidth term (Volkov 2016 §7.7-7.8)",
       [](const ModelContext& c, double n) { return huang(c, n, P::GreedyThenOldest, true); },
       {kLat, kPins}},
      {"lemeire",
       "Lemeire et al. 2016 pipeline model: issue latency λ vs completion latency Λ per pipeline (Lemeire §IV)",
       [](const ModelContext& c, double n) { return lemeire(c, n); },
       {kLat, kPeak}},
      {"teg",
       "Lai & Seznec 2011 TEG: one warp's trace replayed for n warps, issue and execution latencies per class (TEG §3-4)",
       [](const ModelContext& c, double n) { return teg(c, n); },
       {kLat, kPeak}},
  };
}

// A kernel with double-precision instructions on a GPU whose config gives no DP units has no
// rate or latency to model them with (the simulator refuses it too): every model answers n/a.
std::vector<ModelInfo> refusing_dp_without_units(std::vector<ModelInfo> ms) {
  for (auto& m : ms)
    m.evaluate = [inner = std::move(m.evaluate)](const ModelContext& c, double n) {
      if (c.profile.dp > 0 && !(c.cfg.dp.ops_per_cycle > 0 && c.cfg.dp.latency_cycles > 0))
        return Estimate::na("double-precision instructions, and GPU '" + c.cfg.gpu.name +
                            "' gives no double-precision unit (dp.ops_per_cycle, dp.latency_cycles)");
      return inner(c, n);
    };
  return ms;
}

}  // namespace

const std::vector<ModelInfo>& models() {
  static const std::vector<ModelInfo> m = refusing_dp_without_units(build());
  return m;
}

bool model_reads(const ModelInfo& m, std::string_view key) {
  return !key.starts_with("memory.") || std::find(m.memory_keys.begin(), m.memory_keys.end(), key) != m.memory_keys.end();
}

const ModelInfo* find_model(const std::string& name) {
  for (const auto& m : models())
    if (m.name == name) return &m;
  return nullptr;
}

std::vector<std::string> model_names() {
  std::vector<std::string> out;
  for (const auto& m : models()) out.push_back(m.name);
  return out;
}

Estimate evaluate_model(const std::string& name, const config::HwConfig& cfg, const isa::Kernel& kernel, double warps_per_sm) {
  const ModelInfo* m = find_model(name);
  if (!m) throw UserError(Diagnostic{"<model>", 0, 0, name, fmt::format("unknown model (valid: {})", join(model_names(), ", "))});
  return m->evaluate(make_context(cfg, kernel), warps_per_sm);
}

}  // namespace warpsim::model
