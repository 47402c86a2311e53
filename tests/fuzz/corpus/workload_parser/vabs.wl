# Absolute value in place: Volkov 2016 Listing 3.7, §3.10. All data positive: read only.
# All data negative: read, negate, write back. SASS written for Maxwell in the style of Listing 3.5.
# Throughput counts 4 bytes per thread if positive, 8 if negative (§3.10).
.kernel vabs
.description "if (a[i] < 0) a[i] = -a[i], all-positive or all-negative data (Volkov 2016 Listing 3.7, §3.10)"
.param sign positive positive|negative
.param blocks_per_slot 8
.array a 512MB
.launch grid=oversubscribed blocks_per_slot=${blocks_per_slot}

MOV R1, c[0x0][0x20]
S2R R0, SR_CTAID.X
S2R R2, SR_TID.X
XMAD R0, R0, c[0x0][0x8], R2        # i
ISCADD R2, R0, c[0x0][0x140], 0x2   # &a[i]
LD R3, [R2]        ; pattern=stream array=a
FSETP.GEU.AND P0, PT, R3, RZ, PT    # b >= 0 ?
.if sign==negative
FADD R3, -R3, -RZ                   # -b
ST [R2], R3        ; pattern=stream array=a
.endif
EXIT
