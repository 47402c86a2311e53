// What every analytical model returns for one occupancy: a warp throughput, optionally the
// occupancy it says hides latency, and a flag for notes such as the model's own flaws.
#pragma once

#include <limits>
#include <string>

namespace warpsim::model {

struct Estimate {
  bool available = true;                                           // false: the model is not defined for this kernel ("n/a")
  double warp_throughput = 0;                                      // warps per cycle per SM (negative only where the model itself breaks)
  double warps_needed = std::numeric_limits<double>::quiet_NaN();  // warps/SM the model says hide latency
  std::string flag;  // "" or a note, e.g. "negative execution time: model flaw (Volkov 2016 §7.7)"

  static Estimate na(std::string why) {
    Estimate e;
    e.available = false;
    e.flag = "n/a: " + std::move(why);
    return e;
  }
  static Estimate of(double warp_throughput, double warps_needed = std::numeric_limits<double>::quiet_NaN()) {
    Estimate e;
    e.warp_throughput = warp_throughput;
    e.warps_needed = warps_needed;
    return e;
  }
};

}  // namespace warpsim::model
