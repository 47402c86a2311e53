# A histogram of `keys` keys into `bins` bins, one thread per key (`blocks` = keys / 256): a coalesced load of
# the key, then an atomic add to its bin (RED, a store at the L2: Baghsorkhi 2012 §2.1 forwards
# stores to the L2, write-back and write-allocate). The keys are a seeded synthetic input: a
# .sparse matrix with one entry per key, its column the key's bin, uniform over the bins. Few
# bins stay in the L2 and hit; many bins miss.
.kernel histogram
.description "histogram of seeded uniform keys, one atomic add per key to its bin (RED as a store)"
.param keys 524288
.param blocks 2048
.param bins 256
.sparse H rows=${keys} cols=${bins} nnz_per_row=1 structure=uniform
.array keys 64MB
.array bins 64MB
.launch threads_per_block=256 grid=fixed blocks=${blocks}

S2R R0, SR_TID.X
S2R R6, SR_CTAID.X
LD R1, [R10]        ; pattern=affine array=keys index=bx*256+tx
RED.ADD [R1], R2    ; pattern=gather:H.col array=bins index=bx*256+tx
EXIT
