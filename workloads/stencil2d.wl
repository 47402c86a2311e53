# A 5-point Jacobi step on a width x height grid of floats: out(y, x) = c (in(y, x) + in(y-1, x) +
# in(y+1, x) + in(y, x-1) + in(y, x+1)), one thread per point, 32x8 blocks. Baghsorkhi 2012 §5.1
# studies a 3-D stencil; this is its 2-D form. A warp's x-1 and x+1 loads share its own line and
# one beside it; rows y-1 and y+1 are other warps' (and, at a block's edge, other blocks') rows:
# the reuse of the L1 and the L2. Edges wrap (the array's element index is taken modulo its size).
# width = 32 x blocks_x; the grid is blocks_x x blocks_y blocks: `blocks` = blocks_x x blocks_y,
# height = 8 x blocks_y.
.kernel stencil2d
.description "5-point 2-D Jacobi stencil, one thread per point, 32x8 blocks (Baghsorkhi 2012 §5.1's stencil, in 2-D)"
.param blocks_x 16
.param blocks 1024
.array in 64MB
.array out 64MB
.launch threads_per_block=256 block_x=32 grid=fixed blocks=${blocks} grid_x=${blocks_x}

S2R R0, SR_TID.X
S2R R6, SR_CTAID.X
LD R1, [R10]        ; pattern=affine array=in index=(by*8+ty)*${blocks_x}*32+bx*32+tx
LD R2, [R10]        ; pattern=affine array=in index=(by*8+ty-1)*${blocks_x}*32+bx*32+tx
LD R3, [R10]        ; pattern=affine array=in index=(by*8+ty+1)*${blocks_x}*32+bx*32+tx
LD R4, [R10]        ; pattern=affine array=in index=(by*8+ty)*${blocks_x}*32+bx*32+tx-1
LD R5, [R10]        ; pattern=affine array=in index=(by*8+ty)*${blocks_x}*32+bx*32+tx+1
FADD R1, R1, R2
FADD R3, R3, R4
FADD R1, R1, R5
FADD R1, R1, R3
FMUL R1, R1, 0.2
ST [R11], R1        ; pattern=affine array=out index=(by*8+ty)*${blocks_x}*32+bx*32+tx
EXIT
