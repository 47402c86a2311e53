// A validation case (validation/cases/*.yaml, docs/validation.md): what to simulate, what number
// to extract from the simulated curve, and what to compare it with, within what tolerance and why.
// Plain data and the names its fields take (case_spec.cpp); case_loader.h reads it from YAML,
// auto_cases.h derives it from a measurement file.
#pragma once

#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warpsim::validation {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

using ParamSet = std::map<std::string, std::string>;

// What to simulate: one workload on one GPU over a set of occupancies. `variants` lists parameter
// overrides whose curves are merged by taking the largest throughput at each occupancy, as the
// seed does over setups (Volkov 2016 §6.3 "best over kernels with different ILP", §7 "only the
// largest throughput sample at each occupancy").
struct RunSpec {
  std::string gpu;                // built-in name or config path
  std::vector<std::string> sets;  // --set overrides, "key=value"
  std::string workload;
  ParamSet params;
  std::vector<ParamSet> variants;  // empty: the params alone
  std::vector<int> warps;          // warps/SM; empty: every integer number of warps per scheduler (§5.8)
  int sms = 1;                     // simulated SMs; fewer than the device get their share of memory; 0: all
  int waves = 0;                   // blocks per resident slot (§5.9; 1 = persistent threads); 0: the workload's
  int blocks = 0;                  // a grid of exactly this many blocks (e.g. 1 warp per device, §6.7); 0: waves
  int64_t device_blocks = 0;       // the device's grid, of which the simulated SMs run their share; 0: waves
  // Occupancy by the warpsim CUDA suite's plan, its blocks filling the SM's shared memory
  // (isa::LaunchSpec::fill_shared_memory): the launch the suite's samples ran.
  bool fill_shared_memory = false;
};

enum class ExtractKind { Peak, Least, Latency, OccupancyAt, ThroughputAt, PctPeak, FitAbc, Cusp, Ratio, ModelQuotient };

enum class OccupancyUnit { WarpsPerSm, WarpsPerScheduler, PercentOccupancy };

struct Quantity;

// The number taken from a simulated (or modelled) throughput-vs-occupancy curve.
struct Extract {
  ExtractKind kind = ExtractKind::Peak;
  std::string metric = "ops_per_cycle_per_scheduler";  // a result column (report/result_table.h)
  // occupancy_at: smallest occupancy whose metric reaches `fraction` of the peak (of this curve, or
  // of `reference` when given) or the absolute `value`.
  double fraction = kNaN;
  double value = kNaN;
  std::shared_ptr<const Quantity> reference;
  // occupancy_at, simulator only: where the target is not attained within the GPU's limit, look
  // on a what-if SM with this many times the occupancy resources (validation/evaluation/what_if.h).
  double beyond_limit = kNaN;
  OccupancyUnit unit = OccupancyUnit::WarpsPerSm;  // occupancy_at output, throughput_at/pct_peak input
  double warps = kNaN;                             // throughput_at / pct_peak: the occupancy, in `unit`
  // throughput_at instead of warps: at the smallest occupancy whose `at_metric` reaches
  // `at_value` (e.g. a latency percentile at a level of memory throughput, Volkov §6.6).
  std::string at_metric;
  double at_value = kNaN;
  double per = kNaN;  // latency: dependent instructions per warp (default: the kernel's count)
  // fit_abc: a, b or c of latency = a + b·x/(c − x) (§6.4), or 'L': the fitted latency at x =
  // `fraction` of the compared curve's peak (the runner sets `value` to that x in GB/s).
  char coefficient = 'a';
  std::string model;  // model_quotient: estimate / simulated, largest or smallest over occupancies
  std::string stat = "max";
  std::vector<std::string> alphas;                         // cusp, model_quotient over several α (alpha_mix)
  double threshold = 0.9;                                  // cusp: fraction of the peak that counts as hiding latency (§4.5)
  std::shared_ptr<const Quantity> numerator, denominator;  // ratio
};

struct Quantity {
  RunSpec run;
  Extract extract;
};

// What the extracted number is compared with: measurement rows (one value, or a lower and/or an
// upper bound), a model's extraction of the same quantity, a bound of a qualitative relation, or
// a measured latency-vs-throughput fit (rows <fit_curve>.a, .b, .c and .peak, Table 6.5) evaluated
// at a fraction of its peak.
struct CompareSpec {
  std::vector<std::string> measurements;
  // The GPU the rows were measured on where it is not the case's: another product of the case
  // GPU's generation (Lemeire 2016 Table II names none). Empty: the case's own GPU.
  std::string measured_on;
  std::string fit_curve;
  std::string model;
  double less_than = kNaN;
  double greater_than = kNaN;
};

struct Tolerance {
  bool relative = true;
  double amount = 0;  // a fraction when relative, else in `unit`
  std::string unit;
};

struct CaseSpec {
  std::string id;
  std::string description;
  std::string gpu;  // the GPU name the case runs on (for --gpu and the per-GPU summary)
  Quantity quantity;
  CompareSpec compare;
  std::vector<std::string> models;  // analytical models evaluated beside the simulator
  Tolerance tolerance;
  std::string tolerance_reason;
  std::string file;  // where the case was read (the measurement file for derived cases)
  int line = 0;
  int column = 0;
  bool derived = false;  // made from a measurement row (auto_cases.h), not written in a case file
};

const char* extract_kind_name(ExtractKind k);
// Every measurement row a case compares against: its rows, or a fitted curve's a, b, c and peak.
std::vector<std::string> compared_rows(const CaseSpec& c);
const char* occupancy_unit_name(OccupancyUnit u);

// The metrics an extraction may read (result columns, report/result_table.h).
const std::vector<std::string>& metric_names();

}  // namespace warpsim::validation
