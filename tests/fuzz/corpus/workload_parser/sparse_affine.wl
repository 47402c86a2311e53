# 2-D coordinates, affine indices, a .sparse matrix and its gathers, with --param overrides.
.kernel sparse_affine
.param n 64
.param k 4
.sparse A rows=4096 cols=4096 nnz_per_row=${k} structure=powerlaw max_row=32
.sparse H rows=1024 cols=16 nnz_per_row=1 structure=uniform
.sparse B rows=64 cols=64 nnz_per_row=3 structure=banded
.array a 64KB
.array x 16KB
.array bins 64B
.launch threads_per_block=256 block_x=16 grid_x=4 grid=fixed blocks=16
S2R R0, SR_TID.X
.loop 8
LD R1, [R0]     ; pattern=affine index=(by*16+ty)*${n}+i*16+tx array=a
LD R2, [R0]     ; pattern=affine index=-(tx-1)*2+3*(bx-by) array=x bytes=8
LD R3, [R0]     ; pattern=gather:A.nz index=bx*256+ty*16+tx array=a interleave=1/2
LD R4, [R3]     ; pattern=gather:A.col index=bx*256+ty*16+tx array=x threads=16
FFMA R5, R1, R4, R5
.endloop
RED.E.ADD [R0], R5 ; pattern=gather:H.col index=by*1024+tx array=bins
ST [R0], R5     ; pattern=gather:B.nz index=tx array=a
#--param
n=32
k=2
