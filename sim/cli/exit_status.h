// A subcommand that completed but must end with a status other than 0 (`warpsim validate` with a
// failing case exits 1) throws this after writing its output; main returns the status.
#pragma once

namespace warpsim::cli {

struct ExitStatus {
  int status = 0;
};

}  // namespace warpsim::cli
