// Evaluating a case's quantity for one source: the simulator or a named analytical model. The same
// code runs twice: first in planning mode, where it only requests the simulations it will need
// (so that they all run together on the thread pool), then for real on the cached results.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/model_context.h"
#include "validation/cases/case_spec.h"
#include "validation/evaluation/curve.h"
#include "validation/evaluation/extract.h"
#include "validation/evaluation/sim_cache.h"

namespace warpsim::validation {

// Who produced a curve: the simulator (empty) or an analytical model by registry name.
struct Source {
  std::string model;
  bool is_sim() const { return model.empty(); }
};

// Needed occupancy vs α (Volkov 2016 §4.5, Figure 4.6): the smallest occupancy reaching
// `threshold` of the peak throughput at each α.
struct CuspPoint {
  std::string alpha;
  double needed = kNaN;    // warps per SM; NaN: not attained at any simulated occupancy
  double at_least = kNaN;  // if not attained: the least occupancy that could (cusp.cpp, needed_beyond)
};
struct Cusp {
  std::vector<CuspPoint> points;
  Value height;  // largest needed occupancy at an interior α over the larger of the two ends
  std::string alpha_at_max;
};

class Evaluator {
 public:
  explicit Evaluator(SimulationCache& sims) : sims_(sims) {}

  void set_planning(bool planning) { planning_ = planning; }
  bool planning() const { return planning_; }
  // What planning found a case cannot run, taken (and cleared) per case: a given `warps` list with
  // no occupancy the GPU can realise (a case that could only say "no number": a case file's
  // error), and a point whose work would take days to simulate (any case's).
  struct PlanProblem {
    std::string key;
    std::string message;
    bool case_file_only = false;
  };
  std::vector<PlanProblem> take_plan_problems() { return std::exchange(plan_problems_, {}); }

  Value evaluate(const Quantity& q, const Source& s);

  // The curve of `run` (variants merged by `best_by`) from `s`; models are evaluated at the
  // simulator's occupancies.
  Curve curve(const RunSpec& run, const Source& s, Metric best_by);
  // A model on explicit occupancies (fine grids for the cusp figure).
  Curve model_curve(const RunSpec& run, const ParamSet& params, const std::string& model, const std::vector<double>& warps);

  Cusp cusp(const RunSpec& base, const std::vector<std::string>& alphas, double threshold, const Source& s);
  // Quotients estimate / simulated of `model` at every simulated occupancy of `run`, per α when
  // `alphas` is given (Volkov 2016 §7.9, Figure 7.11).
  std::vector<double> quotients(const RunSpec& run, const std::vector<std::string>& alphas, const std::string& model, Metric m);

  SimulationCache& sims() { return sims_; }

 private:
  Value extract_one(const Quantity& q, const Source& s);
  const model::ModelContext& context(const RunSpec& run, const ParamSet& params, const std::string& model);
  double group_peak_sim(const RunSpec& base, const std::string& alpha);

  SimulationCache& sims_;
  bool planning_ = false;
  std::vector<PlanProblem> plan_problems_;
  std::map<std::string, std::unique_ptr<model::ModelContext>> contexts_;
};

// Throughput of α-mix groups (1 load + α adds): memory IPC for finite α, add IPC at α = ∞.
double group_throughput(const CurvePoint& p, double alpha);

}  // namespace warpsim::validation
