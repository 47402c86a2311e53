#include "validation/cases/compare.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "mem/contention_fit.h"

namespace warpsim::validation {

Reference reference_from(const std::vector<const Measurement*>& rows) {
  Reference r;
  std::string lo_text, hi_text;
  r.measured = !rows.empty();
  for (const Measurement* m : rows) {
    const auto b = m->params.find("bound");
    const std::string bound = b == m->params.end() ? "" : b->second;
    // Each end shows the row that sets it (the tightest), not the last row read.
    if (bound != "upper" && (lo_text.empty() || m->value > r.lo)) r.lo = m->value, lo_text = m->value_text;
    if (bound != "lower" && (hi_text.empty() || m->value < r.hi)) r.hi = m->value, hi_text = m->value_text;
    r.unit = m->unit;
    if (m->params.count("estimate")) r.measured = false;  // Table 6.4 "linear" is a model number
  }
  if (r.lo == r.hi)
    r.text = lo_text;
  else if (std::isinf(r.lo))
    r.text = "<= " + hi_text;
  else if (std::isinf(r.hi))
    r.text = ">= " + lo_text;
  else
    r.text = lo_text + " .. " + hi_text;
  return r;
}

Reference reference_from_value(double v, std::string text) {
  Reference r;
  r.lo = r.hi = v;
  r.text = std::move(text);
  return r;
}

Reference reference_from_fit(const Measurement& a, const Measurement& b, const Measurement& c, double x) {
  Reference r;
  r.measured = true;
  r.unit = a.unit;
  if (!(x >= 0 && x < c.value)) {
    r.lo = r.hi = NAN;
    r.text = "beyond c";
    return r;
  }
  r.lo = r.hi = mem::ContentionFit{a.value, b.value, c.value, 0}.latency(x);
  r.text = fmt::format("{:.4g}", r.lo);
  return r;
}

Reference reference_from_relation(const CompareSpec& c) {
  Reference r;
  if (!std::isnan(c.greater_than)) r.lo = c.greater_than;
  if (!std::isnan(c.less_than)) r.hi = c.less_than;
  if (std::isinf(r.lo))
    r.text = fmt::format("< {:g}", r.hi);
  else if (std::isinf(r.hi))
    r.text = fmt::format("> {:g}", r.lo);
  else
    r.text = fmt::format("{:g} .. {:g}", r.lo, r.hi);
  return r;
}

double error_of(double value, const Reference& ref, bool relative) {
  if (std::isnan(value) || std::isnan(ref.lo) || std::isnan(ref.hi)) return NAN;
  const double end = value > ref.hi ? ref.hi : value < ref.lo ? ref.lo : value;
  const double d = value - end;
  if (!relative || d == 0) return d;
  return end != 0 ? d / std::abs(end) : INFINITY;
}

bool within(double value, const Reference& ref, const Tolerance& tol) {
  const double e = error_of(value, ref, tol.relative);
  return std::isfinite(e) && std::abs(e) <= tol.amount * (1 + 1e-12);
}

std::string output_unit(const Extract& e) {
  switch (e.kind) {
    case ExtractKind::Peak:
    case ExtractKind::Least:
    case ExtractKind::ThroughputAt:
      return e.metric == "mean_warp_latency" || e.metric.rfind("access_latency", 0) == 0 || e.metric == "kernel_cycles" ||
                     e.metric == "cycles_per_instruction"
                 ? "cycles"
                 : e.metric;
    case ExtractKind::Latency:
      return "cycles";
    case ExtractKind::OccupancyAt:
      return occupancy_unit_name(e.unit);
    case ExtractKind::PctPeak:
      return "percent";
    case ExtractKind::FitAbc:
      return e.coefficient == 'c' ? "gbps" : "cycles";  // a, b and latency in cycles
    default:
      return "ratio";
  }
}

}  // namespace warpsim::validation
