// Live and peak heap bytes of the benchmark process, counted by replacing the global operator
// new/delete (heap_counter_bench.cpp); used for the bytes-per-simulated-warp figure.
#pragma once

#include <cstddef>

namespace warpsim::bench {

size_t heap_live_bytes();
size_t heap_peak_bytes();
void heap_reset_peak();  // peak := live

}  // namespace warpsim::bench
