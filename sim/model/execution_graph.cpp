#include "model/execution_graph.h"

#include <fmt/format.h>

// GCC 12 reports a false -Wmaybe-uninitialized inside Boost's edge iterator (boost::optional);
// clang has no such warning (and would warn about the unknown name).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/graph/dag_shortest_paths.hpp>
#include <boost/graph/graphviz.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>
#include <functional>
#include <limits>
#include <ostream>
#include <set>

#include "common/user_error.h"

namespace warpsim::model {
namespace {

using isa::OpClass;

constexpr size_t kRegisterIds = isa::kPredicateBase + 64;

void expand(const isa::Kernel& k, int lo, int hi, std::vector<bool>& open, std::vector<int>& out, size_t max_nodes) {
  for (int pc = lo; pc <= hi;) {
    int best = -1;  // the outermost loop not yet open that starts here
    for (size_t i = 0; i < k.loops.size(); ++i)
      if (!open[i] && k.loops[i].begin == pc && k.loops[i].end <= hi && (best < 0 || k.loops[i].end > k.loops[best].end))
        best = static_cast<int>(i);
    if (best < 0) {
      out.push_back(pc++);
      if (out.size() > max_nodes)
        throw UserError(Diagnostic{k.source, 0, 0, k.name,
                                   fmt::format("a warp executes more than {} instructions: too many for the execution graph", max_nodes)});
      continue;
    }
    const isa::Loop& l = k.loops[best];
    open[best] = true;
    for (int64_t r = 0; r < l.count; ++r) expand(k, l.begin, l.end, open, out, max_nodes);
    open[best] = false;
    pc = l.end + 1;
  }
}

double producer_latency(const InstructionCost& c, OpClass producer, OpClass consumer, const GraphOptions& o) {
  if (producer != OpClass::Load) return dependency_latency(c, consumer);
  const double base = o.memory_latency > 0 ? o.memory_latency : c.base_latency;
  return base + (o.transaction_latency ? c.latency - c.base_latency : 0.0);
}

// How soon the next instruction of the same warp may issue after `prev` (§3.7: ILP latency).
double order_latency(const config::HwConfig& cfg, const isa::Instruction& prev, const InstructionCost& cost, const GraphOptions& o) {
  const int c = isa::index(prev.cls);
  if (o.issue_latency[c] > 0) return o.issue_latency[c];
  double w = cfg.scheduler.same_warp_issue_latency_cycles;
  w = std::max<double>(w, cfg.scheduler.same_warp_issue_latency_after[c]);
  // Multi-cycle issue and reissues occupy the scheduler before anything else of the warp issues.
  return std::max<double>(w, (cfg.scheduler.issue_cycles[c] + cost.reissues) * cfg.scheduler.cycles_per_issue);
}

std::string escape(const std::string& s) {
  std::string out;
  for (char ch : s) out += ch == '"' ? std::string("\\\"") : std::string(1, ch);
  return out;
}

}  // namespace

const char* to_string(EdgeKind k) {
  switch (k) {
    case EdgeKind::ProgramOrder:
      return "ILP latency";
    case EdgeKind::DualIssue:
      return "dual issue";
    case EdgeKind::Register:
      return "register dependency";
    case EdgeKind::Barrier:
      return "barrier";
    case EdgeKind::Termination:
      return "warp termination";
  }
  return "?";
}

std::vector<int> dynamic_trace(const isa::Kernel& kernel, size_t max_nodes) {
  std::vector<int> out;
  std::vector<bool> open(kernel.loops.size(), false);
  expand(kernel, 0, static_cast<int>(kernel.code.size()) - 1, open, out, max_nodes);
  return out;
}

ExecutionGraph build_execution_graph(const config::HwConfig& cfg, const isa::Kernel& kernel, const KernelProfile& profile,
                                     const GraphOptions& o, size_t max_nodes) {
  const std::vector<int> trace = dynamic_trace(kernel, max_nodes);
  ExecutionGraph eg(trace.size());
  auto& g = eg.graph;
  std::vector<int64_t> writer(kRegisterIds, -1);
  for (size_t i = 0; i < trace.size(); ++i) {
    const int pc = trace[i];
    const isa::Instruction& in = kernel.code[pc];
    g[i].pc = pc;
    if (i > 0) {
      const int prev = trace[i - 1];
      const bool pair = o.dual_issue && pc == prev + 1 && profile.dual_issued_with_next[prev];
      boost::add_edge(i - 1, i,
                      GraphEdge{pair ? EdgeKind::DualIssue : EdgeKind::ProgramOrder,
                                pair ? 0.0 : order_latency(cfg, kernel.code[prev], profile.costs[prev], o)},
                      g);
      if (kernel.code[prev].cls == OpClass::Barrier && cfg.sm.barrier_latency_cycles > 0)
        boost::add_edge(i - 1, i, GraphEdge{EdgeKind::Barrier, static_cast<double>(cfg.sm.barrier_latency_cycles)}, g);
    }
    std::set<int64_t> producers;  // one edge per producer, even if it writes two of our sources
    for (int s = 0; s < in.nsrc; ++s)
      if (writer[in.src[s]] >= 0) producers.insert(writer[in.src[s]]);
    for (int64_t p : producers) {
      const int ppc = trace[p];
      boost::add_edge(p, i, GraphEdge{EdgeKind::Register, producer_latency(profile.costs[ppc], kernel.code[ppc].cls, in.cls, o)}, g);
    }
    for (int d = 0; d < in.ndst; ++d) writer[in.dst[d]] = static_cast<int64_t>(i);
  }
  if (!trace.empty())
    boost::add_edge(trace.size() - 1, eg.end,
                    GraphEdge{EdgeKind::Termination, o.termination ? static_cast<double>(cfg.sm.block_launch_latency_cycles) : 0.0}, g);
  return eg;
}

LongestPath longest_path(const ExecutionGraph& eg) {
  const auto& g = eg.graph;
  const size_t n = boost::num_vertices(g);
  LongestPath lp;
  lp.start.assign(n, 0.0);
  if (eg.instructions == 0) return lp;
  std::vector<ExecVertex> pred(n);
  for (size_t v = 0; v < n; ++v) pred[v] = v;
  // Longest path in a DAG: shortest-path relaxation with the comparison reversed (Boost.Graph docs).
  boost::dag_shortest_paths(g, ExecVertex{0},
                            boost::distance_map(lp.start.data())
                                .predecessor_map(pred.data())
                                .weight_map(boost::get(&GraphEdge::latency, g))
                                .distance_compare(std::greater<double>())
                                .distance_inf(-std::numeric_limits<double>::infinity())
                                .distance_zero(0.0));
  lp.length = lp.start[eg.end];
  for (ExecVertex v = eg.end;; v = pred[v]) {
    lp.path.push_back(v);
    if (pred[v] == v) break;
  }
  std::reverse(lp.path.begin(), lp.path.end());
  return lp;
}

void write_graphviz(std::ostream& os, const ExecutionGraph& eg, const LongestPath& lp, const isa::Kernel& kernel,
                    const std::string& title) {
  const auto& g = eg.graph;
  std::set<std::pair<size_t, size_t>> on_path;
  for (size_t i = 0; i + 1 < lp.path.size(); ++i) on_path.insert({lp.path[i], lp.path[i + 1]});
  auto vertex_writer = [&](std::ostream& out, ExecVertex v) {
    const std::string text = g[v].pc < 0 ? std::string("warp terminated") : fmt::format("{}: {}", g[v].pc, kernel.code[g[v].pc].opcode);
    out << fmt::format("[label=\"{}\\nt = {:g}\"{}]", escape(text), lp.start[v], g[v].pc < 0 ? ", shape=box" : "");
  };
  auto edge_writer = [&](std::ostream& out, const boost::graph_traits<ExecGraph>::edge_descriptor& e) {
    const ExecVertex s = boost::source(e, g), t = boost::target(e, g);
    const GraphEdge& ge = g[e];
    const bool critical = on_path.count({s, t}) && lp.start[t] == lp.start[s] + ge.latency;
    const bool thick = ge.kind != EdgeKind::Register;  // Figure 3.5: thick = program order, dashed = registers
    out << fmt::format("[label=\"{:g}\", tooltip=\"{}\", style=\"{}\"{}]", ge.latency, to_string(ge.kind), thick ? "bold" : "dashed",
                       critical ? ", color=red, fontcolor=red" : "");
  };
  auto graph_writer = [&](std::ostream& out) {
    out << fmt::format("label=\"{}\\nlongest path: {:g} cycles\";\nlabelloc=t;\nnode [shape=ellipse, fontname=\"monospace\"];\n",
                       escape(title), lp.length);
  };
  boost::write_graphviz(os, g, vertex_writer, edge_writer, graph_writer);
}

}  // namespace warpsim::model
