// HwConfig: a GPU described as typed, validated plain data. Its sections (core_config.h,
// memory_config.h) declare each field once, with its unit, range and description; the schema that
// binds YAML keys to them (schema.cpp) is generated from those declarations. The YAML files in
// hw_configs/ give each value its source.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/user_error.h"
#include "config/config_enums.h"
#include "config/core_config.h"
#include "config/field_list.h"
#include "config/memory_config.h"

namespace warpsim::config {

// Where each key was last set (file, line, column of its value, or "<--set>"), for error messages.
using Provenance = std::map<std::string, Diagnostic>;

struct HwConfig {
  // clang-format off
  WARPSIM_FIELDS(HwConfig,
    WARPSIM_SECTION(GpuInfo, gpu, "")
    WARPSIM_SECTION(DeviceConfig, device, "")
    WARPSIM_SECTION(SmConfig, sm, "")
    WARPSIM_SECTION(SchedulerConfig, scheduler, "")
    WARPSIM_SECTION(PipeConfig, alu, "CUDA cores")
    WARPSIM_SECTION(SfuConfig, sfu, "SFUs")
    WARPSIM_SECTION(DpConfig, dp, "")
    WARPSIM_SECTION(SharedMemoryConfig, smem, "")
    WARPSIM_SECTION(LsuConfig, lsu, "")
    WARPSIM_SECTION(MemoryConfig, memory, ""))
  // clang-format on
  std::string source_file;  // the file it was loaded from (first of its overlay chain)
  // Where each key given was set: file:line:column of its YAML value, or "<--set>" (the loader's
  // provenance), so that a rule broken only once a model is built still names the line. Shared,
  // read-only, by the config's copies: a run copies its config a few times, and this table (~13 KB)
  // would otherwise be most of a one-SM run's memory.
  std::shared_ptr<const Provenance> key_sources;
  // The files of its inherits chain, the one loaded first (an overlay before its base): a rule
  // broken between keys of two layers is the nearer layer's doing.
  std::shared_ptr<const std::vector<std::string>> layer_files;

  // An error about `key`, placed where the key was set (or at the config file when it took its
  // default): what a problem found after loading reports.
  Diagnostic diagnostic(const std::string& key, std::string message) const;
  // An error about a conflict between `keys` (the first the default culprit): placed at the
  // first of them a `--set` changed, since that what-if made the conflict, else at the first set by
  // the nearest layer of the inherits chain (an overlay's change broke its base's rule), else at
  // keys[0].
  Diagnostic conflict(std::initializer_list<const char*> keys, std::string message) const;
};

}  // namespace warpsim::config
