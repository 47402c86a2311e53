// The data behind the report's figures (plots/validation_figures.py draws them), as CSV tables
// named by file: per GPU the α-mix curves with Volkov's models and the measured points (Figures
// 4.1, 7.x), the cusp (Figure 4.6), memory latency vs throughput with the Table 6.5 fits (Figure
// 6.3), the models' error bands vs α with the simulator as reference (Figures 7.11-7.13), and the
// access-latency histogram at low and high load (Figure 6.5). Everything comes from the same
// cached simulations as the cases.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "validation/evaluation/evaluator.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {

struct FigureGpu {
  std::string name;  // GPU name (for measurements and labels)
  RunSpec base;      // gpu, sets and sms to simulate with
};

// The α values drawn as curves: 0, small, intermediate (near the cusps of Figure 4.6), large, ∞.
const std::vector<std::string>& figure_alphas();
// The models drawn as error bands (Figure 7.11's set plus Huang et al., Figure 7.13).
const std::vector<std::string>& band_models();

void plan_figures(Evaluator& ev, const std::vector<FigureGpu>& gpus);
// file name -> CSV text.
std::map<std::string, std::string> figure_data(Evaluator& ev, const std::vector<FigureGpu>& gpus, const MeasurementSet& ms);

}  // namespace warpsim::validation
