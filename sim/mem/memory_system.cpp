#include "mem/memory_system.h"

#include "common/user_error.h"
#include "mem/fixed_memory.h"
#include "mem/queue/queue_memory.h"

namespace warpsim::mem {

std::unique_ptr<MemorySystem> make_memory_system(const MemorySystemSpec& spec) {
  WARPSIM_ASSERT(spec.config != nullptr, "make_memory_system: no config");
  WARPSIM_ASSERT(spec.simulated_sms >= 1 && spec.simulated_sms <= spec.config->device.sms,
                 "make_memory_system: simulated SMs out of range");
  switch (spec.config->memory.model) {
    case config::MemoryModelKind::Fixed: return std::make_unique<FixedMemory>(spec);
    case config::MemoryModelKind::Queue: return std::make_unique<queue::QueueMemory>(spec);
    case config::MemoryModelKind::SimGrid: break;
  }
  throw UserError(Diagnostic{spec.config->source_file, 0, 0, "memory.model",
                             "model 'simgrid' is not built in (valid: fixed, queue)"});
}

}  // namespace warpsim::mem
