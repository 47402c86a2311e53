// Trace files: the binary and text forms read back as written, and a damaged file is an error
// that names the file (and the line of a text one), never a crash.
#include "trace/trace_io.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "common/user_error.h"
#include "isa/workload_parser.h"
#include "support/test_support.h"
#include "trace/trace_builder.h"

namespace warpsim {
namespace {

trace::MemoryTrace sample() {
  const config::HwConfig cfg = test::builtin("fermi");
  const isa::Kernel k = isa::parse_workload(R"(.array a 64MB
.array b 1MB
.launch threads_per_block=64 grid=fixed blocks=4
.loop 3
LD R1, [R0] ; array=a
LD R2, [R0] ; pattern=random array=b
ST [R0], R2 ; array=a
.endloop
BAR.SYNC 0x0
)",
                                            "t.wl");
  return trace::build_trace({&cfg, &k, 0, 7, 0});
}

void expect_same(const trace::MemoryTrace& a, const trace::MemoryTrace& b) {
  EXPECT_EQ(a.meta.gpu, b.meta.gpu);
  EXPECT_EQ(a.meta.seed, b.meta.seed);
  EXPECT_EQ(a.meta.traced_blocks, b.meta.traced_blocks);
  ASSERT_EQ(a.statics.size(), b.statics.size());
  for (size_t i = 0; i < a.statics.size(); ++i)
    EXPECT_EQ(a.statics[i].opcode + a.statics[i].array, b.statics[i].opcode + b.statics[i].array);
  EXPECT_EQ(a.warp_first, b.warp_first);
  EXPECT_EQ(a.sectors, b.sectors);
  ASSERT_EQ(a.entries.size(), b.entries.size());
  for (size_t i = 0; i < a.entries.size(); ++i) {
    EXPECT_EQ(a.entries[i].access, b.entries[i].access);
    EXPECT_EQ(a.entries[i].flags, b.entries[i].flags);
    EXPECT_EQ(a.entries[i].epoch, b.entries[i].epoch);
    EXPECT_EQ(a.entries[i].sectors, b.entries[i].sectors);
  }
}

TEST(TraceIo, BothFormsReadBackAsWritten) {
  const trace::MemoryTrace t = sample();
  ASSERT_GT(t.sectors.size(), 100u);
  for (bool text : {false, true}) {
    std::stringstream s;
    text ? trace::write_text(t, s) : trace::write_binary(t, s);
    expect_same(t, trace::read_trace(s, "t"));
  }
}

TEST(TraceIo, TheBinaryFormTakesAboutAByteASectorWhenAccessesCoalesce) {
  const trace::MemoryTrace t = sample();
  std::stringstream s;
  trace::write_binary(t, s);
  // 4 warps x 2 x 3 streaming accesses of one 128-byte line (4 sectors) plus 32 random sectors each:
  // the streaming sectors take 1 byte, a random one a few.
  EXPECT_LT(s.str().size(), t.sectors.size() * 4 + 1000);
}

void expect_error(const std::string& content, const std::string& what, int line) {
  std::stringstream s(content);
  try {
    trace::read_trace(s, "bad.trace");
    FAIL() << "no error for " << content;
  } catch (const UserError& e) {
    EXPECT_EQ(e.diagnostics().front().file, "bad.trace");
    EXPECT_EQ(e.diagnostics().front().line, line);
    EXPECT_NE(e.diagnostics().front().message.find(what), std::string::npos) << e.diagnostics().front().message;
  }
}

TEST(TraceIo, DamagedFilesAreErrorsThatNameTheFileAndLine) {
  const trace::MemoryTrace t = sample();
  std::stringstream bin, text;
  trace::write_binary(t, bin);
  trace::write_text(t, text);
  expect_error(bin.str().substr(0, bin.str().size() / 2), "ends in the middle", 0);
  expect_error("hello\n", "not a warpsim trace", 1);
  const std::string txt = text.str();
  const int lines = static_cast<int>(std::count(txt.begin(), txt.end(), '\n'));
  const size_t last = txt.rfind('\n', txt.size() - 2);
  expect_error(txt.substr(0, last + 1) + "0 + 0 12zz\n", "'12zz' is not a sector number in hex", lines);
  // Hex digits only: what stoull would also take (a sign, a 0x prefix) is no sector the writer printed.
  for (const std::string s : {"-1", "+40", "0x40", "11112222333344445"}) {
    const std::string said = "'" + s + "' is not a sector number in hex";
    expect_error(txt.substr(0, last + 1) + "0 + 0 " + s + "\n", said, lines);
  }
  expect_error("warpsim-trace 1 text\nmeta {\"gpu\": 1}\n", "not a trace header", 2);
  expect_error(txt + "warp 99\n", "expected 'warp 8'", lines + 1);
  expect_error(txt.substr(0, last + 1), "warp 7 holds 8 accesses where its 'warp' line announces 9", lines - 1);  // the last line cut off
  expect_error(txt.substr(0, last + 1) + "0 + 0 5 3\n", "sector 3 is not above the one before it", lines);
  std::string crlf;
  for (char c : txt) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  std::stringstream windows(crlf);
  expect_same(t, trace::read_trace(windows, "crlf.trace"));
  std::string big = txt;
  const std::string sms = "\"device_sms\":15";
  big.replace(big.find(sms), sms.size(), "\"device_sms\":2000000000");
  expect_error(big, "2000000000 is not an integer in 1..1024", 4);
  // A number nlohmann would cast to int with undefined behaviour (found by the fuzz target).
  std::string huge_pc = txt;
  huge_pc.replace(huge_pc.find("\"pc\":"), 5, "\"pc\":1e300,\"x\":");
  expect_error(huge_pc, "1e+300 is not an integer in 0..2147483647", 4);
  // What once read silently: a second header (its statics appended to the first's), a warp line
  // whose block numbering is not the header's, a header key given twice (the last won), and a
  // negative count or access number (wrapping to 2^64 - 1 in the message).
  const size_t meta_end = txt.find('\n', txt.find("\nmeta ") + 1) + 1;
  const std::string meta_line = txt.substr(txt.find("\nmeta ") + 1, meta_end - txt.find("\nmeta ") - 1);
  expect_error(txt.substr(0, meta_end) + meta_line + txt.substr(meta_end), "a second 'meta' line", 5);
  std::string renumbered = txt;
  renumbered.replace(renumbered.find("warp 1 block 0 warp_in_block 1"), 30, "warp 1 block 7 warp_in_block 3");
  expect_error(renumbered, "expected 'warp 1 block 0 warp_in_block 1' (2 warps a block, the header's)", 15);
  std::string twice = txt;
  twice.replace(twice.find("\"seed\":"), 7, "\"seed\":3,\"seed\":");
  expect_error(twice, "given twice", 4);
  std::string negative = txt;
  negative.replace(negative.find("accesses 9"), 10, "accesses -1");
  expect_error(negative, "the 'warp' line ends with 'accesses N'", 5);
  expect_error(txt.substr(0, last + 1) + "-1 + 0 5\n", "expected 'warp' or an access number, found '-1'", lines);
}

}  // namespace
}  // namespace warpsim
