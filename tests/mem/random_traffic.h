// Test traffic for the memory-system models: a built-in GPU's config under a chosen model, and
// pseudo-random transactions (a quarter of them writes) submitted over time, run to completion.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "mem/memory_factory.h"
#include "support/test_support.h"

namespace warpsim::mem::test_traffic {

inline config::HwConfig model_config(const std::string& gpu, config::MemoryModelKind model) {
  config::HwConfig c = test::builtin(gpu);
  c.memory.model = model;
  return c;
}

inline std::vector<Completion> random_traffic(const config::HwConfig& c, int n, uint64_t seed, std::vector<uint64_t>* submit_at = nullptr,
                                              std::vector<bool>* is_write = nullptr) {
  auto m = make_memory_system({&c, c.device.sms, seed});
  std::mt19937_64 rng(seed);
  std::vector<Completion> done;
  uint64_t now = 0;
  for (int i = 0; i < n; ++i) {
    now += rng() % 3;
    m->advance(now, done);
    const bool write = rng() % 4 == 0;
    m->submit(
        Transaction{(rng() % (1ull << 29)) / 32 * 32, 32, write, static_cast<uint16_t>(rng() % c.device.sms), static_cast<uint32_t>(i)},
        now);
    if (submit_at) submit_at->push_back(now);
    if (is_write) is_write->push_back(write);
  }
  while (m->next_event_time() != kNever) m->advance(m->next_event_time(), done);
  return done;
}

}  // namespace warpsim::mem::test_traffic
