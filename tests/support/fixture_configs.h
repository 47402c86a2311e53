// Small HwConfigs built in code for unit tests of mechanisms, independent of hw_configs/*.yaml
// (the tests of the seeds' tables load the built-in files instead).
#pragma once

#include "config/hw_config.h"

namespace warpsim::test {

// A Maxwell-like SM (Volkov 2016 Tables 2.5-2.8, 6.2), fixed-latency memory.
config::HwConfig maxwell_like();
// A Kepler-like SM (GTX 680: 4 schedulers x 48 cores, 48 KB shared memory, 16 blocks).
config::HwConfig kepler_like();

}  // namespace warpsim::test
