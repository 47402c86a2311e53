#include "mem/memory_system.h"

#include "common/user_error.h"
#include "mem/fixed_memory.h"

namespace warpsim::mem {

std::unique_ptr<MemorySystem> make_memory_system(const MemorySystemSpec& spec) {
  switch (spec.config->memory.model) {
    case config::MemoryModelKind::Fixed: return std::make_unique<FixedMemory>(spec);
    case config::MemoryModelKind::Queue:
    case config::MemoryModelKind::SimGrid: break;
  }
  throw UserError(Diagnostic{spec.config->source_file, 0, 0, "memory.model",
                             std::string("memory model '") + config::to_string(spec.config->memory.model) + "' is not built into this warpsim"});
}

}  // namespace warpsim::mem
