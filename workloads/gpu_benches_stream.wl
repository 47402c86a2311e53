# The `init` and `read` kernels of te42kyfo/gpu-benches cuda-stream/main.cu (J. Hammer, RRZE; the
# kernels are public, their measured rates on the A100 80GB and H100 PCIe are in
# validation/published/gpu_benches/): one thread per double of a 1 GB array (128 Mi + 2 doubles),
# a grid of (that / block size + 1) blocks, two blocks resident per SM (a 6 KB shared-memory "spoiler"
# in a 9% shared-memory carveout limits them; its branch never runs). Each thread of `read` loads its double and
# compares it with a constant (the result decides a store that never happens), so a warp ends when
# its load is back; each thread of `init` stores one double and ends. Written from the CUDA source,
# in the shape of the sm_80/sm_90 code nvcc emits for it (bounds check, 64-bit address, LDG.E.64 /
# STG.E.64); the never-taken spoiler and store branches are left out. The compare of the loaded
# double (DSETP there) is an FSETP on its high word here: the A100 and H100 configs give no
# double-precision unit, and the compare matters only as the load's consumer.
.kernel gpu_benches_stream
.description "te42kyfo/gpu-benches cuda-stream: one 8-byte load (read) or store (init) per thread over 1 GB"
.param kernel read read|init
.param blocks_per_slot 8
.array A 1GB
.array B 1GB
.launch grid=oversubscribed blocks_per_slot=${blocks_per_slot}

S2R R0, SR_TID.X
S2R R3, SR_CTAID.X
IMAD R0, R3, c[0x0][0x0], R0        # tidx = blockIdx.x * blockDim.x + threadIdx.x
ISETP.GE.AND P0, PT, R0, c[0x0][0x180], PT   # tidx >= N: return (never, N covers the grid)
.if kernel==read
LEA R2, P1, R0, c[0x0][0x168], 0x3  # &B[tidx]
LD.64 R2, [R2]      ; pattern=stream array=B
FSETP.NEU.AND P0, PT, R3, c[0x0][0x18c], PT  # temp == 123.33 decides a store that never happens
.else
LEA R2, P1, R0, c[0x0][0x160], 0x3  # &A[tidx]
ST.64 [R2], R4      ; pattern=stream array=A
.endif
EXIT
