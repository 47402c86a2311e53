#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "common/data_paths.h"
#include "common/user_error.h"
#include "isa/sass_import.h"
#include "isa/workload_parser.h"
#include "support/test_support.h"

namespace warpsim::isa {
namespace {

// One sm_80 function as `cuobjdump -sass` prints it: `lines` are instructions at 0x0000, 0x0010,
// ... each followed by its control-word line, or labels (".L_x_0:").
std::string dump(const std::vector<std::string>& lines, const std::string& name = "_Z1kPf") {
  std::string out = "\tcode for sm_80\n\t\tFunction : " + name + "\n";
  int address = 0;
  for (const std::string& l : lines) {
    if (l.ends_with(":")) {
      out += l + "\n";
      continue;
    }
    out += fmt::format("        /*{:04x}*/                   {} ;   /* 0x0000000000007947 */\n", address, l);
    out += "                                                      /* 0x000fc0000383ffff */\n";
    address += 0x10;
  }
  return out + "\t\t..........\n";
}

// The line of `text` that holds `needle` (1-based).
int line_of(const std::string& text, const std::string& needle) {
  const size_t at = text.find(needle);
  return at == std::string::npos ? -1 : static_cast<int>(std::count(text.begin(), text.begin() + at, '\n')) + 1;
}

SassOptions trips(int64_t n) {
  SassOptions o;
  o.trip_count = n;
  return o;
}

Kernel import(const std::string& text, const SassOptions& o = {}) { return parse_workload(import_sass(text, "k.sass", o), "k.sass"); }

// The diagnostics of importing `text`; none if it imports.
std::vector<Diagnostic> errors_of(const std::string& text, const SassOptions& o = {}) {
  try {
    import_sass(text, "k.sass", o);
  } catch (const UserError& e) {
    return e.diagnostics();
  }
  return {};
}

bool reads(const Instruction& in, uint16_t reg) {
  return std::find(in.src.begin(), in.src.begin() + in.nsrc, reg) != in.src.begin() + in.nsrc;
}
bool writes(const Instruction& in, uint16_t reg) {
  return std::find(in.dst.begin(), in.dst.begin() + in.ndst, reg) != in.dst.begin() + in.ndst;
}

std::vector<std::string> opcodes(const Kernel& k) {
  std::vector<std::string> out;
  for (const Instruction& in : k.code) out.push_back(in.opcode);
  return out;
}

// The sm_80 shapes the issue lists as rejected: a bounds check, a uniform descriptor, a loop
// closed by a backward branch, the final branch to itself and its padding.
const std::vector<std::string> kLoopKernel{"S2R R0, SR_TID.X",
                                           "ISETP.GE.AND P0, PT, R0, c[0x0][0x168], PT",
                                           "@P0 EXIT",
                                           "ULDC.64 UR4, c[0x0][0x118]",
                                           "MOV R6, RZ",
                                           ".L_x_0:",
                                           "IADD3 R6, R6, 0x1, RZ",
                                           "LDG.E.128 R8, [R2.64]",
                                           "FADD R8, R8, R11",
                                           "ISETP.GE.AND P1, PT, R6, c[0x0][0x16c], PT",
                                           "@!P1 BRA `(.L_x_0)",
                                           "STG.E [R2.64], R8",
                                           "EXIT",
                                           ".L_x_1:",
                                           "BRA `(.L_x_1)",
                                           "NOP",
                                           "NOP"};

}  // namespace

TEST(SassImport, ACuobjdumpDumpBecomesAKernelWithItsLoop) {
  const Kernel k = import(dump(kLoopKernel), trips(7));
  EXPECT_EQ(opcodes(k), (std::vector<std::string>{"S2R", "ISETP.GE.AND", "EXIT", "ULDC.64", "MOV", "IADD3", "LDG.E.128", "FADD",
                                                  "ISETP.GE.AND", "BRA", "STG.E", "EXIT"}));
  ASSERT_EQ(k.loops.size(), 1u);
  EXPECT_EQ(k.loops[0].begin, 5);  // IADD3 .. the backward BRA, which issues in every trip
  EXPECT_EQ(k.loops[0].end, 9);
  EXPECT_EQ(k.loops[0].count, 7);
  EXPECT_EQ(instruction_mix(k).total, 5 + 5 * 7 + 2);
}

TEST(SassImport, AGuardedExitIsNotTakenAndTheWarpRunsOn) {
  const Kernel k = import(dump(kLoopKernel), trips(7));
  EXPECT_TRUE(k.code[2].predicated);
  EXPECT_TRUE(reads(k.code[2], kPredicateBase));  // it waits for the ISETP like any guarded instruction
  EXPECT_FALSE(k.code.back().predicated);
}

TEST(SassImport, UniformDatapathInstructionsTakeAnIssueSlotAndNoRegister) {
  const Kernel k = import(dump({"ULDC.64 UR4, c[0x0][0x118]", "LDG.E R2, desc[UR4][R2.64]", "EXIT"}));
  EXPECT_EQ(k.code[0].cls, OpClass::Control);
  EXPECT_EQ(k.code[0].ndst + k.code[0].nsrc, 0);
  EXPECT_EQ(k.code[1].nsrc, 2);  // the 64-bit address R2:R3; UR4 is no dependency
  EXPECT_TRUE(reads(k.code[1], 3));
}

TEST(SassImport, WideAccessesSetBytesAndRegisterPairsAndQuads) {
  const Kernel k =
      import(dump({"LDG.E.64 R4, [R2.64]", "LDG.E.128 R8, [R2.64+0x10]", "STG.E.128 [R2.64], R8", "LDS.U8 R12, [R0]", "EXIT"}));
  EXPECT_EQ(k.accesses[k.code[0].access].bytes, 8);
  EXPECT_EQ(k.accesses[k.code[1].access].bytes, 16);
  EXPECT_EQ(k.accesses[k.code[2].access].bytes, 16);
  EXPECT_EQ(k.accesses[k.code[3].access].bytes, 1);
  EXPECT_TRUE(writes(k.code[0], 5));
  EXPECT_EQ(k.code[1].ndst, 4);
  EXPECT_TRUE(writes(k.code[1], 11));
  EXPECT_EQ(k.code[2].nsrc, 6);  // R2, R3 and R8..R11
  EXPECT_TRUE(reads(k.code[2], 11));
}

// Loaded from a file, the kernel's lines are the SASS file's: a loop's is its closing branch (where
// a later error about it, such as a grid too long to simulate, points), the import's own header none.
TEST(SassImport, ALoadedKernelsLinesAreTheSassFilesLines) {
  const std::string text = dump(kLoopKernel);
  const std::string path = test::write_temp_file("loop.sass", text);
  const Kernel k = load_sass_workload(path, {{"trip_count", "7"}});
  ASSERT_EQ(k.loops.size(), 1u);
  EXPECT_EQ(k.loops[0].line, line_of(text, "@!P1 BRA"));
  EXPECT_EQ(k.code[k.loops[0].end].line, line_of(text, "@!P1 BRA"));
  EXPECT_EQ(k.code[0].line, line_of(text, "S2R"));
  EXPECT_EQ(k.launch.line, 0);
}

TEST(SassImport, ALoopWithoutATripCountIsNamedAtItsBranch) {
  const std::string text = dump(kLoopKernel);
  const auto e = errors_of(text);
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].line, line_of(text, "@!P1 BRA"));
  EXPECT_NE(e[0].message.find("needs a trip count: --trip-count N, or `0x0090 trips=N`"), std::string::npos) << e[0].message;
}

TEST(SassImport, AGuardedExitInsideALoopIsAnError) {
  const std::string text = dump({".L_x_0:", "FADD R1, R1, R2", "@P0 EXIT", "@!P1 BRA `(.L_x_0)", "EXIT"});
  const auto e = errors_of(text, trips(4));
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].line, line_of(text, "@P0 EXIT"));
  EXPECT_NE(e[0].message.find("EXIT inside the loop"), std::string::npos) << e[0].message;
}

TEST(SassImport, EveryLineItCannotModelIsNamedTogether) {
  const std::string text = dump({"FADD R1, R1, R2", "TEX R4, R4, R6, R8", "FROB R1, R2", "HMMA.16816.F32 R4, R8, R12, R4", "EXIT"});
  const auto e = errors_of(text);
  ASSERT_EQ(e.size(), 3u);
  EXPECT_EQ(e[0].line, line_of(text, "TEX"));
  EXPECT_NE(e[0].message.find("TEX cannot be simulated: texture and surface instructions are not modelled"), std::string::npos)
      << e[0].message;
  EXPECT_EQ(e[1].line, line_of(text, "FROB"));
  EXPECT_NE(e[1].message.find("unknown opcode 'FROB'"), std::string::npos);
  EXPECT_EQ(e[2].line, line_of(text, "HMMA"));
  EXPECT_NE(e[2].message.find("tensor-core"), std::string::npos);
}

TEST(SassImport, ShuffleAtomicsAndAsyncCopiesRunOnTheirUnits) {
  const Kernel k =
      import(dump({"SHFL.BFLY PT, R3, R2, 0x1, 0x1f", "ATOMG.E.ADD.STRONG.GPU PT, R4, [R6.64], R5", "RED.E.ADD.STRONG.GPU [R6.64], R5",
                   "LDGSTS.E.BYPASS.LTC128B.128 [R9], [R6.64]", "LDGDEPBAR", "DEPBAR.LE SB0, 0x0", "EXIT"}));
  EXPECT_EQ(k.code[0].cls, OpClass::Smem);  // the shared-memory crossbar, no address
  EXPECT_TRUE(writes(k.code[0], 3));
  EXPECT_EQ(k.code[1].cls, OpClass::Load);  // its old value returns as a load's does
  EXPECT_TRUE(writes(k.code[1], 4));
  EXPECT_EQ(k.code[2].cls, OpClass::Store);
  EXPECT_EQ(k.code[3].cls, OpClass::Load);
  EXPECT_EQ(k.accesses[k.code[3].access].bytes, 16);
  EXPECT_TRUE(writes(k.code[3], kScoreboardBase));  // the copy completes on SB0 ...
  EXPECT_TRUE(reads(k.code[5], kScoreboardBase));   // ... which DEPBAR waits for
}

TEST(SassImport, AGuardedForwardBranchFallsThroughAndAnUnguardedOneJumps) {
  // start_words of the chase kernels: a.starts ? load : compute
  const Kernel k = import(
      dump({"@!P0 BRA `(.L_x_0)", "LDG.E R4, [R2.64]", "BRA `(.L_x_1)", ".L_x_0:", "IMAD R4, R7, c[0x0][0x170], R4", ".L_x_1:", "EXIT"}));
  EXPECT_EQ(opcodes(k), (std::vector<std::string>{"BRA", "LDG.E", "BRA", "EXIT"}));
}

TEST(SassImport, ABranchIntoOrOutOfALoopIsAnError) {
  const std::string into = dump({"BRA `(.L_x_1)", ".L_x_0:", "FADD R1, R1, R2", ".L_x_1:", "FADD R1, R1, R2", "@P0 BRA `(.L_x_0)", "EXIT"});
  ASSERT_EQ(errors_of(into, trips(2)).size(), 1u);
  EXPECT_NE(errors_of(into, trips(2))[0].message.find("into the middle of the loop"), std::string::npos);
  const std::string out = dump({".L_x_0:", "FADD R1, R1, R2", "BRA `(.L_x_1)", "@P0 BRA `(.L_x_0)", ".L_x_1:", "EXIT"});
  ASSERT_EQ(errors_of(out, trips(2)).size(), 1u);
  EXPECT_NE(errors_of(out, trips(2))[0].message.find("out of the loop"), std::string::npos);
}

TEST(SassImport, GlobalAccessesOfOneLoopReadDistinctElements) {
  // The hardware's unrolled loop reads element i, i+1 with its two loads: interleave 0/2 and 1/2.
  // The store after the loop writes an array of its own.
  const Kernel k =
      import(dump({".L_x_0:", "LDG.E R4, [R4.64]", "LDG.E R4, [R4.64]", "@P0 BRA `(.L_x_0)", "STG.E [R2.64], R4", "EXIT"}), trips(3));
  EXPECT_EQ(k.accesses[0].interleave_index, 0);
  EXPECT_EQ(k.accesses[1].interleave_index, 1);
  EXPECT_EQ(k.accesses[1].interleave_count, 2);
  ASSERT_EQ(k.arrays.size(), 2u);
  EXPECT_EQ(k.arrays[0].name, "loop1");
  EXPECT_EQ(k.arrays[1].name, "outside_loops");
  EXPECT_EQ(k.accesses[2].array, 1);
  EXPECT_EQ(k.accesses[2].interleave_count, 1);
}

TEST(SassImport, APatternsFileSetsAccessesTripsAndBranches) {
  const std::string side =
      test::write_temp_file("k.patterns",
                            "# patterns of k\n.array a 64MB\n.array b\n.launch threads_per_block=128\n"
                            "default pattern=stride:2\n0x0020 array=b threads=1\n0x0040 trips=5\n0x0000 branch=taken\n");
  SassOptions o;
  o.patterns = side;
  const Kernel k = import(
      dump({"@P2 BRA `(.L_x_0)", "FADD R1, R1, R2", ".L_x_0:", "LDG.E R4, [R4.64]", "STG.E [R2.64], R4", "@!P0 BRA `(.L_x_0)", "EXIT"}), o);
  EXPECT_EQ(opcodes(k), (std::vector<std::string>{"BRA", "LDG.E", "STG.E", "BRA", "EXIT"}));  // the FADD jumped over
  EXPECT_EQ(k.loops.at(0).count, 5);
  EXPECT_EQ(k.launch.threads_per_block, 128);
  const AccessPattern& load = k.accesses[k.code[1].access];
  EXPECT_EQ(load.array, 1);  // b
  EXPECT_EQ(load.active_threads, 1);
  EXPECT_EQ(load.kind, AccessKind::Stride);  // the default's pattern, kept under the entry's
  EXPECT_EQ(k.accesses[k.code[2].access].array, 0);
  EXPECT_EQ(k.arrays[0].bytes, 64ull << 20);
}

TEST(SassImport, PatternsFileErrorsNameTheirLines) {
  const std::string side =
      test::write_temp_file("bad.patterns", "0x0010 pattern=stream\n0x0000 tirps=3\n0x0900 pattern=random\n0x0000 trips=2\n");
  SassOptions o;
  o.patterns = side;
  try {
    import_sass(dump({"FADD R1, R1, R2", "LDG.E R4, [R4.64]", "EXIT"}), "k.sass", o);
    FAIL() << "accepted";
  } catch (const UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("bad.patterns:2: tirps: expected key=value with a key of"), std::string::npos) << what;
    EXPECT_NE(what.find("(did you mean 'trips'?)"), std::string::npos) << what;
    EXPECT_NE(what.find("bad.patterns:4: 0x0000: address given twice (first at line 2)"), std::string::npos) << what;
  }
  const std::string side2 = test::write_temp_file("bad2.patterns", "0x0900 pattern=random\n0x0000 trips=2\n0x0000x\n");
  o.patterns = side2;
  const auto e = errors_of(dump({"FADD R1, R1, R2", "LDG.E R4, [R4.64]", "EXIT"}), o);
  ASSERT_EQ(e.size(), 1u);  // the reader stops at the malformed third line before matching addresses
  EXPECT_EQ(e[0].line, 3);
  o.patterns = test::write_temp_file("bad3.patterns", "0x0900 pattern=random\n0x0000 trips=2 pattern=random\n");
  const auto e3 = errors_of(dump({"FADD R1, R1, R2", "LDG.E R4, [R4.64]", "EXIT"}), o);
  ASSERT_EQ(e3.size(), 3u);
  EXPECT_NE(e3[0].message.find("memory attributes given to FADD R1, R1, R2, which accesses no memory"), std::string::npos) << e3[0].message;
  EXPECT_NE(e3[1].message.find("no instruction at this address in function _Z1kPf"), std::string::npos) << e3[1].message;
  EXPECT_NE(e3[2].message.find("no backward branch"), std::string::npos);
  // A byte order mark (an editor's) is no part of the first line's address, as in the other formats.
  o.patterns = test::write_temp_file("bom.patterns",
                                     "\xEF\xBB\xBF"
                                     "0x0010 pattern=stream\n");
  EXPECT_TRUE(errors_of(dump({"FADD R1, R1, R2", "LDG.E R4, [R4.64]", "EXIT"}), o).empty());
  // A key twice on one line: the second is an error, not the value that wins.
  o.patterns = test::write_temp_file("bad4.patterns", "0x0010 pattern=stream pattern=random\n0x0000 trips=4 trips=5\n");
  const auto e4 = errors_of(dump({"FADD R1, R1, R2", "LDG.E R4, [R4.64]", "EXIT"}), o);
  ASSERT_GE(e4.size(), 2u);
  EXPECT_EQ(e4[0].line, 1);
  EXPECT_EQ(e4[0].key, "pattern");
  EXPECT_EQ(e4[0].message, "'pattern' given twice on this line");
  EXPECT_EQ(e4[1].line, 2);
  EXPECT_EQ(e4[1].message, "'trips' given twice on this line");
}

TEST(SassImport, AFunctionLineWithoutANameIsTheDumpsError) {
  // It became a workload without a `.kernel` name, an error blamed on the generated text.
  const auto e = errors_of(dump({"FADD R1, R1, R2", "EXIT"}, ""));
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].file, "k.sass");
  EXPECT_EQ(e[0].line, 2);
  EXPECT_EQ(e[0].message, "a `Function :` line without the function's name");
}

TEST(SassImport, AFunctionGivenTwiceInOneArchitectureIsTheDumpsError) {
  // Two dumps pasted together: neither --function nor --arch could tell the two apart.
  const std::string one = dump({"FADD R1, R1, R2", "EXIT"});
  const auto e = errors_of(one + one);
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(e[0].line, 9);  // the second copy's `Function :` line (each copy: its arch line, then the function's)
  EXPECT_EQ(e[0].message, "function _Z1kPf (sm_80) given twice (first at line 2): a dump holds each function once");
}

TEST(SassImport, AFunctionIsChosenByAPartOfItsName) {
  const std::string two = dump({"EXIT"}, "_Z9add_valuePf") + dump({"FADD R1, R1, R2", "EXIT"}, "_Z10scale_somePf");
  SassOptions o;
  o.function = "scale";
  EXPECT_EQ(import(two, o).name, "scale_some");
  o.function = "";
  ASSERT_EQ(errors_of(two, o).size(), 1u);
  EXPECT_NE(errors_of(two, o)[0].message.find("the file holds 2 functions; say which: add_value (sm_80), scale_some (sm_80)"),
            std::string::npos)
      << errors_of(two, o)[0].message;
  // The same kernel compiled for two architectures needs --arch.
  std::string both = dump({"EXIT"}, "_Z1kv");
  both += "\tcode for sm_90\n\t\tFunction : _Z1kv\n        /*0000*/                   EXIT ;\n";
  EXPECT_NE(errors_of(both)[0].message.find("give the arch"), std::string::npos);
  o.arch = "sm_90";
  EXPECT_EQ(import(both, o).code.size(), 1u);
}

TEST(SassImport, TheWrittenWorkloadRunsAsTheSassDoes) {
  const std::string path = test::write_temp_file("loop.sass", dump(kLoopKernel));
  const Kernel direct = load_sass_workload(path, {{"trip_count", "7"}});
  const Kernel written = parse_workload(sass_workload_text(path, {{"trip_count", "7"}}), "loop.wl");
  ASSERT_EQ(direct.code.size(), written.code.size());
  for (size_t i = 0; i < direct.code.size(); ++i) {
    EXPECT_EQ(direct.code[i].opcode, written.code[i].opcode);
    EXPECT_EQ(direct.code[i].src, written.code[i].src);
    EXPECT_EQ(direct.code[i].dst, written.code[i].dst);
  }
  EXPECT_EQ(direct.code[6].line, line_of(dump(kLoopKernel), "LDG.E.128"));  // the kernel's lines are the SASS file's
  EXPECT_EQ(written.loops.at(0).count, direct.loops.at(0).count);
  // The written text keeps the trip count a parameter: --param trip_count=9 works on the .wl too.
  EXPECT_EQ(parse_workload(sass_workload_text(path, {{"trip_count", "7"}}), "loop.wl", {{"trip_count", "9"}}).loops.at(0).count, 9);
}

TEST(SassImport, ThePatternsFileOfTheFormatDocumentFitsItsKernel) {
  const std::string doc = test::slurp((data_root() / "docs/workload-format.md").string());
  const size_t example = doc.find("# chase_kernel<4,1,false> of tests/data/sass/microbench_sm80.sass");
  ASSERT_NE(example, std::string::npos);
  SassOptions o;
  o.function = "chase_kernel<4,1,false>";
  o.patterns = test::write_temp_file("doc.patterns", doc.substr(example, doc.find("```", example) - example));
  const std::string sass = std::string(WARPSIM_TEST_DATA) + "/sass/microbench_sm80.sass";
  const Kernel k = parse_workload(import_sass(test::slurp(sass), sass, o), "doc.wl");
  EXPECT_EQ(k.loops.at(0).count, 64);
  EXPECT_EQ(k.launch.threads_per_block, 256);
  EXPECT_EQ(k.arrays.size(), 2u);
  EXPECT_EQ(instruction_mix(k).count(OpClass::Load), 32 * 64);  // the starts load jumped over
}

TEST(SassImport, AnUnknownParameterIsNamed) {
  try {
    sass_options({{"trips", "3"}});
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("a SASS workload has no parameter 'trips' (parameters: function, arch, trip_count, patterns)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace warpsim::isa
