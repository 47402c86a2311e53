// `warpsim teach CONCEPT`: one lesson per concept of latency hiding (Volkov 2016 ch. 3-6). Each
// lesson runs the simulations it needs, explains the concept with this run's numbers and draws
// its figure. The lessons share this small interface and live one per file in sim/teach/.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "teach/figure.h"

namespace warpsim::teach {

struct LessonInput {
  config::HwConfig cfg;  // the GPU, --set applied
  int jobs = 1;          // simulations in parallel (results do not depend on it)
};

struct Lesson {
  std::string text;  // the explanation, with the numbers of this run
  Figure figure;     // what the figure draws; its data are the lesson's CSV
};

struct Concept {
  std::string name;
  std::string summary;      // one line, for `warpsim teach list`
  std::string default_gpu;  // a built-in GPU on which the concept shows well
  std::function<Lesson(const LessonInput&)> run;
};

// Every concept, in the order a reader meets them (docs/tutorial.md).
const std::vector<Concept>& concepts();

// The concept of that name; a UserError naming the closest one otherwise.
const Concept& find_concept(const std::string& name);

// One lesson each (sim/teach/<name>.cpp).
Lesson littles_law(const LessonInput& in);
Lesson latency_vs_throughput(const LessonInput& in);
Lesson warps_vs_instructions(const LessonInput& in);
Lesson cusp(const LessonInput& in);
Lesson gradual_saturation(const LessonInput& in);
Lesson occupancy_oscillation(const LessonInput& in);
Lesson persistent_threads(const LessonInput& in);
Lesson bank_conflicts(const LessonInput& in);
Lesson coalescing(const LessonInput& in);

}  // namespace warpsim::teach
