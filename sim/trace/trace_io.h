// Reading and writing memory traces (docs/trace-format.md). The binary form is compact: LEB128
// varints, each sector as the zigzag difference from the one before it, so a coalesced access
// costs about a byte a sector. The text form holds the same, a line per access, to read and edit.
#pragma once

#include <iosfwd>
#include <string>

#include "trace/memory_trace.h"

namespace warpsim::trace {

void write_binary(const MemoryTrace& t, std::ostream& out);
void write_text(const MemoryTrace& t, std::ostream& out);

// Reads either form (told apart by their first line). Throws UserError naming `path` and, for
// the text form, the line; `path` "-" is standard input.
MemoryTrace read_trace(const std::string& path);
MemoryTrace read_trace(std::istream& in, const std::string& name);

}  // namespace warpsim::trace
