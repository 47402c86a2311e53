#include "validation/report/figure_data.h"

#include <algorithm>
#include <cmath>

#include "report/table.h"
#include "validation/evaluation/alpha_sweep.h"

namespace warpsim::validation {
namespace {

using report::Cell;
using report::Table;

Cell num(double v) { return std::isfinite(v) ? Cell{v} : Cell{}; }

std::vector<double> model_grid(int max_warps) {
  std::vector<double> g;
  for (double n = 0.25; n <= max_warps + 1e-9; n += 0.25) g.push_back(n);
  return g;
}

std::vector<std::string> band_alphas() {
  std::vector<std::string> a;
  for (const auto& s : default_alphas())
    if (s != "0" && s != "inf") a.push_back(s);  // Figure 7.11 spans α = 1 .. 512
  return a;
}

void add_curve(Table& t, const std::string& gpu, const std::string& alpha, const std::string& source, const Curve& c) {
  for (const auto& p : c.points)
    t.add_row({gpu, alpha, source, p.warps, num(p[Metric::Gbps]), num(p[Metric::AddsPerCyclePerSm]), num(p[Metric::MemIpcPerSm]),
               num(p[Metric::IpcPerSm])});
}

// Throughput rows at one occupancy that belong on an α panel: α-mix rows with that alpha, and
// homogeneous stream (α = 0) or add (α = ∞) rows.
std::string alpha_of(const Measurement& m) {
  if (m.workload == "alpha_mix" && m.params.count("alpha")) return m.params.at("alpha");
  if (m.workload == "homogeneous" && m.params.count("op") && !m.params.count("ilp")) {
    if (m.params.at("op") == "stream") return "0";
    if (m.params.at("op") == "add") return "inf";
  }
  return "";
}

// The α = 0 loads of the histogram again under the `queue` model: beside the config's model (the
// built-in GPUs' `servers`: Table 6.5's contention; `fixed` gives every access one latency, §4.1),
// the distribution the DRAM banks and buses of the datasheets give (§6.6, Figure 6.5).
RunSpec histogram_queue_run(const RunSpec& base) {
  RunSpec run = alpha_run(base, "0");
  run.sets.push_back("memory.model=queue");
  return run;
}

}  // namespace

const std::vector<std::string>& figure_alphas() {
  static const std::vector<std::string> a{"0", "4", "32", "256", "inf"};
  return a;
}

const std::vector<std::string>& band_models() {
  static const std::vector<std::string> m{"volkov", "volkov_refined", "baghsorkhi", "zhang_owens", "sim_et_al", "huang_rr", "huang_gto"};
  return m;
}

void plan_figures(Evaluator& ev, const std::vector<FigureGpu>& gpus) {
  ev.set_planning(true);
  for (const auto& g : gpus) {
    ev.cusp(g.base, default_alphas(), 0.9, Source{});
    ev.curve(stream_peak_run(g.base), Source{}, Metric::Gbps);
    for (const auto& m : band_models()) ev.quotients(g.base, band_alphas(), m, Metric::WarpThroughputPerSm);
    const RunSpec queue_loads = histogram_queue_run(g.base);
    ev.sims().request(queue_loads, queue_loads.params);
  }
  ev.set_planning(false);
}

namespace {

// The tables behind the figures, filled one GPU at a time.
struct FigureTables {
  Table curves{{{"gpu"}, {"alpha"}, {"source"}, {"warps_per_sm"}, {"gbps"}, {"adds_per_cycle_per_sm"}, {"mem_ipc_per_sm"}, {"ipc_per_sm"}}};
  Table points{{{"gpu"}, {"alpha"}, {"id"}, {"warps_per_sm"}, {"unit"}, {"value"}}};
  Table cusp{{{"gpu"}, {"alpha"}, {"source"}, {"warps_needed"}}};
  Table latency{{{"gpu"}, {"variant"}, {"warps_per_sm"}, {"gbps"}, {"latency"}}};
  Table fits{{{"gpu"}, {"source"}, {"a"}, {"b"}, {"c"}}};
  Table bands{{{"gpu"}, {"model"}, {"alpha"}, {"min_quotient"}, {"max_quotient"}}};
  Table hist{{{"gpu"}, {"memory_model"}, {"load"}, {"warps_per_sm"}, {"gbps"}, {"bin_lo"}, {"bin_hi"}, {"count"}}};
};

void add_alpha_curves(FigureTables& t, Evaluator& ev, const FigureGpu& g, const MeasurementSet& ms) {
  const auto cfg = ev.sims().config(g.base.gpu, g.base.sets);
  for (const auto& a : figure_alphas()) {
    const RunSpec run = alpha_run(g.base, a);
    add_curve(t.curves, g.name, a, "simulator", ev.curve(run, Source{}, Metric::WarpThroughputPerSm));
    for (const char* m : {"volkov", "volkov_refined"})
      add_curve(t.curves, g.name, a, m, ev.model_curve(run, run.params, m, model_grid(cfg->sm.max_warps)));
  }
  for (const Measurement* m : ms.for_gpu(g.name)) {
    const std::string a = alpha_of(*m);
    if (m->quantity == "throughput" && m->warps_per_sm && !a.empty())
      t.points.add_row({g.name, a, m->id, *m->warps_per_sm, m->unit, m->value});
  }
  for (const std::string s : {"simulator", "volkov", "volkov_refined"}) {
    const Cusp c = ev.cusp(g.base, default_alphas(), 0.9, Source{s == "simulator" ? std::string() : s});
    for (const auto& p : c.points) t.cusp.add_row({g.name, p.alpha, s, num(p.needed)});
  }
}

// Figure 6.3: every streaming sample's latency per access against its throughput, the simulator's
// fit over the ILP = 1 samples and the seed's Table 6.5 fit.
void add_latency(FigureTables& t, Evaluator& ev, const FigureGpu& g, const MeasurementSet& ms) {
  const auto cfg = ev.sims().config(g.base.gpu, g.base.sets);
  const RunSpec stream = stream_peak_run(g.base);
  std::vector<std::pair<double, double>> samples;
  for (size_t v = 0; v < variant_count(stream); ++v) {
    const ParamSet params = variant_params(stream, v);
    const Curve c = curve_from_sim(ev.sims().points(stream, params), *cfg, *ev.sims().kernel(stream, params));
    const double chains = std::stod(params.at("ilp"));  // each ILP chain waits for its own loads (§6.3)
    for (const auto& p : c.points) {
      const double lat = p[Metric::MeanWarpLatency] / c.chain_instructions * chains;
      t.latency.add_row({g.name, "ilp=" + params.at("ilp"), p.warps, p[Metric::Gbps], lat});
      if (v == 0) samples.emplace_back(p[Metric::Gbps], lat);
    }
  }
  const AbcFit f = fit_abc(samples);
  t.fits.add_row({g.name, "simulator (ILP = 1)", num(f.a), num(f.b), num(f.c)});
  const Measurement *a = ms.find("volkov.t6_5." + g.name + ".a"), *b = ms.find("volkov.t6_5." + g.name + ".b"),
                    *c = ms.find("volkov.t6_5." + g.name + ".c");
  if (a && b && c) t.fits.add_row({g.name, "Volkov 2016 Table 6.5", a->value, b->value, c->value});
}

void add_bands_and_histogram(FigureTables& t, Evaluator& ev, const FigureGpu& g) {
  for (const auto& m : band_models())
    for (const auto& al : band_alphas()) {
      const auto q = ev.quotients(g.base, {al}, m, Metric::WarpThroughputPerSm);
      if (!q.empty()) t.bands.add_row({g.name, m, al, *std::min_element(q.begin(), q.end()), *std::max_element(q.begin(), q.end())});
    }
  std::string first_model;  // the queue run repeats the first when the base already uses queue
  for (const RunSpec& run : {alpha_run(g.base, "0"), histogram_queue_run(g.base)}) {
    const std::string model = config::to_string(ev.sims().config(run.gpu, run.sets)->memory.model);
    const auto loads = ev.sims().points(run, run.params);
    if (model == first_model || loads.empty() || !loads.front().result || !loads.back().result) continue;
    if (first_model.empty()) first_model = model;
    for (const auto* p : {&loads.front(), &loads.back()})
      for (const auto& bin : p->result->access_latency_histogram)
        t.hist.add_row({g.name, model, p == &loads.front() ? "low" : "high", p->warps_per_sm, p->result->gbps, static_cast<int64_t>(bin.lo),
                        static_cast<int64_t>(bin.hi), static_cast<int64_t>(bin.count)});
  }
}

}  // namespace

std::map<std::string, std::string> figure_data(Evaluator& ev, const std::vector<FigureGpu>& gpus, const MeasurementSet& ms) {
  FigureTables t;
  for (const auto& g : gpus) {
    add_alpha_curves(t, ev, g, ms);
    add_latency(t, ev, g, ms);
    add_bands_and_histogram(t, ev, g);
  }
  return {{"alpha_curves.csv", t.curves.to_csv()},        {"measured_points.csv", t.points.to_csv()}, {"cusp.csv", t.cusp.to_csv()},
          {"latency_throughput.csv", t.latency.to_csv()}, {"latency_fits.csv", t.fits.to_csv()},      {"error_bands.csv", t.bands.to_csv()},
          {"latency_histogram.csv", t.hist.to_csv()}};
}

}  // namespace warpsim::validation
