// Comparing an extracted number with its reference: a measured value, a measured range (rows with
// bound=lower / bound=upper), a model's value, or the bound of a qualitative relation. Every
// reference is an interval (a point when both ends are equal); the error is the signed distance
// outside it, relative to the nearer end or absolute, as the case's tolerance says.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "validation/cases/case_spec.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {

struct Reference {
  double lo = -kInf();
  double hi = kInf();
  std::string text;       // as shown in the table: "156", "6 .. 15", "< 0.5", "volkov 12"
  bool measured = false;  // a real-GPU measurement (counts in the accuracy summary)
  std::string unit;
  static constexpr double kInf() { return std::numeric_limits<double>::infinity(); }
};

// From measurement rows; rows with bound=lower/upper give an end of the interval.
Reference reference_from(const std::vector<const Measurement*>& rows);
Reference reference_from_value(double v, std::string text);
Reference reference_from_relation(const CompareSpec& c);
// A measured fit latency = a + b·x/(c − x) (Volkov 2016 §6.4) at throughput x (no value at or past c).
Reference reference_from_fit(const Measurement& a, const Measurement& b, const Measurement& c, double x);

// Signed error of `value` against `ref`: 0 inside, else the distance past the nearer end,
// relative to that end (|end|) or absolute.
double error_of(double value, const Reference& ref, bool relative);
bool within(double value, const Reference& ref, const Tolerance& tol);

// The unit an extraction produces (compared with the measurement's unit).
std::string output_unit(const Extract& e);

}  // namespace warpsim::validation
