#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "isa/workload_parser.h"
#include "isa/workloads.h"

namespace warpsim::isa {
namespace {

// Message of the UserError thrown by parsing `text`, or "" if it parses.
std::string error_of(const std::string& text, const ParamMap& overrides = {}) {
  try {
    parse_workload(text, "w.wl", overrides);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

bool reads(const Instruction& in, uint16_t reg) {
  for (int i = 0; i < in.nsrc; ++i)
    if (in.src[i] == reg) return true;
  return false;
}
bool writes(const Instruction& in, uint16_t reg) {
  for (int i = 0; i < in.ndst; ++i)
    if (in.dst[i] == reg) return true;
  return false;
}

}  // namespace

TEST(WorkloadParser, VectorAddMatchesListing3_5) {
  const Kernel k = load_workload("vector_add");
  ASSERT_EQ(k.code.size(), 12u);  // Volkov 2016 Listing 3.5
  EXPECT_EQ(k.code[6].opcode, "LD");
  EXPECT_EQ(k.code[6].cls, OpClass::Load);
  EXPECT_TRUE(writes(k.code[6], 3) && reads(k.code[6], 3));                         // LD R3, [R3]
  EXPECT_TRUE(writes(k.code[9], 3) && reads(k.code[9], 3) && reads(k.code[9], 0));  // FADD R3, R3, R0
  EXPECT_EQ(k.code[10].cls, OpClass::Store);
  EXPECT_TRUE(reads(k.code[10], 2) && reads(k.code[10], 3));  // ST [R2], R3: address and data
  EXPECT_EQ(k.code[10].ndst, 0);
  EXPECT_EQ(k.arrays.size(), 3u);
  EXPECT_EQ(k.accesses[k.code[10].access].array, 2);  // c
}

TEST(WorkloadParser, ConstantsSpecialRegistersAndImmediatesCarryNoDependency) {
  const Kernel k = parse_workload("IMAD R2, R0, c[0x0][0x28], R3\nS2R R3, SR_TID.X\nISCADD R3, R2, c[0x0][0x140], 0x2\n", "w.wl");
  EXPECT_EQ(k.code[0].nsrc, 2);  // R0 and R3 only
  EXPECT_EQ(k.code[1].nsrc, 0);
  EXPECT_EQ(k.code[2].nsrc, 1);
  EXPECT_EQ(k.code.back().opcode, "EXIT");  // appended
}

TEST(WorkloadParser, PredicatesAreRegistersAndSetpWritesTwo) {
  const Kernel k = parse_workload("FSETP.GEU.AND P0, PT, R3, RZ, PT\n@!P0 FADD R1, R1, R2\n", "w.wl");
  EXPECT_EQ(k.code[0].ndst, 1);  // P0 (PT is not a register)
  EXPECT_TRUE(writes(k.code[0], kPredicateBase));
  EXPECT_TRUE(reads(k.code[1], kPredicateBase));
}

TEST(WorkloadParser, ParamsIfRepeatAndLoopsExpand) {
  const std::string text =
      ".param n 3\n.param mode fast\n.loop 10\n.repeat ${n}\nFADD R1, R1, R2\n.endrepeat\n"
      ".if mode==fast\nMUFU.RSQ R1, R1\n.else\nLDS R1, [R1]\n.endif\n.endloop\n";
  const Kernel fast = parse_workload(text, "w.wl");
  EXPECT_EQ(fast.code.size(), 5u);  // 3 FADD + MUFU + EXIT
  ASSERT_EQ(fast.loops.size(), 1u);
  EXPECT_EQ(fast.loops[0].count, 10);
  const InstructionMix mix = instruction_mix(fast);
  EXPECT_EQ(mix.count(OpClass::Alu), 30);
  EXPECT_EQ(mix.count(OpClass::Sfu), 10);
  EXPECT_EQ(mix.total, 41);
  const Kernel slow = parse_workload(text, "w.wl", {{"mode", "slow"}, {"n", "1"}});
  EXPECT_EQ(instruction_mix(slow).count(OpClass::Smem), 10);
  EXPECT_EQ(instruction_mix(slow).count(OpClass::Alu), 10);
}

TEST(WorkloadParser, NestedLoopsMultiply) {
  const Kernel k = parse_workload(".loop 4\n.loop 5\nFADD R1, R1, R2\n.endloop\nMOV R3, R1\n.endloop\n", "w.wl");
  EXPECT_EQ(instruction_mix(k).count(OpClass::Alu), 4 * 5 + 4);
}

TEST(WorkloadParser, AccessAttributesParse) {
  const Kernel k = parse_workload(".array a 64MB\nLD R1, [R1] ; pattern=stride:2 bytes=8 array=a threads=16\n", "w.wl");
  const AccessPattern& ap = k.accesses[k.code[0].access];
  EXPECT_EQ(ap.kind, AccessKind::Stride);
  EXPECT_EQ(ap.param, 2);
  EXPECT_EQ(ap.bytes, 8);
  EXPECT_EQ(ap.active_threads, 16);
  EXPECT_EQ(k.arrays[0].bytes, 64ull << 20);
}

TEST(WorkloadParser, AGuardedExitIsNotTakenSoInstructionsMayFollowIt) {
  const Kernel k = parse_workload("ISETP.GE.AND P0, PT, R0, R1, PT\n@P0 EXIT\nFADD R1, R1, R2\n", "w.wl");
  ASSERT_EQ(k.code.size(), 4u);  // the final EXIT is appended after the FADD
  EXPECT_TRUE(k.code[1].predicated);
  EXPECT_EQ(k.code[3].opcode, "EXIT");
  EXPECT_FALSE(k.code[3].predicated);
  EXPECT_FALSE(parse_workload("@PT EXIT\n", "w.wl").code[0].predicated);  // PT: always true, no guard
  EXPECT_NE(error_of("EXIT\nFADD R1, R1, R2\n").find("w.wl:1: EXIT before the end of the kernel"), std::string::npos);
}

TEST(WorkloadParser, ASizeModifierSetsTheBytesPerThreadAndTheRegistersItSpans) {
  const Kernel k = parse_workload("LDG.E.128 R4, [R2.64]\nLDS.U16 R8, [R0]\nSTG.E.64 [R2.64], R4\nLD R9, [R2]\n", "w.wl");
  EXPECT_EQ(k.accesses[k.code[0].access].bytes, 16);
  EXPECT_EQ(k.code[0].ndst, 4);      // R4..R7
  EXPECT_TRUE(reads(k.code[0], 3));  // the address pair R2:R3
  EXPECT_EQ(k.accesses[k.code[1].access].bytes, 2);
  EXPECT_EQ(k.accesses[k.code[2].access].bytes, 8);
  EXPECT_TRUE(reads(k.code[2], 5));
  EXPECT_EQ(k.accesses[k.code[3].access].bytes, 4);
  EXPECT_NE(
      error_of("LDG.E.64 R4, [R2.64] ; bytes=4\n").find("w.wl:1: LDG.E.64: bytes=4 contradicts the opcode's size, 8 bytes per thread"),
      std::string::npos);
  EXPECT_NE(error_of("LDG.E.128 R252, [R2.64]\n").find("register 'R252' starts a pair or quad past R254"), std::string::npos);
}

TEST(WorkloadParser, InterleaveSplitsTheSweepAndRejectsBadValues) {
  const Kernel k = parse_workload("LD R1, [R1] ; pattern=stream interleave=1/3\n", "w.wl");
  const AccessPattern& ap = k.accesses[k.code[0].access];
  EXPECT_EQ(ap.interleave_index, 1);
  EXPECT_EQ(ap.interleave_count, 3);
  for (const char* bad : {"3/3", "-1/2", "1/0", "1/1025", "2", "a/b"})
    EXPECT_NE(error_of(std::string("LD R1, [R1] ; interleave=") + bad + "\n").find("w.wl:1: interleave: interleave must be R/K"),
              std::string::npos)
        << bad;
}

TEST(WorkloadParser, ErrorsNameFileAndLine) {
  EXPECT_NE(error_of("FADD R1, R1, R2\nFADDD R1, R1, R2\n").find("w.wl:2: unknown opcode 'FADDD' (did you mean 'FADD'?)"),
            std::string::npos);
  EXPECT_NE(error_of("\n.lop 3\n").find("w.wl:2: unknown directive '.lop'"), std::string::npos);
  EXPECT_NE(error_of(".loop 3\nFADD R1, R1, R2\n").find("w.wl:1: .loop without .endloop"), std::string::npos);
  EXPECT_NE(error_of(".loop 3\n.endloop\nEXIT\n").find("w.wl:1: empty loop"), std::string::npos);
  // A body whose only line failed is reported at that line, not again as an empty loop.
  EXPECT_EQ(error_of(".loop 3\nLD R1, [R1] ; pattern=stride:0\n.endloop\nEXIT\n").find("empty loop"), std::string::npos);
  EXPECT_NE(error_of("FADD R1, R1, R2\n.endloop\n").find("w.wl:2: .endloop without .loop"), std::string::npos);
  EXPECT_NE(error_of("LD R1, [R1] ; pattern=zigzag\n").find("w.wl:1: pattern: unknown pattern 'zigzag'"), std::string::npos);
  EXPECT_NE(error_of("FADD R1, R1, R2 ; pattern=stream\n").find("w.wl:1: FADD: attributes"), std::string::npos);
  EXPECT_NE(error_of("FADD R999, R1, R2\n").find("w.wl:1: bad register 'R999'"), std::string::npos);
  EXPECT_NE(error_of("LD R1, R2\n").find("w.wl:1: LD needs a memory operand"), std::string::npos);
  // Malformed operand lists drop no dependency silently.
  EXPECT_NE(error_of("FADD R1, R1,, R2\n").find("w.wl:1: empty operand"), std::string::npos);
  EXPECT_NE(error_of("FADD R1, R1, R2,\n").find("w.wl:1: empty operand"), std::string::npos);
  EXPECT_NE(error_of("FADD R1, R1 R2\n").find("w.wl:1: missing comma in operand 'R1 R2'"), std::string::npos);
  EXPECT_NE(error_of("LD R1, [R2\n").find("w.wl:1: unbalanced '['"), std::string::npos);
  EXPECT_NE(error_of("LD R1, R2]\n").find("w.wl:1: unbalanced ']'"), std::string::npos);
  // Spaces inside brackets are an address expression, not a missing comma.
  EXPECT_EQ(parse_workload("LD R1, [R2 + 0x10]\n", "w.wl").code[0].nsrc, 1);
  EXPECT_NE(error_of(".repeat ${nope}\nNOP\n.endrepeat\n").find("unknown parameter 'nope'"), std::string::npos);
  EXPECT_NE(error_of("EXIT\nFADD R1, R1, R2\n").find("w.wl:1: EXIT before the end"), std::string::npos);
  // A line that was only an unknown parameter (it crashed the parser) and unrolling without end.
  EXPECT_NE(error_of("FADD R1, R1, R2\n${nope}").find("w.wl:2: nope: unknown parameter 'nope'"), std::string::npos);
  const std::string unrolled = error_of(".repeat 99999999999\nNOP\n.endrepeat\n");
  EXPECT_NE(unrolled.find("w.wl:1: .repeat: 99999999999 copies unroll past"), std::string::npos);
  EXPECT_EQ(unrolled.find("no instructions"), std::string::npos) << unrolled;  // one error, not a follow-on
  const std::string only_line_bad = error_of("FADDD R1, R1, R1\n");
  EXPECT_NE(only_line_bad.find("w.wl:1: unknown opcode 'FADDD'"), std::string::npos) << only_line_bad;
  EXPECT_EQ(only_line_bad.find("no instructions"), std::string::npos) << only_line_bad;  // it had one; it failed
  EXPECT_NE(
      error_of(".repeat 1048576\n.repeat 2\nNOP\n.endrepeat\n.endrepeat\n").find("w.wl:3: the kernel unrolls past 1048576 instructions"),
      std::string::npos);
  EXPECT_NE(error_of("FADD R1, R1, R2\n", {{"alpha", "2"}}).find("<--param>: alpha: workload 'w.wl' has no parameter 'alpha'"),
            std::string::npos);
}

TEST(WorkloadParser, ACommentMarkInsideQuotesIsText) {
  const Kernel k = parse_workload(".description \"a[i] # b // c\"  # the comment\nFADD R1, R1, R2 // another\n", "w.wl");
  EXPECT_EQ(k.description, "a[i] # b // c");
  EXPECT_EQ(k.code.size(), 2u);  // FADD and the appended EXIT
}

TEST(WorkloadParser, ParamWithDeclaredValuesTakesOnlyThose) {
  const std::string text = ".param mode fast fast|slow\n.if mode==slow\nFADD R1, R1, R2\n.endif\nFADD R1, R1, R2\n";
  EXPECT_EQ(parse_workload(text, "w.wl", {{"mode", "slow"}}).code.size(), parse_workload(text, "w.wl").code.size() + 1);
  // A typo would silently take the .else branch: it is an error naming the values.
  EXPECT_NE(error_of(text, {{"mode", "slwo"}}).find("<--param>: mode: 'slwo' is not one of fast, slow"), std::string::npos);
  EXPECT_NE(error_of(".param mode quick fast|slow\nNOP\n").find("w.wl:1: mode: 'quick' is not one of fast, slow"), std::string::npos);
  EXPECT_THROW(load_workload("permute", {{"permutation", "bogus"}}), UserError);  // the built-in kernels declare theirs
}

TEST(WorkloadParser, LaunchValuesMustFitTheirFields) {
  // 2^32 + 1 threads once wrapped to a 1-thread block without a word.
  EXPECT_NE(error_of(".launch threads_per_block=4294967297\nNOP\n").find("w.wl:1: threads_per_block: expected an integer in [0, 65536]"),
            std::string::npos);
  EXPECT_NE(error_of(".launch registers_per_thread=100000\nNOP\n").find("w.wl:1: registers_per_thread: expected an integer in [0, 65536]"),
            std::string::npos);
  EXPECT_NE(error_of(".launch blocks_per_slot=0\nNOP\n").find("w.wl:1: blocks_per_slot: expected an integer in [1, "), std::string::npos);
  EXPECT_EQ(parse_workload(".launch threads_per_block=256\nNOP\n", "w.wl").launch.line, 1);
  EXPECT_NE(error_of(".array a 1B\nLD.128 R4, [R2] ; pattern=random\n")
                .find("w.wl:1: .array: array 'a' of 1 bytes is less than one 128-byte line"),
            std::string::npos);
  // Each key once, as every other directive's keys: the last one does not silently win.
  EXPECT_NE(error_of(".kernel x\n.launch grid=fixed blocks=4 blocks=8\nFADD R1, R1, R1\n").find("w.wl:2: blocks: 'blocks' is given twice"),
            std::string::npos);
}

TEST(WorkloadParser, AllErrorsOfOnePassAreReported) {
  const std::string e = error_of("FOO R1\nBAR2 R1\n.nope\n");
  EXPECT_NE(e.find("w.wl:1"), std::string::npos);
  EXPECT_NE(e.find("w.wl:2"), std::string::npos);
  EXPECT_NE(e.find("w.wl:3"), std::string::npos);
}

}  // namespace warpsim::isa

namespace warpsim::isa {

// A loop nested in a `.loop 0` goes with it: before, its record stayed behind and repeated
// whatever instruction came next at its place.
TEST(WorkloadParser, ALoopInsideAZeroCountLoopLeavesNothingBehind) {
  const Kernel k = parse_workload(".kernel z\n.loop 0\n.loop 1000\nFADD R1, R1, R2\n.endloop\n.endloop\nMUFU.RSQ R3, R3\n", "z.wl", {});
  ASSERT_FALSE(k.code.empty());
  EXPECT_EQ(k.code[0].opcode, "MUFU.RSQ");
  EXPECT_TRUE(k.loops.empty());
  EXPECT_EQ(instruction_mix(k).total, static_cast<int64_t>(k.code.size()));  // each instruction once
}

// Nested counts whose product would overflow the execution counts (and then pass the device's
// work guard as a negative or tiny number) are refused at the line of the loop that crosses.
TEST(WorkloadParser, ALoopNestRunningItsBodyPastAnyFeasibleRunIsRefused) {
  EXPECT_NE(
      error_of(".kernel k\n.loop 9223372036854775807\nFADD R1, R1, R2\n.endloop\n").find("w.wl:2: .loop: the loop nest runs its body"),
      std::string::npos);
  EXPECT_NE(error_of(".kernel k\n.loop 1000000000\n.loop 1000000000\n.loop 1000000000\nFADD R1, R1, R2\n.endloop\n.endloop\n.endloop\n")
                .find("w.wl:3: .loop: the loop nest runs its body"),
            std::string::npos);
  EXPECT_EQ(error_of(".kernel k\n.loop 1000000\n.loop 1000000\nFADD R1, R1, R2\n.endloop\n.endloop\n"), "");
}

TEST(WorkloadParser, AFixedGridNeedsItsBlocksAndBlocksContradictAnotherGrid) {
  EXPECT_NE(error_of(".kernel k\n.launch grid=fixed\nFADD R1, R1, R2\n").find("w.wl:2: blocks: grid=fixed needs"), std::string::npos);
  EXPECT_NE(error_of(".kernel k\n.launch blocks=4 grid=oversubscribed\nFADD R1, R1, R2\n")
                .find("w.wl:2: grid: grid=oversubscribed contradicts blocks=4"),
            std::string::npos);
  EXPECT_EQ(error_of(".kernel k\n.launch grid=fixed blocks=4\nFADD R1, R1, R2\n"), "");
  EXPECT_EQ(error_of(".kernel k\n.launch blocks=4\nFADD R1, R1, R2\n"), "");
  // A device grid (a measured grid's size) is an oversubscribed launch's.
  EXPECT_EQ(error_of(".kernel k\n.launch device_blocks=16384\nFADD R1, R1, R2\n"), "");
  EXPECT_NE(error_of(".kernel k\n.launch grid=persistent device_blocks=16384\nFADD R1, R1, R2\n")
                .find("w.wl:2: device_blocks: device_blocks=16384 applies to grid=oversubscribed (the grid here is persistent)"),
            std::string::npos);
  EXPECT_NE(error_of(".kernel k\n.launch blocks=4 device_blocks=16\nFADD R1, R1, R2\n").find("w.wl:2: device_blocks:"), std::string::npos);
}

// The example at the top of docs/workload-format.md is what users copy first: it must parse.
TEST(WorkloadParser, TheExampleOfTheFormatDocumentParses) {
  std::ifstream in(data_dir("docs") / "workload-format.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  const size_t open = text.find("```\n"), close = text.find("```", open + 4);
  ASSERT_NE(open, std::string::npos);
  ASSERT_NE(close, std::string::npos);
  const Kernel k = parse_workload(text.substr(open + 4, close - open - 4), "workload-format.md", {});
  EXPECT_EQ(k.name, "vector_add_short");
  EXPECT_EQ(instruction_mix(k).total, 7);
}

// A second .kernel, .launch or .param must not replace the first without a word, and a
// byte-order mark must not make the first line an "unknown opcode".
TEST(WorkloadParser, ADirectiveGivenTwiceIsAnErrorAtItsSecondLine) {
  EXPECT_NE(error_of(".kernel a\n.kernel b\nNOP\n").find("w.wl:2: .kernel: .kernel given twice (first at line 1)"), std::string::npos);
  EXPECT_NE(error_of(".launch grid=persistent\nNOP\n.launch grid=oversubscribed\n")
                .find("w.wl:3: .launch: .launch given twice (first at line 1)"),
            std::string::npos);
  EXPECT_NE(error_of(".param n 4\n.param n 8\nNOP\n").find("w.wl:2: .param: parameter 'n' declared twice (first at line 1)"),
            std::string::npos);
  // One line that a .repeat copies is given once.
  EXPECT_EQ(error_of(".repeat 2\n.kernel k\nNOP\n.endrepeat\n"), "");
}

TEST(WorkloadParser, AByteOrderMarkIsNotPartOfTheFirstLine) {
  const Kernel k = parse_workload("\xEF\xBB\xBF.kernel bom\nNOP\n", "w.wl");
  EXPECT_EQ(k.name, "bom");
}

TEST(WorkloadParser, ArraySizesTakeBinaryUnitsAndRefuseOverflow) {
  EXPECT_EQ(parse_workload(".array a 512mb\nNOP\n", "w.wl").arrays.at(0).bytes, uint64_t{512} << 20);
  EXPECT_EQ(parse_workload(".array a 4096B\nNOP\n", "w.wl").arrays.at(0).bytes, 4096u);
  EXPECT_NE(error_of(".array a 99999999999GB\nNOP\n").find("expected a size like 512MB"), std::string::npos);
  EXPECT_EQ(parse_workload(".array a 2tb\nNOP\n", "w.wl").arrays.at(0).bytes, uint64_t{2} << 40);
}

// Arrays sit back to back from 1 GiB boundaries: five of 4 EB once wrapped around 2^64 and one
// array's loads hit another's cached lines. They must fit the 49-bit address space together.
TEST(WorkloadParser, ArraysPastTheAddressSpaceAreAnErrorAtTheLineThatCrossesIt) {
  EXPECT_EQ(error_of(".array a 256TB\n.array b 255TB\nNOP\n"), "");
  const std::string err = error_of(".array a 256TB\n.array b 256TB\nLD R1, [R2] ; pattern=stream array=b\nNOP\n");
  EXPECT_NE(err.find("w.wl:2: .array: array 'b' (281474976710656 bytes) takes the arrays past the GPU's 512 TB virtual address space"),
            std::string::npos)
      << err;
  EXPECT_EQ(err.find("unknown array"), std::string::npos) << err;  // the line naming it is not an error of its own
  EXPECT_NE(error_of(".array a 4194304TB\nNOP\n").find("w.wl:1: .array: array 'a'"), std::string::npos);
}

}  // namespace warpsim::isa
