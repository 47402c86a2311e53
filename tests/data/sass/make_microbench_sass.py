#!/usr/bin/env python3
"""Writes microbench_sm80.sass and microbench_sm90.sass: SASS of the CUDA suite's kernels
(validation/microbench/src) in the text format `cuobjdump -sass` prints, for the SASS import tests.

They are synthesized here, not captured: no disassembler was at hand and the suite's real sass.txt
was not kept. Each kernel has the structure its source compiles to (prologue, a zero-trip guard, the
unrolled loop closed by a backward branch, the epilogue with the lane-0 timestamp store behind a
guarded EXIT) and exactly the instruction counts validation/microbench/results/h100_sxm_2026-11-23/
sass_summary.txt reports for it (tests/isa/sass_microbench_test.cpp runs sass_summary.sh on them).
Encodings and control words are placeholders. Run from anywhere: python3 make_microbench_sass.py
"""
import hashlib
import os

# (arch, kernel) -> (total, LDG, FADD, MUFU, LDS) from sass_summary.txt
SUMMARY = {
    ("sm_80", "chase0"): (86, 33, 0, 0, 0), ("sm_90", "chase0"): (90, 33, 0, 0, 0),
    ("sm_80", "chase4"): (209, 33, 128, 0, 0), ("sm_90", "chase4"): (214, 33, 128, 0, 0),
    ("sm_80", "chase32"): (278, 8, 224, 0, 0), ("sm_90", "chase32"): (283, 8, 224, 0, 0),
    ("sm_80", "chase256"): (305, 2, 256, 0, 0), ("sm_90", "chase256"): (309, 2, 256, 0, 0),
    ("sm_80", "add1"): (292, 0, 256, 0, 0), ("sm_90", "add1"): (294, 0, 256, 0, 0),
    ("sm_80", "sfu"): (292, 0, 0, 256, 0), ("sm_90", "sfu"): (293, 0, 0, 256, 0),
    ("sm_80", "smem"): (300, 0, 0, 0, 256), ("sm_90", "smem"): (305, 0, 0, 0, 256),
}
MANGLED = {
    "chase0": "_ZN7warpsim10microbench12_GLOBAL__N_112chase_kernelILi0ELi1ELb0EEEvNS0_9ChaseArgsE",
    "chase4": "_ZN7warpsim10microbench12_GLOBAL__N_112chase_kernelILi4ELi1ELb0EEEvNS0_9ChaseArgsE",
    "chase32": "_ZN7warpsim10microbench12_GLOBAL__N_112chase_kernelILi32ELi1ELb0EEEvNS0_9ChaseArgsE",
    "chase256": "_ZN7warpsim10microbench12_GLOBAL__N_112chase_kernelILi256ELi1ELb0EEEvNS0_9ChaseArgsE",
    "add1": "_ZN7warpsim10microbench12_GLOBAL__N_110add_kernelILi1EEEvNS0_9ArithArgsE",
    "sfu": "_ZN7warpsim10microbench12_GLOBAL__N_116sfu_chain_kernelENS0_9ArithArgsE",
    "smem": "_ZN7warpsim10microbench12_GLOBAL__N_117smem_chain_kernelENS0_9ArithArgsE",
}


def encoding(text, salt):
    h = hashlib.sha256((salt + text).encode()).hexdigest()
    return "0x" + h[:16]


class Kernel:
    """One function: instructions (guard, text) and labels, in program order."""

    def __init__(self, arch):
        self.arch = arch
        self.items = []  # ("ins", text) or ("label", name)
        self.sm90 = arch == "sm_90"

    def ins(self, text):
        self.items.append(("ins", text))

    def label(self, name):
        self.items.append(("label", name))

    # Kernel parameters start at c[0x0][0x160] on sm_80 and c[0x0][0x210] on sm_90.
    def param(self, offset):
        return "c[0x0][0x%x]" % ((0x210 if self.sm90 else 0x160) + offset)

    def mem(self, reg, offset=0):
        addr = "%s.64%s" % (reg, "+0x%x" % offset if offset else "")
        return "desc[UR4][%s]" % addr if self.sm90 else "[%s]" % addr

    def count(self, op):
        return sum(1 for kind, t in self.items if kind == "ins" and t.lstrip("@!P0123456789T ").split(" ")[0].split(".")[0] == op)


def prologue(k, timer_regs=("R2", "R4")):
    k.ins("LDC R1, c[0x0][0x28]" if k.sm90 else "IMAD.MOV.U32 R1, RZ, RZ, c[0x0][0x28]")
    k.ins("CS2R %s, SR_CLOCKLO" % timer_regs[0])  # start.cycles, a 64-bit pair
    k.ins("S2R %s, SR_GLOBALTIMERLO" % timer_regs[1])
    k.ins("S2R R%d, SR_GLOBALTIMERHI" % (int(timer_regs[1][1:]) + 1))
    k.ins("ULDC.64 UR4, c[0x0][0x208]" if k.sm90 else "ULDC.64 UR4, c[0x0][0x118]")


def epilogue(k, value, finals, stamps, ids_read):
    """finals[global_thread()] = value; the end time; lane 0 stores its WarpTimestamp (40 bytes).
    `ids_read`: the special registers the prologue already holds (tid in R7, ctaid in R17)."""
    k.label("L_end")
    if "tid" not in ids_read:
        k.ins("S2R R7, SR_TID.X")
    if "ctaid" not in ids_read:
        k.ins("S2R R17, SR_CTAID.X")
    k.ins("IMAD R9, R17, c[0x0][0x0], R7")
    k.ins("MOV R11, 0x4")
    k.ins("IMAD.WIDE.U32 R10, R9, R11, %s" % k.param(finals))
    k.ins("STG.E %s, %s" % (k.mem("R10"), value))
    k.ins("CS2R R12, SR_CLOCKLO")
    k.ins("S2R R14, SR_GLOBALTIMERLO")
    k.ins("S2R R15, SR_GLOBALTIMERHI")
    k.ins("LOP3.LUT P0, RZ, R7, 0x1f, RZ, 0xc0, !PT")
    k.ins("@P0 EXIT")
    k.ins("S2R R16, SR_VIRTID")
    k.ins("SHF.R.U32.HI R19, RZ, 0x5, c[0x0][0x0]")
    k.ins("SHF.R.U32.HI R18, RZ, 0x5, R7")
    k.ins("IMAD R18, R17, R19, R18")
    k.ins("MOV R19, 0x28")
    k.ins("IMAD.WIDE.U32 R18, R18, R19, %s" % k.param(stamps))
    k.ins("STG.E.64 %s, R2" % k.mem("R18"))
    k.ins("STG.E.64 %s, R12" % k.mem("R18", 0x8))
    k.ins("STG.E.64 %s, R4" % k.mem("R18", 0x10))
    k.ins("STG.E.64 %s, R14" % k.mem("R18", 0x18))
    k.ins("STG.E.64 %s, R16" % k.mem("R18", 0x20))
    k.ins("EXIT")


def loop(k, iterations, body):
    """for (it = 0; it < iterations; ++it) { body } with a zero-trip guard, as nvcc lays it out."""
    k.ins("ISETP.NE.AND P1, PT, RZ, %s, PT" % k.param(iterations))
    k.ins("@!P1 BRA L_end")
    k.ins("MOV R6, RZ")
    k.label("L_loop")
    k.ins("IADD3 R6, R6, 0x1, RZ")
    body()
    k.ins("ISETP.GE.U32.AND P0, PT, R6, %s, PT" % k.param(iterations))
    k.ins("@!P0 BRA L_loop")


def chase(k, adds, fillers):
    # ChaseArgs: starts 0x0, hi 0x8, base_lo 0xc, thread_stride 0x10, block_spacing 0x18,
    # iterations 0x20, zero 0x24, finals 0x28, stamps 0x30.
    groups = max(1, min(256 // (adds + 1), 32))
    prologue(k, ("R2", "R12"))
    k.ins("S2R R7, SR_TID.X")
    k.ins("S2R R17, SR_CTAID.X")
    k.ins("IMAD.MOV.U32 R5, RZ, RZ, %s" % k.param(0x8))  # hi: the chain's address pair is R4:R5
    # start_words: a.starts ? a.starts[global_thread()] : base_lo + block * spacing + thread * stride
    k.ins("ISETP.NE.U32.AND P0, PT, RZ, %s, PT" % k.param(0x0))
    k.ins("ISETP.NE.AND.EX P0, PT, RZ, %s, PT, P0" % k.param(0x4))
    k.ins("@!P0 BRA L_compute")
    k.ins("IMAD R9, R17, c[0x0][0x0], R7")
    k.ins("MOV R3, 0x4")
    k.ins("IMAD.WIDE.U32 R2, R9, R3, %s" % k.param(0x0))
    k.ins("LDG.E R4, %s" % k.mem("R2"))
    k.ins("BRA L_start")
    k.label("L_compute")
    k.ins("IMAD R4, R17, %s, RZ" % k.param(0x18))
    k.ins("IMAD R4, R7, %s, R4" % k.param(0x10))
    k.ins("IADD3 R4, R4, %s, RZ" % k.param(0xc))
    k.label("L_start")
    for f in fillers:
        k.ins(f)

    def body():
        for _ in range(groups):
            k.ins("LDG.E R4, %s" % k.mem("R4"))
            for _ in range(adds):
                k.ins("FADD R4, R4, %s" % k.param(0x24))

    loop(k, 0x20, body)
    epilogue(k, "R4", 0x28, 0x30, ("tid", "ctaid"))
    return k


def arith(kind, k, fillers):
    # ArithArgs: iterations 0x0, zero 0x4, init 0x8, conflict2 0xc, finals 0x10, stamps 0x18.
    prologue(k)
    if kind == "smem":
        # smem_chain_start: thread 0 writes words 0 and 32, a barrier, odd lanes of a conflict2 run
        # take word 32; the timed region starts after it (the clock read is moved below).
        k.items.pop(1)  # CS2R of the start time: after the barrier
        k.ins("S2R R7, SR_TID.X")
        if k.sm90:  # the shared window of this CTA: its address is no longer 0
            k.ins("S2UR UR6, SR_CgaCtaId")
            k.ins("UMOV UR7, 0x400")
            k.ins("ULEA UR6, UR6, UR7, 0x18")
            k.ins("MOV R0, UR6")
            k.ins("IADD3 R3, R0, 0x80, RZ")
            word0, word32 = "[R0]", "[R0+0x80]"
        else:
            k.ins("MOV R3, 0x80")
            word0, word32 = "[RZ]", "[0x80]"
        k.ins("ISETP.NE.AND P0, PT, R7, RZ, PT")
        k.ins("@!P0 STS %s, %s" % (word0, "R0" if k.sm90 else "RZ"))
        k.ins("@!P0 STS %s, R3" % word32)
        k.ins("BAR.SYNC.DEFER_BLOCKING 0x0")
        k.ins("LOP3.LUT R9, R7, 0x1, RZ, 0xc0, !PT")
        k.ins("ISETP.NE.AND P0, PT, RZ, %s, PT" % k.param(0xc))
        k.ins("ISETP.NE.AND P0, PT, R9, RZ, P0")
        k.ins("SEL R0, R3, %s, P0" % ("R0" if k.sm90 else "RZ"))
        k.ins("CS2R R2, SR_CLOCKLO")
    else:
        k.ins("IMAD.MOV.U32 R0, RZ, RZ, %s" % k.param(0x8))  # x = init
    for f in fillers:
        k.ins(f)

    def body():
        for _ in range(256):
            if kind == "add1":
                k.ins("FADD R0, R0, %s" % k.param(0x4))
            elif kind == "sfu":
                k.ins("MUFU.RSQ R0, R0")
            else:
                k.ins("LDS R0, [R0]")

    loop(k, 0x0, body)
    epilogue(k, "R0", 0x10, 0x18, ("tid",) if kind == "smem" else ())
    return k


def build(arch, name):
    want = SUMMARY[(arch, name)]
    fillers = []
    while True:
        k = Kernel(arch)
        if name.startswith("chase"):
            chase(k, int(name[5:]), fillers)
        else:
            arith(name, k, fillers)
        total = sum(1 for kind, _ in k.items if kind == "ins") + 1  # and the branch to itself at the end
        got = (total, k.count("LDG"), k.count("FADD"), k.count("MUFU"), k.count("LDS"))
        if got == want:
            return k
        assert got[1:] == want[1:] and total < want[0], (arch, name, got, want)
        # Parameter moves the compiler hoisted: copies of ArithArgs/ChaseArgs words it keeps in
        # registers for the epilogue (registers R20 up, never read in the loop).
        fillers.append("IMAD.MOV.U32 R%d, RZ, RZ, %s" % (20 + len(fillers), k.param(4 * len(fillers))))


def render(arch, kernels):
    out = []
    out.append("// SASS of warpsim's CUDA microbenchmark kernels (validation/microbench/src) for %s," % arch)
    out.append("// HAND-WRITTEN in the text format of `cuobjdump -sass` by tests/data/sass/make_microbench_sass.py:")
    out.append("// not a captured dump. Instruction counts match validation/microbench/results/h100_sxm_2026-11-23/")
    out.append("// sass_summary.txt; encodings and control words are placeholders.")
    out.append("")
    out.append("Fatbin elf code:")
    out.append("================")
    out.append("arch = %s" % arch)
    out.append("code version = [1,7]")
    out.append("host = linux")
    out.append("compile_size = 64bit")
    out.append("")
    out.append("\tcode for %s" % arch)
    for name in kernels:
        k = build(arch, name)
        out.append("\t\tFunction : %s" % MANGLED[name])
        sm = arch.replace("sm_", "SM")
        out.append('\t.headerflags\t@"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_%s EF_CUDA_VIRTUAL_SM(EF_CUDA_%s)"' % (sm, sm))
        labels = {}
        n = 0
        for kind, t in k.items:
            if kind == "label":
                labels[t] = ".L_x_%d" % len(labels)
        addr = 0
        for kind, t in k.items:
            if kind == "label":
                out.append(labels[t] + ":")
                continue
            for ours, theirs in labels.items():
                t = t.replace(" " + ours, " `(%s)" % theirs)
            guard = ""
            if t.startswith("@"):
                guard, t = t.split(" ", 1)
            text = "%s ;" % t
            out.append("        /*%04x*/ %s%s %-54s /* %s */" % (addr, " " * (18 - len(guard)), guard, text, encoding(text, arch)))
            out.append("%s/* %s */" % (" " * 91, encoding(text + "ctl", arch)))
            addr += 0x10
        # the end of the function: a branch to itself, then padding to a 128-byte boundary
        end = ".L_x_%d" % len(labels)
        out.append(end + ":")
        tail = ["BRA `(%s);" % end]
        while (addr + 0x10 * len(tail)) % 0x80:
            tail.append("NOP;")
        for t in tail:
            out.append("        /*%04x*/ %s %-54s /* %s */" % (addr, " " * 18, t, encoding(t, arch)))
            out.append("%s/* %s */" % (" " * 91, encoding(t + "ctl", arch)))
            addr += 0x10
        out.append("\t\t..........")
        out.append("")
    return "\n".join(out) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    kernels = ["chase0", "chase4", "chase32", "chase256", "add1", "sfu", "smem"]
    for arch in ("sm_80", "sm_90"):
        with open(os.path.join(here, "microbench_%s.sass" % arch.replace("_", "")), "w") as f:
            f.write(render(arch, kernels))


if __name__ == "__main__":
    main()
