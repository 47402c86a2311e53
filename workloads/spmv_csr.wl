# Sparse matrix-vector product y = M x over CSR, the scalar kernel of Baghsorkhi 2012 Listing 2
# (§4.1, §6.2): one thread per row reads its row's two offsets, then for each of its nonzeros the
# column index, the value and x[column], and writes y[row]. M is a seeded synthetic matrix
# (.sparse): `structure` banded, uniform or powerlaw, `nnz` nonzeros per row (the mean, for
# powerlaw), rows x rows, `blocks` = rows / 256. The loop runs `max_row` times, the longest row
# (at least nnz; powerlaw rows reach it, e.g. nnz=32 max_row=256): a thread whose row has
# ended is inactive (docs/workload-format.md, gather), as a CUDA thread leaves its loop while its
# warp goes on. The load of x waits for the column index it reads, so it starts a new bulk
# sequence (§2). Defaults: 32,768 rows of 32 nonzeros, about 1 M nonzeros.
.kernel spmv_csr
.description "CSR sparse matrix-vector product, one thread per row, seeded synthetic matrix (Baghsorkhi 2012 Listing 2)"
.param rows 32768
.param blocks 128
.param nnz 32
.param max_row 32
.param structure uniform banded|uniform|powerlaw
.if structure==powerlaw
.sparse M rows=${rows} cols=${rows} nnz_per_row=${nnz} structure=powerlaw max_row=${max_row}
.else
.sparse M rows=${rows} cols=${rows} nnz_per_row=${nnz} structure=${structure}
.endif
.array row_ptr 64MB
.array col 256MB
.array val 256MB
.array x 64MB
.array y 64MB
.launch threads_per_block=256 grid=fixed blocks=${blocks}

S2R R0, SR_TID.X
S2R R6, SR_CTAID.X
LD R1, [R10]        ; pattern=affine array=row_ptr index=bx*256+tx
LD R2, [R10]        ; pattern=affine array=row_ptr index=bx*256+tx+1
MOV R9, RZ
.loop ${max_row}
LD R3, [R1]         ; pattern=gather:M.nz array=col index=bx*256+tx
LD R4, [R1]         ; pattern=gather:M.nz array=val index=bx*256+tx
LD R5, [R3]         ; pattern=gather:M.col array=x index=bx*256+tx
FFMA R9, R4, R5, R9
IADD R1, R1, 0x1
.endloop
ST [R11], R9        ; pattern=affine array=y index=bx*256+tx
EXIT
