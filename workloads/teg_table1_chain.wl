# Lai and Seznec 2011 (TEG) §3.2.1-3.2.2, Table 1: the arithmetic microbenchmarks on GT200. With
# ilp=1 every instruction depends on the one before it (Listing 1: r1 = r1 + r3, repeated), so the
# time per instruction is the execution latency; with ilp=4 four independent chains interleave, so
# one warp alone issues at its same-warp issue latency (§3.2.2) and many warps at the unit's rate
# (the multi-warp issue latency, 32 / ops per clock, §3.2.1).
# GT200's mnemonics (FADD32, FMAD, IMUL24/IMAD24) are written as the sm_70+ names warpsim knows;
# they execute on the CUDA cores. Table 1's integer MUL/MAD are 16-bit ones; the latency and rate
# on GT200's SPs are those of the other single-precision operations (Table 1). DADD, DMUL and DFMA
# (Table 1's last three rows) run on GT200's one double-precision unit per SM (`dp` in the config).
.kernel teg_table1_chain
.description "TEG Table 1: a chain of one arithmetic instruction, dependent (ilp=1) or 4 independent chains (Lai and Seznec 2011 §3.2)"
.param op FADD FADD|FMUL|FFMA|IADD|IMUL|IMAD|DADD|DMUL|DFMA
.param ilp 1 1|4
.param count 256
.launch grid=oversubscribed blocks_per_slot=2

.loop ${count}
.if ilp==1
.repeat 4
${op} R1, R1, R5, R1
.endrepeat
.else
${op} R1, R1, R5, R1
${op} R2, R2, R5, R2
${op} R3, R3, R5, R3
${op} R4, R4, R5, R4
.endif
.endloop
EXIT
