# The sample instruction mix of Volkov 2016 Table 3.2, for the throughput-bound worksheet of
# Table 3.4 (`warpsim bound --worksheet`). Per warp: 100 CUDA-core instructions, 5 SFU, 10 + 10
# shared-memory loads without and with 2-way bank conflicts, 5 + 5 coalesced and stride-2 global
# loads. Each MUFU is independent of the FADD after it, so with dual issue the two pair (§3.6);
# everything else is back-to-back dependent through R1.
.kernel table_3_2
.description "the sample instruction mix of Volkov 2016 Table 3.2 (worksheet of Table 3.4)"
.array data 512MB
.repeat 5
  MUFU.RSQ R5, R1
  FADD R1, R1, R2
  LDS R1, [R1] ; pattern=stream
  LDS R1, [R1] ; pattern=stream
  LDS R1, [R1] ; pattern=conflict:2
  LDS R1, [R1] ; pattern=conflict:2
  LD R1, [R1] ; pattern=stream
  LD R1, [R1] ; pattern=stride:2
  .repeat 19
    FADD R1, R1, R2
  .endrepeat
.endrepeat
