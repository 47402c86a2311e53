// Which function of a SASS dump an import takes (--function, --arch), and the names a function
// is known by: mangled as the dump prints it, demangled, and short for the workload's `.kernel`.
#pragma once

#include <string>

#include "isa/sass_reader.h"

namespace warpsim::isa {

// The function whose name is `function` or holds it (mangled or demangled, blanks ignored) in the
// code for `arch`; "" selects the only one. No match, or several, is a UserError naming them.
const SassFunction& select_sass_function(const SassDump& dump, const std::string& function, const std::string& arch,
                                         const std::string& file);

std::string demangled_name(const std::string& mangled);  // the name itself when it is no C++ name
std::string kernel_name(const std::string& mangled);     // "chase_kernel<0,1,false>": no scope, parameters or blanks

}  // namespace warpsim::isa
