// Global operator new/delete that count live heap bytes (malloc_usable_size, so new and delete
// agree on sizes). The file is named *_bench.cpp so that bench/CMakeLists.txt picks it up; it
// holds no benchmark. Relaxed atomics: the benchmarks are single-threaded, and the simulator
// does not allocate per event, so the counting costs nothing measurable.
#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "heap_counter.h"

namespace {
std::atomic<size_t> g_live{0};
std::atomic<size_t> g_peak{0};

void* counted_alloc(size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  const size_t live = g_live.fetch_add(malloc_usable_size(p), std::memory_order_relaxed) + malloc_usable_size(p);
  size_t peak = g_peak.load(std::memory_order_relaxed);
  while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
  }
  return p;
}

void counted_free(void* p) noexcept {
  if (!p) return;
  g_live.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
  std::free(p);
}
}  // namespace

void* operator new(size_t n) { return counted_alloc(n); }
void* operator new[](size_t n) { return counted_alloc(n); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, size_t) noexcept { counted_free(p); }
void operator delete[](void* p, size_t) noexcept { counted_free(p); }

namespace warpsim::bench {
size_t heap_live_bytes() { return g_live.load(std::memory_order_relaxed); }
size_t heap_peak_bytes() { return g_peak.load(std::memory_order_relaxed); }
void heap_reset_peak() { g_peak.store(g_live.load(std::memory_order_relaxed), std::memory_order_relaxed); }
}  // namespace warpsim::bench
