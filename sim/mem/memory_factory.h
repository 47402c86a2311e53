// Builds the memory model a config names, caches in front where it has them. Kept apart from the
// MemorySystem interface (memory_system.h) so that the models, which implement that interface,
// never depend on the module that builds all of them.
#pragma once

#include <functional>
#include <memory>

#include "mem/memory_system.h"

namespace warpsim::mem {

// Builds the model named by config.memory.model. Throws UserError for a model not built in.
// Call it, and use the model, inside run_in_memory_context().
std::unique_ptr<MemorySystem> make_memory_system(const MemorySystemSpec& spec);

// Whether make_memory_system() can build `kind` in this warpsim (optional parts: SimGrid).
bool memory_model_built(config::MemoryModelKind kind);

// Runs `body` where the config's memory model can live: directly for most models; for `simgrid`
// on SimGrid's own thread, one simulation at a time (its engine is a process-wide singleton
// driven from one thread; see mem/simgrid/engine_thread.h). Rethrows what `body` throws.
void run_in_memory_context(const config::HwConfig& cfg, const std::function<void()>& body);

}  // namespace warpsim::mem
