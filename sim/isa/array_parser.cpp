// The `.array NAME [SIZE]` directive of the workload text format (docs/workload-format.md): the
// array's name and its size, which the access patterns place their words in.
#include <fmt/format.h>

#include "common/text.h"
#include "isa/workload_parser.h"

namespace warpsim::isa {

KeyedError parse_array(const std::vector<std::string>& words, ArraySpec& out) {
  if (words.empty() || words.size() > 2) return {".array", "expected `.array NAME [SIZE]` (SIZE like 512MB)"};
  out = ArraySpec{words[0], 512ull << 20};
  if (words.size() == 1) return {};
  const auto size = parse_byte_size(words[1]);
  if (!size) return {".array", fmt::format("expected a size like 512MB (B, KB, MB, GB or TB), found '{}'", words[1])};
  // At least a line: what the access patterns place their words in, and memloop's own floor.
  if (*size < 128) return {".array", fmt::format("array '{}' of {} bytes is less than one 128-byte line", words[0], *size)};
  out.bytes = *size;
  return {};
}

}  // namespace warpsim::isa
