# Tiled dense matrix multiply C = A B (n x n floats, n = 16 x tiles), the CUDA SDK's matrixMul /
# Kirk and Hwu's kernel: a 16x16 block computes a 16x16 tile of C; for each of the tiles steps it
# loads a tile of A (its rows) and a tile of B (its columns) into shared memory, synchronises, and
# accumulates 16 products per thread. Baghsorkhi 2012 §5.1's DMM. Blocks of one tile row of C read
# the same A tiles and blocks of one tile column the same B tiles: the reuse the caches catch.
# The grid is tiles x tiles blocks: `blocks` must be tiles squared (the launch takes no product).
.kernel matmul_tiled
.description "tiled dense matrix multiply C = A B, 16x16 tiles through shared memory (Baghsorkhi 2012 DMM; CUDA SDK matrixMul)"
.param tiles 32
.param blocks 1024
.array A 64MB
.array B 64MB
.array C 64MB
.launch threads_per_block=256 block_x=16 grid=fixed blocks=${blocks} grid_x=${tiles} shared_memory_per_block=2048

S2R R0, SR_TID.X
S2R R6, SR_CTAID.X
MOV R1, RZ                          # the accumulator C(row, col)
.loop ${tiles}
LD R2, [R20]        ; pattern=affine array=A index=(by*16+ty)*${tiles}*16+i*16+tx
LD R3, [R21]        ; pattern=affine array=B index=(i*16+ty)*${tiles}*16+bx*16+tx
STS [R22], R2       ; pattern=stream
STS [R23], R3       ; pattern=stream
BAR.SYNC 0x0
.repeat 16
LDS R4, [R24]       ; pattern=broadcast
LDS R5, [R25]       ; pattern=stream
FFMA R1, R4, R5, R1
.endrepeat
BAR.SYNC 0x0
.endloop
ST [R26], R1        ; pattern=affine array=C index=(by*16+ty)*${tiles}*16+bx*16+tx
EXIT
