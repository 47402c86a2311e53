#include "validation/evaluation/evaluator.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "common/text.h"
#include "common/user_error.h"
#include "mem/contention_fit.h"
#include "model/rates.h"
#include "model/registry.h"
#include "report/result_table.h"
#include "validation/evaluation/alpha_sweep.h"
#include "validation/evaluation/what_if.h"

namespace warpsim::validation {
namespace {

bool is_zhang_owens(const std::string& model) { return model.rfind("zhang_owens", 0) == 0; }

// Zhang & Owens take alu(n) and mem(n) measured alone (§7.3): here the simulator's adds alone (the
// α = ∞ run) and the kernel's kind of global load alone (streaming: the α = 0 run; stride 2 or
// random: the homogeneous run of that access) on the same GPU.
struct ZhangOwensInputs {
  RunSpec alu, mem;
};

ZhangOwensInputs zhang_owens_inputs(const RunSpec& run, const isa::Kernel& k) {
  RunSpec base;
  base.gpu = run.gpu;
  base.sets = run.sets;
  base.sms = run.sms > 0 ? run.sms : 1;  // throughput inputs: a share is enough (a whole-device case needs no whole-device α runs)
  ZhangOwensInputs in{alpha_run(base, "inf"), alpha_run(base, "0")};
  for (const auto& ins : k.code) {
    if (ins.cls != isa::OpClass::Load || ins.access < 0) continue;
    const isa::AccessKind kind = k.accesses[static_cast<size_t>(ins.access)].kind;
    if (kind == isa::AccessKind::Stride) in.mem.params = {{"op", "stride2"}, {"count", std::to_string(kStreamLoads)}};
    if (kind == isa::AccessKind::Random) {
      in.mem.params = {{"op", "random"}, {"count", "16"}};
      if (run.params.count("array")) in.mem.params["array"] = run.params.at("array");
    }
    in.mem.workload = "homogeneous";
    in.mem.waves = kind == isa::AccessKind::Random ? 0 : kStreamWaves;
    break;
  }
  return in;
}

// max / min of estimate over simulated, or max_inverse: the largest simulated over estimate (an
// underestimate "by a factor of", Volkov 2016 §7.2, §7.9).
Value stat_of(const std::vector<double>& q, const std::string& stat, const std::string& why_empty) {
  if (q.empty()) return Value::none(why_empty);
  const double lo = *std::min_element(q.begin(), q.end()), hi = *std::max_element(q.begin(), q.end());
  if (stat == "max_inverse") return lo > 0 ? Value{1 / lo, ""} : Value::none("the estimate is not positive everywhere");
  return Value{stat == "min" ? lo : hi, ""};
}

}  // namespace

double group_throughput(const CurvePoint& p, double alpha) {
  return std::isinf(alpha) ? p[Metric::AddsPerCyclePerSm] / 32.0 : p[Metric::MemIpcPerSm];
}

const model::ModelContext& Evaluator::context(const RunSpec& run, const ParamSet& params, const std::string& model) {
  const bool zo = is_zhang_owens(model);
  const std::string key = fmt::format("{}|{}|{}|{}|{}|{}|{}|{}", run.gpu, fmt::join(run.sets, " "), run.workload,
                                      report::params_text(params), run.waves, run.blocks, run.fill_shared_memory, zo ? run.sms : -1);
  auto& slot = contexts_[key];
  if (slot) return *slot;
  slot = std::make_unique<model::ModelContext>(model::make_context(*sims_.config(run.gpu, run.sets), *sims_.kernel(run, params)));
  if (zo) {
    const ZhangOwensInputs in = zhang_owens_inputs(run, slot->kernel);
    const Curve alu = curve(in.alu, Source{}, Metric::AddsPerCyclePerSm);
    const Curve mem = curve(in.mem, Source{}, Metric::MemIpcPerSm);
    std::vector<std::pair<double, double>> a, m;
    for (const auto& p : alu.points) a.emplace_back(p.warps, p[Metric::AddsPerCyclePerSm]);
    for (const auto& p : mem.points) m.emplace_back(p.warps, 32.0 * p[Metric::MemIpcPerSm]);
    if (!a.empty() && !m.empty()) {
      slot->curves.alu = model::curve_from_samples(a);
      slot->curves.mem = model::curve_from_samples(m);
    }
  }
  return *slot;
}

Curve Evaluator::model_curve(const RunSpec& run, const ParamSet& params, const std::string& model, const std::vector<double>& warps) {
  const model::ModelInfo* info = model::find_model(model);
  WARPSIM_ASSERT(info, "unknown model " + model);
  const model::ModelContext& ctx = context(run, params, model);
  Curve c;
  c.schedulers = ctx.cfg.scheduler.count;
  c.max_warps = ctx.cfg.sm.max_warps;
  c.chain_instructions = isa::chain_instructions(ctx.kernel);
  for (double n : warps) {
    const model::Estimate e = info->evaluate(ctx, n);
    if (!e.available) {
      c.points.clear();
      c.note = e.flag;
      return c;
    }
    const model::Rates r = model::rates_of(ctx, n, e);
    CurvePoint p;
    p.warps = n;
    p[Metric::IpcPerSm] = r.ipc_per_sm;
    p[Metric::MemIpcPerSm] = r.mem_ipc_per_sm;
    p[Metric::OpsPerCyclePerScheduler] = 32.0 * e.warp_throughput * c.chain_instructions / c.schedulers;
    p[Metric::AddsPerCyclePerSm] = r.adds_per_cycle_per_sm;
    p[Metric::Gbps] = r.gbps;
    p[Metric::WarpThroughputPerSm] = r.warp_throughput_per_sm;
    p[Metric::MeanWarpLatency] = r.mean_warp_latency;
    p[Metric::KernelCycles] = n / e.warp_throughput;
    p[Metric::CyclesPerInstruction] = 1.0 / (e.warp_throughput * c.chain_instructions);
    c.points.push_back(p);
  }
  return c;
}

Curve Evaluator::curve(const RunSpec& run, const Source& s, Metric best_by) {
  std::vector<Curve> parts;
  for (size_t v = 0; v < variant_count(run); ++v) {
    const ParamSet params = variant_params(run, v);
    if (planning_) {
      if (!run.warps.empty() && sims_.occupancies(run, params).empty()) {
        std::vector<std::string> w;
        for (int n : run.warps) w.push_back(std::to_string(n));
        plan_problems_.push_back({"warps",
                                  fmt::format("no occupancy of [{}] warps/SM can be realised for {} on {} (§5.7: the SM's warp, block and "
                                              "register limits; `warpsim run` says why for one)",
                                              join(w, ", "), run.workload, run.gpu),
                                  true});
      }
      sims_.request(run, params);
      if (is_zhang_owens(s.model)) {
        const ZhangOwensInputs in = zhang_owens_inputs(run, *sims_.kernel(run, params));
        sims_.request(in.alu, in.alu.params);
        sims_.request(in.mem, in.mem.params);
      }
      for (auto& why : sims_.take_infeasible()) plan_problems_.push_back({"params", std::move(why), false});
      continue;
    }
    if (s.is_sim()) {
      const std::vector<SimPoint> points = sims_.points(run, params);
      for (const SimPoint& p : points)  // every simulation a case reads was requested while planning
        WARPSIM_ASSERT(p.result, fmt::format("validate: {} {} at {} warps/SM was not planned", run.workload, report::params_text(params),
                                             p.warps_per_sm));
      parts.push_back(curve_from_sim(points, *sims_.config(run.gpu, run.sets), *sims_.kernel(run, params)));
    } else {
      const auto grid = sims_.occupancies(run, params);
      parts.push_back(model_curve(run, params, s.model, std::vector<double>(grid.begin(), grid.end())));
    }
  }
  if (parts.empty()) return Curve{};
  for (const auto& p : parts)
    if (!p.note.empty()) return p;  // a model not defined for one variant is not defined for the case
  return merge_best(parts, best_by);
}

std::vector<double> Evaluator::quotients(const RunSpec& run, const std::vector<std::string>& alphas, const std::string& model, Metric m) {
  std::vector<RunSpec> runs;
  if (alphas.empty()) runs.push_back(run);
  for (const auto& a : alphas) runs.push_back(alpha_run(run, a));
  std::vector<double> q;
  for (const auto& r : runs) {
    const Curve sim = curve(r, Source{}, m);
    const Curve est = curve(r, Source{model}, m);
    if (planning_ || !est.note.empty()) continue;
    for (const auto& p : sim.points)
      for (const auto& e : est.points)
        if (e.warps == p.warps && p[m] > 0 && std::isfinite(e[m])) q.push_back(e[m] / p[m]);
  }
  return q;
}

Value Evaluator::evaluate(const Quantity& q, const Source& s) {
  Value v = extract_one(q, s);
  if (planning_) return Value::none("planning");
  return v;
}

Value Evaluator::extract_one(const Quantity& q, const Source& s) {
  const Extract& e = q.extract;
  const Metric m = metric_of(e.metric);
  switch (e.kind) {
    case ExtractKind::Peak:
      return peak(curve(q.run, s, m), m);
    case ExtractKind::Least:
      return least(curve(q.run, s, m), m);
    case ExtractKind::Latency: {
      const Curve c = curve(q.run, s, Metric::WarpThroughputPerSm);
      return latency(c, std::isnan(e.per) ? c.chain_instructions : e.per);
    }
    case ExtractKind::OccupancyAt: {
      const Curve c = curve(q.run, s, m);
      double target = e.value;
      if (!std::isnan(e.fraction)) {
        const Value base = e.reference ? evaluate(*e.reference, s) : peak(c, m);
        if (!planning_ && !base.ok()) return Value::none("no peak: " + base.note);
        target = e.fraction * base.v;
      }
      const Value within = occupancy_at(c, m, target, e.unit);
      if (std::isnan(e.beyond_limit) || !s.is_sim() || (!planning_ && within.ok())) return within;
      // Not attained within the GPU's limit: where on a what-if SM with more of everything that
      // bounds occupancy (planned always: whether it is needed is known only after the runs).
      const Curve wider = curve(beyond_limit_run(q.run, *sims_.config(q.run.gpu, q.run.sets), e.beyond_limit), s, m);
      if (planning_) return within;
      const Value beyond = occupancy_at(wider, m, target, OccupancyUnit::WarpsPerSm);
      if (!beyond.ok())
        return Value::none(fmt::format("{}, nor on a what-if SM with {:g}x its occupancy resources", within.note, e.beyond_limit));
      return Value{to_unit(beyond.v, e.unit, c),
                   fmt::format("beyond the GPU's limit of {} warps/SM: on a what-if SM with {:g}x its occupancy resources", c.max_warps,
                               e.beyond_limit),
                   true};
    }
    case ExtractKind::ThroughputAt:
    case ExtractKind::PctPeak: {
      const Curve c = curve(q.run, s, m);
      double warps = from_unit(e.warps, e.unit, c);
      if (!e.at_metric.empty()) {
        const Value level = occupancy_at(c, metric_of(e.at_metric), e.at_value, OccupancyUnit::WarpsPerSm);
        if (!level.ok()) return Value::none(fmt::format("{} {:g}: {}", e.at_metric, e.at_value, level.note));
        warps = level.v;
      }
      const Value at = throughput_at(c, m, warps);
      if (e.kind == ExtractKind::ThroughputAt) return at;
      // The reference is evaluated even when `at` has no value yet: in the planning pass that is
      // what requests its simulations (skipped there, its peak would come from whichever of its
      // points other cases happened to simulate).
      const Value top = e.reference ? evaluate(*e.reference, s) : peak(c, m);
      if (!at.ok()) return at;
      return top.ok() && top.v > 0 ? Value{100.0 * at.v / top.v, ""} : Value::none("no peak: " + top.note);
    }
    case ExtractKind::FitAbc: {
      if (!s.is_sim()) return Value::none("n/a: the fit is of simulated samples");
      const Curve c = curve(q.run, s, Metric::Gbps);
      std::vector<std::pair<double, double>> samples;
      for (const auto& p : c.points) samples.emplace_back(p[Metric::Gbps], p[Metric::MeanWarpLatency] / c.chain_instructions);
      const AbcFit f = fit_abc(samples);
      if (e.coefficient == 'L') {
        if (!std::isfinite(f.a)) return Value::none("too few samples to fit");
        if (std::isnan(e.value)) return Value::none("no throughput to read the fit at (compare: fit_curve: sets it)");
        if (!(e.value >= 0 && e.value < f.c))
          return Value::none(fmt::format("{:.4g} GB/s is at or past the fitted c = {:.4g}", e.value, f.c));
        return Value{mem::ContentionFit{f.a, f.b, f.c, f.rms}.latency(e.value),
                     fmt::format("at {:.4g} GB/s; fit rms {:.3g} cycles", e.value, f.rms)};
      }
      const double v = e.coefficient == 'a' ? f.a : e.coefficient == 'b' ? f.b : f.c;
      return std::isfinite(v) ? Value{v, fmt::format("fit rms {:.3g} cycles", f.rms)} : Value::none("too few samples to fit");
    }
    case ExtractKind::Cusp:
      return cusp(q.run, e.alphas, e.threshold, s).height;
    case ExtractKind::Ratio: {
      const Value a = evaluate(*e.numerator, s), b = evaluate(*e.denominator, s);
      if (!a.ok()) return Value::none("numerator: " + a.note);
      if (!b.ok() || b.v == 0) return Value::none("denominator: " + (b.ok() ? std::string("zero") : b.note));
      return Value{a.v / b.v, ""};
    }
    case ExtractKind::ModelQuotient: {
      if (!s.is_sim()) return Value::none("n/a: a quotient of a model and the simulator");
      return stat_of(quotients(q.run, e.alphas, e.model, m), e.stat, "n/a: " + e.model + " is not defined for this kernel");
    }
  }
  return Value::none("unknown extraction");
}

}  // namespace warpsim::validation
