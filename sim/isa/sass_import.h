// Importing SASS (`cuobjdump -sass` / `nvdisasm` text of sm_70-sm_90) as a workload: one function
// becomes the workload text of docs/workload-format.md (so it can be read, edited and run as a
// .wl), and `--workload FILE.sass` runs that text directly. The import's options are workload
// parameters: function, arch, trip_count, patterns (docs/workload-format.md, "SASS").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "isa/kernel.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

struct SassOptions {
  std::string function;               // its name, or a part of it only one function has; "": the only one
  std::string arch;                   // "sm_90": which architecture's code, when the dump holds several
  std::optional<int64_t> trip_count;  // the trip count of every loop the patterns file gives none
  std::string patterns;               // the side file (sass_patterns.h); "": none
};

// The options from workload parameters; an unknown key or a bad value is a UserError.
SassOptions sass_options(const ParamMap& params);

// The workload text of the function `o` selects from the SASS `text` read from `file`. Every
// line that cannot be modelled is named with file:line, all of them together (UserError).
std::string import_sass(const std::string& text, const std::string& file, const SassOptions& o);

// Whether the file at `path` is SASS: its name ends in .sass, or its text is a dump (sass_reader.h).
bool is_sass_file(const std::string& path);

// The kernel of a SASS file with the parameters above: the imported text, parsed, each
// instruction carrying its line in the SASS file.
Kernel load_sass_workload(const std::string& path, const ParamMap& params);
std::string sass_workload_text(const std::string& path, const ParamMap& params);

}  // namespace warpsim::isa
