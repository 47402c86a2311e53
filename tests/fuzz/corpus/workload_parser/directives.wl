# Every directive once, with --param overrides after the marker line.
.kernel directives
.description "loops, unrolling, conditionals, shared and global memory"
.param k 2
.param op add add|sfu
.array a 64KB
.array b 1MB
.launch threads_per_block=128 grid=fixed blocks=4 shared_memory_per_block=1024 registers_per_thread=32
S2R R0, SR_TID.X
.loop 4
.repeat ${k}
.if op==add
FADD R1, R1, R0
.else
MUFU.RCP R1, R1
.endif
.endrepeat
LDS R2, [R0]        ; pattern=conflict:2
BAR.SYNC 0
LD R3, [R0+0x10]    ; pattern=stride:2 bytes=8 array=a interleave=0/2
@!P0 FSETP.GEU.AND P0, PT, R3, RZ, PT
.endloop
ST [R0], R3         ; pattern=random threads=16 array=b
EXIT
#--param
k=3
op=sfu
