# Lai and Seznec 2011 (TEG) §3.3.3: FADD32 R2, g[A1+0xb], R2, a float add with one operand in
# shared memory, timed as a dependent chain: "around 74 cycles" without a bank conflict and "about
# 266 cycles" when all 16 threads of a half-warp access the same bank (ways=16).
# GT200 reads a shared-memory operand inside the arithmetic instruction; warpsim splits it into an
# LDS and the FADD that uses it. The LDS takes its address from the chain's register (R2), so it,
# like GT200's fused operand fetch, starts only when the previous add is done: one link of the
# chain is a shared-memory access plus an add.
.kernel teg_smem_operand
.description "TEG §3.3.3: FADD with a shared-memory operand in a dependent chain, ways-way bank conflict (Lai and Seznec 2011)"
.param ways 1
.param count 128
.launch grid=oversubscribed blocks_per_slot=2 shared_memory_per_block=1024

.loop ${count}
LDS R3, [R2]       ; pattern=conflict:${ways}
FADD R2, R2, R3
.endloop
EXIT
