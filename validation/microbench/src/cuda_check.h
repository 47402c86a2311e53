// Every CUDA runtime call of the suite goes through CUDA_CHECK: a failure throws with the call,
// file:line and the runtime's message, and main() turns it into exit status 1.
#pragma once

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace warpsim::microbench {

[[noreturn]] inline void cuda_fail(cudaError_t err, const char* call, const char* file, int line) {
  throw std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + call + " failed: " + cudaGetErrorName(err) + ": " +
                           cudaGetErrorString(err));
}

}  // namespace warpsim::microbench

#define CUDA_CHECK(call)                                                                                              \
  do {                                                                                                                \
    const cudaError_t cuda_check_err_ = (call);                                                                       \
    if (cuda_check_err_ != cudaSuccess) ::warpsim::microbench::cuda_fail(cuda_check_err_, #call, __FILE__, __LINE__); \
  } while (0)
