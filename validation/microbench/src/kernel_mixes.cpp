#include "kernel_mixes.h"

#include <string>

#include "kernel_shapes.h"
#include "mix_shapes.h"

namespace warpsim::microbench {
namespace {

std::string args(std::initializer_list<int> a) {
  std::string s;
  for (int v : a) s += (s.empty() ? "<" : ",") + std::to_string(v);
  return s + ">";
}

void add_mix(std::vector<validation::KernelMix>& m, int adds, int others) {
  const int g = mix_groups(adds, others);
  const std::string per = std::to_string(g) + " x (" + std::to_string(others) + " ";
  const std::string fadds = " + " + std::to_string(adds) + " FADD) per iteration";
  m.push_back({"sfu_mix_kernel" + args({adds, others}), 0, g * adds, g * others, 0, per + "MUFU" + fadds});
  m.push_back({"smem_mix_kernel" + args({adds, others}), 0, g * adds, 0, g * others + 1, per + "LDS" + fadds + ", 1 LDS of the +0.0"});
}

}  // namespace

std::vector<validation::KernelMix> suite_kernel_mixes() {
  std::vector<validation::KernelMix> m;
  // Pointer chases (§5.1, §5.10): a loop iteration of G groups of ILP loads and ADDS FADDs, plus one
  // load per chain of its start word (a.starts, used by random chains) before the loop.
  for (int adds : {0, 1, 2, 4, 8, 16, 32, 64, 128, 256}) {
    const int g = chase_groups(adds);
    m.push_back({"chase_kernel" + args({adds, 1, 0}), g + 1, g * adds, 0, 0,
                 std::to_string(g) + " x (1 LDG + " + std::to_string(adds) + " FADD) per iteration, 1 start LDG"});
  }
  for (int ilp : {2, 4}) {
    const int g = chase_groups(0);
    m.push_back({"chase_kernel" + args({0, ilp, 0}), g * ilp + ilp, 0, 0, 0,
                 std::to_string(g) + " x " + std::to_string(ilp) + " LDG per iteration, " + std::to_string(ilp) + " start LDG"});
  }
  // §6.6: the sampled loop and the plain one (unsampled warps) hold G loads each. Its MUFU (the
  // integer division by sample_block_stride) and LDS (the samples' flush) are outside the chains.
  m.push_back({"chase_kernel" + args({0, 1, 1}), 2 * chase_groups(0) + 1, 0, -1, -1, "2 loops of 32 LDG, 1 start LDG"});
  for (int ilp = 1; ilp <= 4; ++ilp)
    m.push_back({"add_kernel" + args({ilp}), 0, arith_body(ilp), 0, 0, std::to_string(arith_body(ilp)) + " FADD per iteration"});
  m.push_back({"smem_chain_kernel", 0, 0, 0, kArithBody, "256 LDS per iteration"});
  m.push_back({"sfu_chain_kernel", 0, 0, kArithBody, 0, "256 MUFU.RSQ per iteration"});
  m.push_back({"empty_timed_kernel", 0, 0, 0, 0, "no work"});
  // §4.7: G groups of OTHERS MUFU or LDS and ADDS FADDs; the LDS mix loads its +0.0 once (smem_mix_zero()).
#define WARPSIM_MIX_EXPECTATION(A, O) add_mix(m, A, O);
  WARPSIM_FOR_EACH_MIX_SHAPE(WARPSIM_MIX_EXPECTATION)
#undef WARPSIM_MIX_EXPECTATION
  return m;
}

}  // namespace warpsim::microbench
