// Running the built `warpsim` under mpirun, for the tests of distributed commands (built with MPI only).
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "support/test_support.h"

namespace warpsim::test {

// Under AddressSanitizer each rank's leaks are checked at exit against .ci/lsan.supp, whose entries
// name Open MPI's and PMIx's libraries. A leak's stack reaches them only through the slow unwinder
// (they keep no frame pointers), and PMIx's frames keep their library's name only if it is still
// loaded then (Open MPI unloads its components, and PMIx with them, before the check).
inline const std::string kSanitizerEnv =
    kAddressSanitizer ? "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0\" " : "";
inline const std::string kSanitizerArgs = kAddressSanitizer ? " -x LD_PRELOAD=libpmix.so.2" : "";

// Runs `warpsim <args>` as `ranks` MPI ranks (oversubscribed: the test machine may have fewer
// cores; root allowed: containers run tests as root). Returns the exit status.
inline int mpirun(int ranks, const std::string& args) {
  const std::string cmd = "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 " + kSanitizerEnv +
                          std::string(WARPSIM_MPIEXEC) + " -n " + std::to_string(ranks) + " --oversubscribe" + kSanitizerArgs + " " +
                          WARPSIM_BIN + " " + args + " >" + temp_dir() + "/mpirun.log 2>&1";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace warpsim::test
