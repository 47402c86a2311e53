#include "options.h"

#include <stdexcept>

namespace warpsim::microbench {
namespace {

const std::set<std::string> kGroups{"alpha", "arith", "memory", "latency", "mix", "persistent", "cache", "store", "nodes"};

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (true) {
    const size_t comma = s.find(',', pos);
    out.push_back(s.substr(pos, comma - pos));
    if (comma == std::string::npos) return out;
    pos = comma + 1;
  }
}

uint64_t to_u64(const std::string& opt, const std::string& v, uint64_t lo, uint64_t hi) {
  size_t used = 0;
  unsigned long long x = 0;
  try {
    x = std::stoull(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || v.empty() || x < lo || x > hi)
    throw std::invalid_argument(opt + ": expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) + "], found '" + v +
                                "'");
  return x;
}

double to_double(const std::string& opt, const std::string& v, double lo) {
  size_t used = 0;
  double x = 0;
  try {
    x = std::stod(v, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != v.size() || v.empty() || !(x >= lo))
    throw std::invalid_argument(opt + ": expected a number >= " + std::to_string(lo) + ", found '" + v + "'");
  return x;
}

}  // namespace

std::string usage() {
  return "usage: warpsim_microbench [--out FILE] [--gpu NAME] [--device N] [--array-mb N] [--random-mb A,B,..]\n"
         "                          [--only GROUP,..] [--quick] [--reps N] [--waves N] [--seed N]\n"
         "                          [--warmup-s S] [--budget-s S] [--meta KEY=VALUE]... [--sass FILE]\n"
         "       warpsim_microbench --check-sass FILE\n"
         "Measures the GPU as Volkov 2016 ch. 5-6 does and writes warpsim's measurement CSV.\n"
         "--sass FILE: this binary's `cuobjdump -sass`; a kernel whose LDG / FADD / MUFU / LDS counts differ\n"
         "        from its intended mix stops the run before any measurement (exit 1, no CSV).\n"
         "--check-sass FILE: only that check (exit 0 passed, 1 mismatch).\n"
         "groups: alpha (alpha_mix sweep), arith (add/sfu/smem/smem2, ILP), memory (stream, ILP,\n"
         "        stride2, random), latency (per-access percentiles, §6.6), mix (sfu_mix, smem_mix),\n"
         "        persistent (persistent-thread launches, §5.9), cache (latency and bandwidth vs data-set\n"
         "        size), store (8- and 16-byte loads, store and copy streams), nodes (random nodes of\n"
         "        32-512 bytes read whole: the bytes one DRAM activation serves)\n";
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 0; i < argc; ++i) {
    if (i > 0) o.command += ' ';
    o.command += argv[i];
  }
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--help" || a == "-h") throw HelpRequested{};
    if (a == "--quick") {
      o.quick = true;
      o.reps = 1;
      continue;
    }
    static const std::set<std::string> kValued{"--out",   "--gpu",  "--device",   "--array-mb",  "--reps",
                                               "--waves", "--seed", "--warmup-s", "--budget-s",  "--random-mb",
                                               "--only",  "--meta", "--sass",     "--check-sass"};
    if (!kValued.count(a)) throw std::invalid_argument("unknown option '" + a + "'");
    if (i + 1 >= argc) throw std::invalid_argument(a + ": missing value");
    const std::string v = argv[++i];
    if (a == "--out")
      o.out = v;
    else if (a == "--gpu")
      o.gpu = v;
    else if (a == "--device")
      o.device = static_cast<int>(to_u64(a, v, 0, 1024));
    else if (a == "--array-mb")
      o.array_mb = to_u64(a, v, 1, 2032);  // a float-safe window is < 2 GiB
    else if (a == "--reps")
      o.reps = static_cast<int>(to_u64(a, v, 1, 100));
    else if (a == "--waves")
      o.waves = static_cast<int>(to_u64(a, v, 1, 1000));
    else if (a == "--seed")
      o.seed = to_u64(a, v, 0, UINT64_MAX);
    else if (a == "--warmup-s")
      o.warmup_s = to_double(a, v, 0);
    else if (a == "--budget-s")
      o.budget_s = to_double(a, v, 0);
    else if (a == "--sass" || a == "--check-sass") {
      o.sass = v;
      o.check_sass_only = a == "--check-sass";
    } else if (a == "--meta") {
      const auto eq = v.find('=');
      if (eq == std::string::npos || eq == 0) throw std::invalid_argument(a + ": expected key=value, found '" + v + "'");
      o.extra_metadata.emplace_back(v.substr(0, eq), v.substr(eq + 1));
    } else if (a == "--random-mb") {
      o.random_mb.clear();
      for (const auto& s : split_commas(v)) o.random_mb.push_back(to_u64(a, s, 1, 2032));
    } else if (a == "--only") {
      o.groups.clear();
      for (const auto& g : split_commas(v)) {
        if (!kGroups.count(g)) throw std::invalid_argument(a + ": unknown group '" + g + "'");
        o.groups.insert(g);
      }
    }
  }
  return o;
}

}  // namespace warpsim::microbench
