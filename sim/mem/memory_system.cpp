#include "mem/memory_system.h"

#include "common/user_error.h"

namespace warpsim::mem {

uint64_t MemorySystem::submit_timed(const Transaction&, uint64_t) {
  WARPSIM_ASSERT(false, std::string("memory model '") + name() + "' does not time transactions at submit");
  return kNever;
}

}  // namespace warpsim::mem
