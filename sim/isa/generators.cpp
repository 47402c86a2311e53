#include "isa/generators.h"

#include <fmt/format.h>

#include <cmath>

#include "common/text.h"
#include "common/user_error.h"

namespace warpsim::isa {
namespace {

Diagnostic param_error(const std::string& key, std::string msg) { return Diagnostic{"<--param>", 0, 0, key, std::move(msg)}; }

int64_t int_param(const ParamMap& p, const std::string& key, int64_t lo, int64_t hi) {
  auto v = parse_int(p.at(key));
  if (!v || *v < lo || *v > hi)
    throw UserError(param_error(key, fmt::format("expected an integer in [{}, {}], found '{}'", lo, hi, p.at(key))));
  return *v;
}

// Arithmetic intensity: "inf", an integer >= 1, or 1/k (written as a decimal such as 0.25).
struct Alpha {
  bool infinite = false;
  int64_t adds = 1;    // adds per group
  int64_t others = 1;  // other instructions per group
};

Alpha alpha_param(const ParamMap& p) {
  const std::string& s = p.at("alpha");
  if (s == "inf") return Alpha{true, 1, 0};
  auto v = parse_double(s);
  if (v && *v >= 1 && *v == std::floor(*v) && *v <= 1e6) return Alpha{false, static_cast<int64_t>(*v), 1};
  if (v && *v > 0 && *v < 1) {
    double inv = 1.0 / *v;
    if (std::abs(inv - std::round(inv)) < 1e-9) return Alpha{false, 1, static_cast<int64_t>(std::round(inv))};
  }
  if (v && *v == 0) return Alpha{false, 0, 1};
  throw UserError(param_error("alpha", fmt::format("expected inf, 0, an integer, or 1/k such as 0.25, found '{}'", s)));
}

// The common shape of every mix: a loop over groups of `others` x `other_line` and `adds` FADDs,
// all back-to-back dependent through R1 (Volkov 2016 §4.1, §4.7).
std::string mix_text(const std::string& name, const std::string& desc, const Alpha& a, const std::string& other_line, int64_t groups,
                     int64_t inf_count, const std::string& arrays) {
  std::string t = fmt::format(".kernel {}\n.description \"{}\"\n{}", name, desc, arrays);
  if (a.infinite) {
    t += fmt::format(".loop {}\n  FADD R1, R1, R2\n.endloop\nEXIT\n", inf_count);
    return t;
  }
  t += fmt::format(".loop {}\n", groups);
  for (int64_t i = 0; i < a.others; ++i) t += "  " + other_line + "\n";
  if (a.adds > 0) t += fmt::format("  .repeat {}\n    FADD R1, R1, R2\n  .endrepeat\n", a.adds);
  t += ".endloop\nEXIT\n";
  return t;
}

// The load of `bytes` per thread (Volkov's 4, or the 8- and 16-byte loads of float2/float4 code).
std::string load_opcode(int64_t bytes) { return bytes == 4 ? "LD" : bytes == 8 ? "LD.64" : "LD.128"; }

std::string homogeneous_text(const ParamMap& p) {
  const std::string op = p.at("op");
  const int64_t ilp = int_param(p, "ilp", 1, 32);
  const bool global = op == "stream" || op == "stride2" || op == "random" || op == "store" || op == "copy";
  const int64_t count = int_param(p, "count", 1, int64_t{1} << 40);
  const int64_t bytes = int_param(p, "bytes", 4, 16);
  if (bytes != 4 && bytes != 8 && bytes != 16) throw UserError(param_error("bytes", fmt::format("expected 4, 8 or 16, found '{}'", bytes)));
  if (bytes != 4 && op != "stream" && op != "random")
    throw UserError(param_error("bytes", fmt::format("op={} loads 4 bytes per thread: bytes applies to op=stream and op=random", op)));
  // op=random: nodes of node_bytes, each read whole by node_bytes / bytes consecutive lanes.
  const std::string node = p.count("node_bytes") ? p.at("node_bytes") : "auto";
  int64_t lanes_per_node = 1;
  if (node != "auto") {
    if (op != "random") throw UserError(param_error("node_bytes", fmt::format("applies to op=random, not op={}", op)));
    const int64_t nb = int_param(p, "node_bytes", bytes, 32 * bytes);
    lanes_per_node = nb / bytes;
    if (nb % bytes != 0 || 32 % lanes_per_node != 0)
      throw UserError(
          param_error("node_bytes", fmt::format("expected {} bytes times 1, 2, 4, 8, 16 or 32 lanes per node, found '{}'", bytes, node)));
  }
  // {0}: the chain's register; {1}: the chain's `interleave` attribute of each memory instruction.
  std::string line;
  if (op == "add")
    line = "FADD R{0}, R{0}, R40";
  else if (op == "sfu")
    line = "MUFU.RSQ R{0}, R{0}";
  else if (op == "cos")  // cos.approx.f32 (OpenCL native_cos) before sm_70: range reduction, then the SFU
    line = "RRO.SINCOS R{0}, R{0}\nMUFU.COS R{0}, R{0}";
  else if (op == "smem")
    line = "LDS R{0}, [R{0}] ; pattern=broadcast";
  else if (op == "smem2")
    line = "LDS R{0}, [R{0}] ; pattern=conflict:2";
  else if (op == "stream")
    line = load_opcode(bytes) + " R{0}, [R{0}] ; pattern=stream{1}";
  else if (op == "stride2")
    line = "LD R{0}, [R{0}] ; pattern=stride:2{1}";
  else if (op == "random")
    line = load_opcode(bytes) + " R{0}, [R{0}] ; pattern=random" + (lanes_per_node > 1 ? ":" + std::to_string(lanes_per_node) : "") + "{1}";
  else if (op == "store")  // the next address is computed, not loaded: the store waits on nothing (§5.10's layout)
    line = "IADD R{0}, R{0}, R41\nST [R{0}], R{0} ; pattern=stream{1}";
  else if (op == "copy")  // each loaded word is stored to the same place of a second array
    line = "LD R{0}, [R{0}] ; pattern=stream array=src{1}\nST [R{0}], R{0} ; pattern=stream array=dst{1}";
  else
    throw UserError(
        param_error("op", fmt::format("unknown '{}' (valid: add, sfu, cos, smem, smem2, stream, stride2, random, store, copy)", op)));
  std::string t = fmt::format(".kernel homogeneous_{}\n.description \"{} repeated, back-to-back dependent, ILP={} (Volkov 2016 ch. 6)\"\n",
                              op, op, ilp);
  // §6.7 picks an array per GPU for random loads (128 MB here, its sizes are not printed); §5.10's
  // streaming setup uses 512 MB. A size given applies to any global op; a copy reads one array of
  // that size and writes another.
  const std::string& array = p.at("array");
  if (!global && array != "auto")
    throw UserError(
        param_error("array", fmt::format("op={} reads no global memory: array applies to stream, stride2, random, store and copy", op)));
  const std::string size = array != "auto" ? array : op == "random" ? "128MB" : op == "copy" ? "256MB" : "512MB";
  if (op == "copy")
    t += fmt::format(".array src {0}\n.array dst {0}\n", size);
  else if (global)
    t += fmt::format(".array data {}\n", size);
  t += fmt::format(".loop {}\n", (count + ilp - 1) / ilp);
  // ILP chains over one array read distinct elements, interleaved as the no-ILP sweep (§6.3). An op
  // of several instructions gives each chain its first, then each its second, as a compiler
  // schedules independent chains: in-order issue would otherwise hold the next chain's load behind
  // this chain's store of its load.
  for (const std::string& part : split(line, '\n'))
    for (int64_t r = 1; r <= ilp; ++r) {
      const std::string interleave = global && ilp > 1 ? fmt::format(" interleave={}/{}", r - 1, ilp) : std::string();
      t += "  " + fmt::format(fmt::runtime(part), r, interleave) + "\n";
    }
  t += ".endloop\nEXIT\n";
  return t;
}

std::vector<Generator> build() {
  std::vector<Generator> g;
  g.push_back({"alpha_mix",
               "1 global load + alpha dependent FADDs, streaming, back-to-back dependent (Volkov 2016 §4.1, §5.1)",
               {{"alpha", "8", "FADDs per load: inf, an integer, or 1/k"},
                {"loads", "64", "loads per warp (work per warp)"},
                {"adds", "4096", "FADDs per warp when alpha=inf"},
                {"pattern", "stream", "access pattern of the loads: stream, stride:K, random"}},
               [](const ParamMap& p) {
                 Alpha a = alpha_param(p);
                 return mix_text("alpha_mix", fmt::format("LD + {} FADD (Volkov 2016 §4.1)", p.at("alpha")), a,
                                 "LD R1, [R1] ; pattern=" + p.at("pattern"), int_param(p, "loads", 1, int64_t{1} << 40),
                                 int_param(p, "adds", 1, int64_t{1} << 40), ".array data 512MB\n");
               }});
  g.push_back({"sfu_mix",
               "1 MUFU.RSQ + alpha dependent FADDs (Volkov 2016 §4.7)",
               {{"alpha", "1", "FADDs per MUFU.RSQ: inf, an integer, or 1/k (k MUFU per FADD)"},
                {"groups", "512", "repetitions of the group per warp"},
                {"adds", "4096", "FADDs per warp when alpha=inf"}},
               [](const ParamMap& p) {
                 return mix_text("sfu_mix", fmt::format("MUFU.RSQ + {} FADD (Volkov 2016 §4.7)", p.at("alpha")), alpha_param(p),
                                 "MUFU.RSQ R1, R1", int_param(p, "groups", 1, int64_t{1} << 40), int_param(p, "adds", 1, int64_t{1} << 40),
                                 "");
               }});
  g.push_back({"smem_mix",
               "1 shared-memory load (no conflicts) + alpha dependent FADDs (Volkov 2016 §4.7)",
               {{"alpha", "1", "FADDs per LDS: inf, an integer, or 1/k"},
                {"groups", "512", "repetitions of the group per warp"},
                {"adds", "4096", "FADDs per warp when alpha=inf"}},
               [](const ParamMap& p) {
                 return mix_text("smem_mix", fmt::format("LDS + {} FADD (Volkov 2016 §4.7)", p.at("alpha")), alpha_param(p),
                                 "LDS R1, [R1] ; pattern=broadcast", int_param(p, "groups", 1, int64_t{1} << 40),
                                 int_param(p, "adds", 1, int64_t{1} << 40), "");
               }});
  g.push_back(
      {"homogeneous",
       "one instruction repeated, back-to-back dependent, optionally ILP chains (Volkov 2016 ch. 6, §6.3)",
       {{"op", "add",
         "add, sfu, cos (RRO.SINCOS then MUFU.COS), smem, smem2 (2-way bank conflict), stream, stride2, random, store (a stream of stores), copy (a stream "
         "loaded and stored to a second array)"},
        {"ilp", "1", "independent dependency chains per warp (ILP, §6.3)"},
        {"count", "2048", "instructions per warp (store, copy: stores per warp; cos: cosines per warp)"},
        {"array", "auto",
         "array size of the global ops, e.g. 64MB (auto: 128MB for op=random, §6.7; 256MB each for op=copy; 512MB otherwise, "
         "§5.10)"},
        {"bytes", "4", "bytes per thread of op=stream's and op=random's loads: 4, 8 or 16 (LD.64, LD.128)"},
        {"node_bytes", "auto",
         "op=random: bytes of each random node, read whole by node_bytes / bytes consecutive lanes (auto: one lane's bytes, §6.7)"}},
       homogeneous_text});
  g.push_back(
      {"ilp",
       "streaming loads in ILP independent chains (Volkov 2016 §6.3, Figure 6.2)",
       {{"k", "2", "independent chains (ILP)"}, {"count", "128", "loads per warp"}},
       [](const ParamMap& p) {
         int_param(p, "k", 1, 32);  // homogeneous's ilp range, checked under the name the user gave
         return homogeneous_text({{"op", "stream"}, {"ilp", p.at("k")}, {"count", p.at("count")}, {"array", "512MB"}, {"bytes", "4"}});
       }});
  g.push_back({"stride2",
               "stride-2 global loads, back-to-back dependent (Volkov 2016 §4.3, Figure 4.3)",
               {{"count", "64", "loads per warp"}},
               [](const ParamMap& p) {
                 return homogeneous_text({{"op", "stride2"}, {"ilp", "1"}, {"count", p.at("count")}, {"array", "512MB"}, {"bytes", "4"}});
               }});
  g.push_back(
      {"random",
       "unstructured (fully diverging) global loads (Volkov 2016 §6.7)",
       {{"count", "16", "loads per warp"}, {"array", "128MB", "array size (§6.7 picks one per GPU)"}},
       [](const ParamMap& p) {
         return homogeneous_text({{"op", "random"}, {"ilp", "1"}, {"count", p.at("count")}, {"array", p.at("array")}, {"bytes", "4"}});
       }});
  g.push_back({"bank_conflict",
               "shared-memory loads with a k-way bank conflict (Volkov 2016 §6.2)",
               {{"ways", "2", "conflict degree"}, {"count", "2048", "loads per warp"}},
               [](const ParamMap& p) {
                 int64_t ways = int_param(p, "ways", 1, 32);
                 return fmt::format(
                     ".kernel bank_conflict\n.description \"LDS with a {}-way bank conflict (Volkov 2016 §6.2)\"\n"
                     ".loop {}\n  LDS R1, [R1] ; pattern=conflict:{}\n.endloop\nEXIT\n",
                     ways, int_param(p, "count", 1, int64_t{1} << 40), ways);
               }});
  return g;
}

}  // namespace

const std::vector<Generator>& generators() {
  static const std::vector<Generator> g = build();
  return g;
}

const Generator* find_generator(const std::string& name) {
  for (const auto& g : generators())
    if (g.name == name) return &g;
  return nullptr;
}

std::string generate_text(const Generator& g, const ParamMap& overrides) {
  ParamMap p;
  for (const auto& d : g.params) p[d.name] = d.default_value;
  DiagnosticSink sink;
  for (const auto& [k, v] : overrides) {
    if (!p.count(k)) {
      std::vector<std::string> names;
      for (const auto& d : g.params) names.push_back(d.name);
      sink.add(param_error(k, fmt::format("workload '{}' has no parameter '{}' (parameters: {})", g.name, k, join(names, ", "))));
      continue;
    }
    p[k] = v;
  }
  sink.throw_if_any();
  return g.text(p);
}

Kernel generate(const Generator& g, const ParamMap& overrides) {
  Kernel k = parse_workload(generate_text(g, overrides), "generator:" + g.name);
  for (const auto& d : g.params) k.params[d.name] = overrides.count(d.name) ? overrides.at(d.name) : d.default_value;
  return k;
}

}  // namespace warpsim::isa
