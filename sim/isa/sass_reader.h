// Reads the text `cuobjdump -sass` and `nvdisasm` print for sm_70-sm_90: the functions of each
// architecture, each a list of instructions with its file line, address and labels, the
// addresses, encodings and control words stripped. What the instructions mean is sass_import's.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace warpsim::isa {

struct SassInstruction {
  int line = 0;          // 1-based line of the file
  int64_t address = -1;  // the offset cuobjdump prints as /*0070*/; -1 where the text has none
  std::string text;      // "@P0 LDG.E R2, [R2.64]": no ';', no encoding
};

struct SassFunction {
  std::string name;  // as printed: the mangled name
  std::string arch;  // "sm_80" from the `code for sm_80` line before it; "" when there is none
  int line = 0;      // where the function starts (its `Function :` line)
  std::vector<SassInstruction> code;
  std::map<std::string, int> labels;  // ".L_x_0" -> index into code (code.size(): the end)
};

struct SassDump {
  std::vector<SassFunction> functions;
};

// Every line that is neither an instruction nor a line of the dump's headers, labels or control
// words is an error naming file:line; all of them are reported together (UserError).
SassDump read_sass(const std::string& text, const std::string& file);

// Whether `text` is a SASS dump rather than the workload format: it holds a `code for sm_` or
// `Function :` line, or an instruction at /*0000*/.
bool looks_like_sass(const std::string& text);

}  // namespace warpsim::isa
