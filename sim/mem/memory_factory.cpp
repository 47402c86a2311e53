#include "mem/memory_factory.h"

#include "common/user_error.h"
#include "mem/cache/cached_memory.h"
#include "mem/dram/dram_memory.h"
#include "mem/fixed_memory.h"
#include "mem/queue/queue_memory.h"
#include "mem/servers/servers_memory.h"
#ifdef WARPSIM_HAVE_SIMGRID
#include "mem/simgrid/engine_thread.h"
#include "mem/simgrid/simgrid_memory.h"
#endif

namespace warpsim::mem {

namespace {

[[noreturn]] void not_built(const config::HwConfig& cfg, const std::string& why) {
  throw UserError(cfg.diagnostic(
      "memory.model", std::string("memory model '") + config::to_string(cfg.memory.model) + "' is not built into this warpsim: " + why));
}

}  // namespace

std::unique_ptr<MemorySystem> make_memory_system(const MemorySystemSpec& spec) {
  WARPSIM_ASSERT(spec.config != nullptr, "make_memory_system: no config");
  WARPSIM_ASSERT(spec.simulated_sms >= 1 && spec.simulated_sms <= spec.config->device.sms,
                 "make_memory_system: simulated SMs out of range");
  if (cache::has_caches(*spec.config)) return std::make_unique<cache::CachedMemory>(spec, make_memory_system);
  switch (spec.config->memory.model) {
    case config::MemoryModelKind::Fixed:
      return std::make_unique<FixedMemory>(spec);
    case config::MemoryModelKind::Queue:
      return std::make_unique<queue::QueueMemory>(spec);
    case config::MemoryModelKind::Dram:
      return std::make_unique<dram::DramMemory>(spec);
    case config::MemoryModelKind::Servers:
      return std::make_unique<servers::ServersMemory>(spec);
    case config::MemoryModelKind::SimGrid:
#ifdef WARPSIM_HAVE_SIMGRID
      return std::make_unique<simgrid::SimGridMemory>(spec);
#else
      not_built(*spec.config, "SimGrid (libsimgrid-dev, found through pkg-config) was not found when it was built; install it and rebuild");
#endif
  }
  not_built(*spec.config, "no implementation");
}

bool memory_model_built(config::MemoryModelKind kind) {
  switch (kind) {
    case config::MemoryModelKind::Fixed:
      return true;
    case config::MemoryModelKind::Queue:
      return true;
    case config::MemoryModelKind::Dram:
      return true;
    case config::MemoryModelKind::Servers:
      return true;
    case config::MemoryModelKind::SimGrid:
#ifdef WARPSIM_HAVE_SIMGRID
      return true;
#else
      return false;
#endif
  }
  return false;
}

void run_in_memory_context(const config::HwConfig& cfg, const std::function<void()>& body) {
#ifdef WARPSIM_HAVE_SIMGRID
  if (cfg.memory.model == config::MemoryModelKind::SimGrid) {
    simgrid::run_on_simgrid_thread(body);
    return;
  }
#endif
  (void)cfg;
  body();
}

}  // namespace warpsim::mem
