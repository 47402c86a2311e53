// Standard output that fails is an error, not output silently lost: `warpsim list gpus > /dev/full`
// or with stdout closed exits 1 with the reason, as a write error of any Unix tool does.
#pragma once

#include <string>

namespace warpsim::cli {

// Call first: std::cout then writes to descriptor 1 through a buffer that keeps why a write
// failed. With descriptor 1 closed, a file the command opens (`--out`, a report) could take its
// number and receive what is meant for stdout; /dev/null holds the number instead.
void guard_standard_output();

// Call last: flushes std::cout; "" when everything written to it arrived, else why not.
std::string standard_output_error();

}  // namespace warpsim::cli
