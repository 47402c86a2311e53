// The SASS check (Volkov 2016 §5.1: "we check the compiled code with cuobjdump"): counts the chain
// instructions of each kernel in `cuobjdump -sass` output and compares them with the instruction mix
// the kernel is meant to compile to. A kernel whose chain lost or gained an instruction measures
// something else, so the suite refuses to record when any count differs (run_suite.sh). Standard
// library only, unit-tested on the CPU (tests/validation/microbench/microbench_sass_test.cpp).
#pragma once

#include <string>
#include <vector>

namespace warpsim::validation {

// Instructions of one kernel, whole function (prologue, loop, epilogue); NOPs are not counted.
struct SassCounts {
  int total = 0;
  int ldg = 0;
  int fadd = 0;
  int mufu = 0;
  int lds = 0;
};

struct SassFunction {
  std::string arch;  // "sm_90", from "code for sm_90"
  std::string name;  // as cuobjdump prints it (mangled)
  std::string key;   // kernel_key(name), e.g. "smem_mix_kernel<1,1>"
  SassCounts counts;
};

// "smem_mix_kernel<32,1>" for _ZN...15smem_mix_kernelILi32ELi1EEEvNS0_9ArithArgsE: the function's
// unqualified name and its integer / bool template arguments (bools as 0 and 1). A name that is not
// an Itanium-mangled function is returned as it is.
std::string kernel_key(const std::string& mangled);

// Every function of a `cuobjdump -sass` listing, in order.
std::vector<SassFunction> parse_sass(const std::string& text);

// The intended mix of one kernel; -1 leaves an instruction unchecked (e.g. the MUFU.RCP the
// compiler uses for an integer division outside the chain).
struct KernelMix {
  std::string key;
  int ldg = -1;
  int fadd = -1;
  int mufu = -1;
  int lds = -1;
  std::string why;  // how the counts follow from the kernel's shape
};

struct SassCheck {
  std::vector<std::string> archs;      // the architectures in the listing
  int checked = 0;                     // kernel x architecture pairs compared
  std::vector<std::string> failures;   // "smem_mix_kernel<1,1> on sm_90: FADD expected 64, found 1"
  std::vector<std::string> unchecked;  // kernels in the listing with no intended mix (helpers)
  bool ok() const { return failures.empty() && checked > 0; }
};

// Compares every function with its mix. With require_all, a kernel of `expected` that is absent
// from an architecture's listing is a failure too (a renamed kernel must not escape the check).
SassCheck check_sass(const std::vector<SassFunction>& functions, const std::vector<KernelMix>& expected, bool require_all);

// A few lines for the log and sass_check.txt: the verdict, then one line per failure.
std::string format_sass_check(const SassCheck& check);
// One line for the CSV metadata `sass_check`.
std::string sass_check_summary(const SassCheck& check);

}  // namespace warpsim::validation
