// A CPU stand-in for the Gpu of suite_api.h, so the whole driver (planning, launches, chain checks,
// metrics, rows, CSV) runs and is tested on machines without a GPU. It follows the pointer chains
// in host memory exactly as the kernels do and invents warp timestamps from a simple schedule:
// blocks start in waves of the resident blocks per SM the occupancy allows. Its numbers are not
// measurements; only the plumbing is real.
#pragma once

namespace warpsim::microbench::dryrun {

// Makes every later chase run end one entry short, to test that the chain check catches it.
void corrupt_chains(bool on);

}  // namespace warpsim::microbench::dryrun
