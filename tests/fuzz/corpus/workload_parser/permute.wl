# Permutation a[i] = b[c[i]]: Volkov 2016 Listing 3.6, §3.10. SASS written for Kepler in the style of
# Listing 3.5. With permutation=trivial (c[i] = i) every access is coalesced; with
# permutation=random (c[i] uniform in [0, m)) the loads of b fully diverge. Throughput counts 12 bytes
# per thread (§3.10).
.kernel permute
.description "a[i] = b[c[i]], trivial or random permutation (Volkov 2016 Listing 3.6, §3.10)"
.param permutation trivial trivial|random
.param array_size 128MB
.param blocks_per_slot 8   # validation runs 32 (large arrays; validation/cases/qualitative.yaml)
.array a ${array_size}
.array b ${array_size}
.array c ${array_size}
.launch grid=oversubscribed blocks_per_slot=${blocks_per_slot}

MOV R1, c[0x0][0x44]
S2R R0, SR_CTAID.X
S2R R3, SR_TID.X
IMAD R0, R0, c[0x0][0x28], R3       # i
ISCADD R2, R0, c[0x0][0x148], 0x2   # &c[i]
LD R2, [R2]        ; pattern=stream array=c
ISCADD R4, R2, c[0x0][0x144], 0x2   # &b[c[i]]
.if permutation==random
LD R4, [R4]        ; pattern=random array=b
.else
LD R4, [R4]        ; pattern=stream array=b
.endif
ISCADD R0, R0, c[0x0][0x140], 0x2   # &a[i]
ST [R0], R4        ; pattern=stream array=a
EXIT
