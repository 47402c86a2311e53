#include <gtest/gtest.h>

#include "common/user_error.h"
#include "isa/opcodes.h"
#include "isa/sass_reader.h"

namespace warpsim::isa {
namespace {

// Two functions of a `cuobjdump -sass` dump: ELF header lines, `code for`, `Function :`,
// `.headerflags`, instructions with their encoding and control-word lines, a label, the end.
const char* const kDump = R"SASS(
Fatbin elf code:
================
arch = sm_80
code version = [1,7]
host = linux
compile_size = 64bit

	code for sm_80
		Function : _Z4copyPfS_
	.headerflags	@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM80 EF_CUDA_VIRTUAL_SM(EF_CUDA_SM80)"
        /*0000*/                   IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28] ;      /* 0x00000a00ff017624 */
                                                                               /* 0x000fe400078e00ff */
        /*0010*/                   LDG.E R2, [R2.64] ;                          /* 0x0000000402027981 */
                                                                               /* 0x000ea200001ee900 */
.L_x_0:
        /*0020*/               @P0 EXIT ;                                       /* 0x000000000000094d */
                                                                               /* 0x000fea0003800000 */
        /*0030*/                   BRA 0x30;                                    /* 0xfffffff000007947 */
                                                                               /* 0x000fc0000383ffff */
		..........

		Function : _Z5emptyv
	.headerflags	@"EF_CUDA_SM80"
        /*0000*/                   EXIT ;                                       /* 0x000000000000794d */
                                                                               /* 0x000fea0003800000 */
		..........
)SASS";

}  // namespace

TEST(SassReader, AddressesEncodingsAndControlWordsAreStripped) {
  const SassDump d = read_sass(kDump, "k.sass");
  ASSERT_EQ(d.functions.size(), 2u);
  const SassFunction& f = d.functions[0];
  EXPECT_EQ(f.name, "_Z4copyPfS_");
  EXPECT_EQ(f.arch, "sm_80");
  ASSERT_EQ(f.code.size(), 4u);  // the control-word lines are no instructions
  EXPECT_EQ(f.code[1].text, "LDG.E R2, [R2.64]");
  EXPECT_EQ(f.code[1].address, 0x10);
  EXPECT_EQ(f.code[1].line, 14);
  EXPECT_EQ(f.code[2].text, "@P0 EXIT");
  EXPECT_EQ(f.code[3].text, "BRA 0x30");
  EXPECT_EQ(d.functions[1].code.size(), 1u);
}

TEST(SassReader, ALabelNamesTheInstructionAfterIt) {
  const SassDump d = read_sass(kDump, "k.sass");
  EXPECT_EQ(d.functions[0].labels.at(".L_x_0"), 2);
}

TEST(SassReader, NvdisasmFunctionsAndCommentsAreRead) {
  const std::string text =
      "\t.section\t.text._Z1kv,\"ax\",@progbits\n"
      "\t.sectioninfo\t@\"SHI_REGISTERS=8\"\n"
      ".text._Z1kv:\n"
      "        /*0000*/                   MOV R1, c[0x0][0x28] ;\n"
      "//## File \"k.cu\", line 3\n"
      "        /*0010*/                   EXIT ;\n";
  const SassDump d = read_sass(text, "k.sass");
  ASSERT_EQ(d.functions.size(), 1u);
  EXPECT_EQ(d.functions[0].name, "_Z1kv");
  EXPECT_EQ(d.functions[0].code.size(), 2u);
}

TEST(SassReader, EveryLineItCannotReadIsNamedWithItsLine) {
  const std::string text = "\tcode for sm_90\n\t\tFunction : k\n  hello there\n        /*0000*/ EXIT ;\nsomething else\n";
  try {
    read_sass(text, "k.sass");
    FAIL() << "accepted";
  } catch (const UserError& e) {
    ASSERT_EQ(e.diagnostics().size(), 2u);
    EXPECT_EQ(e.diagnostics()[0].line, 3);
    EXPECT_EQ(e.diagnostics()[1].line, 5);
    EXPECT_NE(std::string(e.what()).find("k.sass:3"), std::string::npos) << e.what();
  }
}

TEST(SassReader, AWorkloadFileIsNoDump) {
  EXPECT_TRUE(looks_like_sass(kDump));
  EXPECT_FALSE(looks_like_sass(".kernel k\nFADD R1, R1, R2\n"));
}

// CUDA 13's cuobjdump (the H200 run, validation/microbench/results/h200_2026-12-04) marks a
// compressed fatbin entry with a bare `compressed` line, and sm_90 code uses VIADD and CGAERRBAR.
TEST(SassReader, ACompressedFatbinEntryAndSm90MnemonicsAreRead) {
  const char* const dump = R"SASS(
Fatbin ptx code:
================
arch = sm_90
code version = [9,0]
host = linux
compile_size = 64bit
compressed

	code for sm_90
		Function : _Z3incPi
        /*0000*/                   VIADD R0, R0, 0x1 ;                          /* 0x0000000100007836 */
        /*0010*/                   CGAERRBAR ;                                  /* 0x00000000000075ab */
        /*0020*/                   EXIT ;                                       /* 0x000000000000794d */
)SASS";
  const SassDump d = read_sass(dump, "k.sass");
  ASSERT_EQ(d.functions.size(), 1u);
  ASSERT_EQ(d.functions[0].code.size(), 3u);
  EXPECT_EQ(d.functions[0].code[0].text, "VIADD R0, R0, 0x1");
  ASSERT_TRUE(find_opcode("VIADD").has_value());
  EXPECT_EQ(find_opcode("VIADD")->cls, OpClass::Alu);
  ASSERT_TRUE(find_opcode("CGAERRBAR").has_value());
  EXPECT_EQ(find_opcode("CGAERRBAR")->cls, OpClass::Control);
}

}  // namespace warpsim::isa
