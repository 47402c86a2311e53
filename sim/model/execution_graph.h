// The program execution graph of Volkov 2016 §3.7-3.8 (Figure 3.5), built with Boost.Graph.
// Nodes are the instructions one warp executes, in order; edges are the latencies that constrain
// their issue times: ILP latency between consecutive instructions (zero for a dual-issued pair),
// register-dependency latencies from producer to consumer, barrier latency, and the warp
// termination (block replacement) latency after the last instruction. The longest path is a lower
// bound on warp latency; it is computed with boost::dag_shortest_paths under a reversed order.
#pragma once

#include <boost/graph/adjacency_list.hpp>

#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "config/hw_config.h"
#include "isa/kernel.h"
#include "model/kernel_profile.h"

namespace warpsim::model {

enum class EdgeKind : uint8_t { ProgramOrder, DualIssue, Register, Barrier, Termination };
const char* to_string(EdgeKind k);

struct GraphNode {
  int pc = -1;  // static instruction; -1 for the "warp terminated" node
};
struct GraphEdge {
  EdgeKind kind = EdgeKind::ProgramOrder;
  double latency = 0;  // cycles
};

using ExecGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, GraphNode, GraphEdge>;
using ExecVertex = boost::graph_traits<ExecGraph>::vertex_descriptor;

struct GraphOptions {
  bool transaction_latency = true;  // loads pay lsu.transaction_issue_cycles per extra transaction (Table 6.7)
  bool termination = true;          // add the block replacement latency after the last instruction (§3.7)
  bool dual_issue = true;           // pairs issue together (§3.8)
  double memory_latency = -1;       // > 0: replaces memory.latency_cycles (the refined model, §6.5)
  // Lemeire's pipeline model: consecutive instructions separated by the issue latency of the
  // earlier one's pipeline instead of the ILP latency (> 0 entries replace it).
  std::array<double, isa::kOpClassCount> issue_latency{};
};

struct ExecutionGraph {
  explicit ExecutionGraph(size_t instructions_) : graph(instructions_ + 1), end(instructions_), instructions(instructions_) {}
  ExecGraph graph;
  ExecVertex end;       // "warp terminated"
  size_t instructions;  // nodes other than `end`
};

// Throws UserError if the warp executes more than `max_nodes` instructions.
ExecutionGraph build_execution_graph(const config::HwConfig& cfg, const isa::Kernel& kernel, const KernelProfile& profile,
                                     const GraphOptions& options, size_t max_nodes);

struct LongestPath {
  double length = 0;             // cycles from the first issue to the end node
  std::vector<double> start;     // earliest issue time of every node (the end node last)
  std::vector<ExecVertex> path;  // one longest path, first node to end node
};
LongestPath longest_path(const ExecutionGraph& g);

// Graphviz text of the graph, the longest path drawn in red (boost::write_graphviz).
void write_graphviz(std::ostream& os, const ExecutionGraph& g, const LongestPath& lp, const isa::Kernel& kernel, const std::string& title);

// The pcs one warp executes, in order, with loops expanded. Throws UserError past `max_nodes`.
std::vector<int> dynamic_trace(const isa::Kernel& kernel, size_t max_nodes);

}  // namespace warpsim::model
