# Vector add c[i] = a[i] + b[i]: Volkov 2016 Listing 3.4 (CUDA) and Listing 3.5 (Kepler SASS).
# Every thread touches one element of each array, so each warp moves 3 x 128 bytes (§3.8).
.kernel vector_add
.description "c[i] = a[i] + b[i], Kepler SASS of Volkov 2016 Listing 3.5"
.param blocks_per_slot 8
.array a 512MB
.array b 512MB
.array c 512MB
.launch grid=oversubscribed blocks_per_slot=${blocks_per_slot}

MOV R1, c[0x0][0x44]                # stack pointer (redundant, §3.8)
S2R R3, SR_TID.X
S2R R0, SR_CTAID.X
IMAD R2, R0, c[0x0][0x28], R3       # i = blockIdx.x * blockDim.x + threadIdx.x
ISCADD R3, R2, c[0x0][0x140], 0x2   # &a[i]
ISCADD R0, R2, c[0x0][0x144], 0x2   # &b[i]
LD R3, [R3]        ; pattern=stream array=a
LD R0, [R0]        ; pattern=stream array=b
ISCADD R2, R2, c[0x0][0x148], 0x2   # &c[i]
FADD R3, R3, R0
ST [R2], R3        ; pattern=stream array=c
EXIT
