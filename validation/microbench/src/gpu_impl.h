// Private state of Gpu, shared by gpu.cu (set-up) and run.cu (launches).
#pragma once

#include <cstdint>

#include "suite_api.h"

namespace warpsim::microbench {

struct Gpu::Impl {
  DeviceInfo info;
  void* allocation = nullptr;  // the chase array lives in a float-safe window of it
  uint32_t* array = nullptr;
  uint64_t entries = 0;
  void* flush = nullptr;
  uint64_t flush_bytes = 0;
};

}  // namespace warpsim::microbench
