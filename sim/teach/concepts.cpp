#include <fmt/format.h>

#include "common/text.h"
#include "common/user_error.h"
#include "teach/lesson.h"

namespace warpsim::teach {

const std::vector<Concept>& concepts() {
  static const std::vector<Concept> all = {
      {"littles_law", "warps needed = latency x throughput: the occupancy where the SM stops being latency-bound (§3.4)", "kepler",
       littles_law},
      {"latency_vs_throughput",
       "below the needed occupancy warps wait on latency, above it a unit is busy: the two bounds and the stalls (§3.5)", "kepler",
       latency_vs_throughput},
      {"warps_vs_instructions",
       "instructions in flight are not warps in flight: 3 adds + 3 loads need 6 warps on the toy GPU (§4.6, Figure 4.7)", "toy",
       warps_vs_instructions},
      {"cusp", "the occupancy needed peaks where the α-mix is both memory- and arithmetic-bound (§4.5, Figure 4.6)", "maxwell", cusp},
      {"gradual_saturation", "memory throughput approaches its peak gradually, not at the basic model's sharp knee (§4.3, §6.4, Table 6.4)",
       "kepler", gradual_saturation},
      {"occupancy_oscillation", "load imbalance across schedulers makes occupancy sag and throughput jigsaw (§5.8, Figures 5.1-5.2)",
       "kepler", occupancy_oscillation},
      {"persistent_threads",
       "one wave of warps under age priority: the oldest take every slot, the rest run alone at the end (§5.9, the H100's dips)",
       "h100_sxm", persistent_threads},
      {"bank_conflicts", "a k-way shared-memory bank conflict takes k bank passes: k times the cycles (§6.2)", "kepler", bank_conflicts},
      {"coalescing", "strided or scattered loads move more transactions and bytes per request than unit-stride ones (§4.3, §6.7)", "kepler",
       coalescing},
  };
  return all;
}

const Concept& find_concept(const std::string& name) {
  std::vector<std::string> names;
  for (const auto& c : concepts()) {
    if (c.name == name) return c;
    names.push_back(c.name);
  }
  // People type the concepts with hyphens as often as with underscores.
  std::string underscored = name;
  for (char& ch : underscored) ch = ch == '-' ? '_' : ch;
  for (const auto& c : concepts())
    if (c.name == underscored) return c;
  const std::string guess = closest_match(underscored, names);
  throw UserError(Diagnostic{"<cli>", 0, 0, "teach",
                             fmt::format("unknown concept '{}'{} (concepts: {}; `warpsim teach list` says what each shows)", name,
                                         guess.empty() ? "" : fmt::format(", did you mean '{}'?", guess), join(names, ", "))});
}

}  // namespace warpsim::teach
