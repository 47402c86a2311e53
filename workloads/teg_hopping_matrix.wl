# Lai and Seznec 2011 (TEG) §5.2, Tables 4-5: the Hopping_Matrix kernel of lattice QCD (the
# Wilson-Dirac hopping term of tmLQCD, the paper's [5]), one thread per lattice site. Per site and
# for each of the 8 directions (±x, ±y, ±z, ±t): the neighbour's index from the nearest-neighbour
# table, then the neighbour's spinor (4 spins x 3 colours, complex: 24 floats) and the gauge link
# (an SU(3) matrix, 3x3 complex: 18 floats); the half spinor (1 ∓ γ_μ)ψ (12 adds); the link times
# the half spinor's two colour vectors (2 x 3 complex rows of 3 terms: per real component 1 FMUL +
# 5 FFMA, 72 in all); and the result spinor accumulated (24 adds). The 24 result floats are stored
# at the end of the site.
# Loads are 4 bytes each: tmLQCD's complex is a struct of two floats (4-byte aligned), which the
# compiler reads as scalars.
#   layout=aos (Table 4): array of structures; thread t reads spinor t's field f at word 24t + f and
#     link t's at 18t + f: stride 24 and 18 across the warp, uncoalesced (§5.2, §3.3.4).
#   layout=soa (Table 5): structure of arrays; the warp reads consecutive words: coalesced.
# sites: the paper does not state the lattice size handled per warp. sites=1 brings the simulated
# one-warp time nearest Table 4's measured 51,053 cycles: a value taken from Table 4, so its
# absolute cycles are in-sample (validation/measured_inputs.yaml); Table 5 runs the same lattice.
# Written by a short loop over the registers; the 8 directions repeat one body (.loop 8), as only
# the neighbour and the sign of γ_μ change between them.
.kernel teg_hopping_matrix
.description "TEG §5.2: lattice QCD Hopping_Matrix, layout=aos (uncoalesced, Table 4) or soa (coalesced, Table 5) (Lai and Seznec 2011)"
.param layout aos aos|soa
.param sites 1
.array spinor 64MB
.array gauge 64MB
.array nn 8MB
.array result 64MB
.launch grid=persistent

S2R R0, SR_TID.X
S2R R1, SR_CTAID.X
IMAD R5, R1, c[0x0][0x28], R0       # the site of this thread
.loop ${sites}
MOV R100, RZ
MOV R101, RZ
MOV R102, RZ
MOV R103, RZ
MOV R104, RZ
MOV R105, RZ
MOV R106, RZ
MOV R107, RZ
MOV R108, RZ
MOV R109, RZ
MOV R110, RZ
MOV R111, RZ
MOV R112, RZ
MOV R113, RZ
MOV R114, RZ
MOV R115, RZ
MOV R116, RZ
MOV R117, RZ
MOV R118, RZ
MOV R119, RZ
MOV R120, RZ
MOV R121, RZ
MOV R122, RZ
MOV R123, RZ
.loop 8
LD R4, [R5]        ; pattern=stream array=nn   # the neighbour's index
IMAD R2, R4, 0x60, R6               # the neighbour's spinor
IMAD R3, R5, 0x48, R7               # this direction's link
.if layout==aos
LD R10, [R2]   ; pattern=stride:24 array=spinor
LD R11, [R2]   ; pattern=stride:24 array=spinor
LD R12, [R2]   ; pattern=stride:24 array=spinor
LD R13, [R2]   ; pattern=stride:24 array=spinor
LD R14, [R2]   ; pattern=stride:24 array=spinor
LD R15, [R2]   ; pattern=stride:24 array=spinor
LD R16, [R2]   ; pattern=stride:24 array=spinor
LD R17, [R2]   ; pattern=stride:24 array=spinor
LD R18, [R2]   ; pattern=stride:24 array=spinor
LD R19, [R2]   ; pattern=stride:24 array=spinor
LD R20, [R2]   ; pattern=stride:24 array=spinor
LD R21, [R2]   ; pattern=stride:24 array=spinor
LD R22, [R2]   ; pattern=stride:24 array=spinor
LD R23, [R2]   ; pattern=stride:24 array=spinor
LD R24, [R2]   ; pattern=stride:24 array=spinor
LD R25, [R2]   ; pattern=stride:24 array=spinor
LD R26, [R2]   ; pattern=stride:24 array=spinor
LD R27, [R2]   ; pattern=stride:24 array=spinor
LD R28, [R2]   ; pattern=stride:24 array=spinor
LD R29, [R2]   ; pattern=stride:24 array=spinor
LD R30, [R2]   ; pattern=stride:24 array=spinor
LD R31, [R2]   ; pattern=stride:24 array=spinor
LD R32, [R2]   ; pattern=stride:24 array=spinor
LD R33, [R2]   ; pattern=stride:24 array=spinor
.else
LD R10, [R2]   ; pattern=stream array=spinor
LD R11, [R2]   ; pattern=stream array=spinor
LD R12, [R2]   ; pattern=stream array=spinor
LD R13, [R2]   ; pattern=stream array=spinor
LD R14, [R2]   ; pattern=stream array=spinor
LD R15, [R2]   ; pattern=stream array=spinor
LD R16, [R2]   ; pattern=stream array=spinor
LD R17, [R2]   ; pattern=stream array=spinor
LD R18, [R2]   ; pattern=stream array=spinor
LD R19, [R2]   ; pattern=stream array=spinor
LD R20, [R2]   ; pattern=stream array=spinor
LD R21, [R2]   ; pattern=stream array=spinor
LD R22, [R2]   ; pattern=stream array=spinor
LD R23, [R2]   ; pattern=stream array=spinor
LD R24, [R2]   ; pattern=stream array=spinor
LD R25, [R2]   ; pattern=stream array=spinor
LD R26, [R2]   ; pattern=stream array=spinor
LD R27, [R2]   ; pattern=stream array=spinor
LD R28, [R2]   ; pattern=stream array=spinor
LD R29, [R2]   ; pattern=stream array=spinor
LD R30, [R2]   ; pattern=stream array=spinor
LD R31, [R2]   ; pattern=stream array=spinor
LD R32, [R2]   ; pattern=stream array=spinor
LD R33, [R2]   ; pattern=stream array=spinor
.endif
FADD R60, R10, R22
FADD R61, R11, R23
FADD R62, R12, R24
FADD R63, R13, R25
FADD R64, R14, R26
FADD R65, R15, R27
FADD R66, R16, R28
FADD R67, R17, R29
FADD R68, R18, R30
FADD R69, R19, R31
FADD R70, R20, R32
FADD R71, R21, R33
.if layout==aos
LD R40, [R3]   ; pattern=stride:18 array=gauge
LD R41, [R3]   ; pattern=stride:18 array=gauge
LD R42, [R3]   ; pattern=stride:18 array=gauge
LD R43, [R3]   ; pattern=stride:18 array=gauge
LD R44, [R3]   ; pattern=stride:18 array=gauge
LD R45, [R3]   ; pattern=stride:18 array=gauge
LD R46, [R3]   ; pattern=stride:18 array=gauge
LD R47, [R3]   ; pattern=stride:18 array=gauge
LD R48, [R3]   ; pattern=stride:18 array=gauge
LD R49, [R3]   ; pattern=stride:18 array=gauge
LD R50, [R3]   ; pattern=stride:18 array=gauge
LD R51, [R3]   ; pattern=stride:18 array=gauge
LD R52, [R3]   ; pattern=stride:18 array=gauge
LD R53, [R3]   ; pattern=stride:18 array=gauge
LD R54, [R3]   ; pattern=stride:18 array=gauge
LD R55, [R3]   ; pattern=stride:18 array=gauge
LD R56, [R3]   ; pattern=stride:18 array=gauge
LD R57, [R3]   ; pattern=stride:18 array=gauge
.else
LD R40, [R3]   ; pattern=stream array=gauge
LD R41, [R3]   ; pattern=stream array=gauge
LD R42, [R3]   ; pattern=stream array=gauge
LD R43, [R3]   ; pattern=stream array=gauge
LD R44, [R3]   ; pattern=stream array=gauge
LD R45, [R3]   ; pattern=stream array=gauge
LD R46, [R3]   ; pattern=stream array=gauge
LD R47, [R3]   ; pattern=stream array=gauge
LD R48, [R3]   ; pattern=stream array=gauge
LD R49, [R3]   ; pattern=stream array=gauge
LD R50, [R3]   ; pattern=stream array=gauge
LD R51, [R3]   ; pattern=stream array=gauge
LD R52, [R3]   ; pattern=stream array=gauge
LD R53, [R3]   ; pattern=stream array=gauge
LD R54, [R3]   ; pattern=stream array=gauge
LD R55, [R3]   ; pattern=stream array=gauge
LD R56, [R3]   ; pattern=stream array=gauge
LD R57, [R3]   ; pattern=stream array=gauge
.endif
FMUL R72, R40, R60
FFMA R72, R41, R61, R72
FFMA R72, R42, R62, R72
FFMA R72, R43, R63, R72
FFMA R72, R44, R64, R72
FFMA R72, R45, R65, R72
FMUL R73, R40, R61
FFMA R73, R41, R60, R73
FFMA R73, R42, R63, R73
FFMA R73, R43, R62, R73
FFMA R73, R44, R65, R73
FFMA R73, R45, R64, R73
FMUL R74, R46, R60
FFMA R74, R47, R61, R74
FFMA R74, R48, R62, R74
FFMA R74, R49, R63, R74
FFMA R74, R50, R64, R74
FFMA R74, R51, R65, R74
FMUL R75, R46, R61
FFMA R75, R47, R60, R75
FFMA R75, R48, R63, R75
FFMA R75, R49, R62, R75
FFMA R75, R50, R65, R75
FFMA R75, R51, R64, R75
FMUL R76, R52, R60
FFMA R76, R53, R61, R76
FFMA R76, R54, R62, R76
FFMA R76, R55, R63, R76
FFMA R76, R56, R64, R76
FFMA R76, R57, R65, R76
FMUL R77, R52, R61
FFMA R77, R53, R60, R77
FFMA R77, R54, R63, R77
FFMA R77, R55, R62, R77
FFMA R77, R56, R65, R77
FFMA R77, R57, R64, R77
FMUL R78, R40, R66
FFMA R78, R41, R67, R78
FFMA R78, R42, R68, R78
FFMA R78, R43, R69, R78
FFMA R78, R44, R70, R78
FFMA R78, R45, R71, R78
FMUL R79, R40, R67
FFMA R79, R41, R66, R79
FFMA R79, R42, R69, R79
FFMA R79, R43, R68, R79
FFMA R79, R44, R71, R79
FFMA R79, R45, R70, R79
FMUL R80, R46, R66
FFMA R80, R47, R67, R80
FFMA R80, R48, R68, R80
FFMA R80, R49, R69, R80
FFMA R80, R50, R70, R80
FFMA R80, R51, R71, R80
FMUL R81, R46, R67
FFMA R81, R47, R66, R81
FFMA R81, R48, R69, R81
FFMA R81, R49, R68, R81
FFMA R81, R50, R71, R81
FFMA R81, R51, R70, R81
FMUL R82, R52, R66
FFMA R82, R53, R67, R82
FFMA R82, R54, R68, R82
FFMA R82, R55, R69, R82
FFMA R82, R56, R70, R82
FFMA R82, R57, R71, R82
FMUL R83, R52, R67
FFMA R83, R53, R66, R83
FFMA R83, R54, R69, R83
FFMA R83, R55, R68, R83
FFMA R83, R56, R71, R83
FFMA R83, R57, R70, R83
FADD R100, R100, R72
FADD R101, R101, R73
FADD R102, R102, R74
FADD R103, R103, R75
FADD R104, R104, R76
FADD R105, R105, R77
FADD R106, R106, R78
FADD R107, R107, R79
FADD R108, R108, R80
FADD R109, R109, R81
FADD R110, R110, R82
FADD R111, R111, R83
FADD R112, R112, R72
FADD R113, R113, R73
FADD R114, R114, R74
FADD R115, R115, R75
FADD R116, R116, R76
FADD R117, R117, R77
FADD R118, R118, R78
FADD R119, R119, R79
FADD R120, R120, R80
FADD R121, R121, R81
FADD R122, R122, R82
FADD R123, R123, R83
IADD R5, R5, 0x1                    # next direction's table entry
.endloop
.if layout==aos
ST [R8], R100   ; pattern=stride:24 array=result
ST [R8], R101   ; pattern=stride:24 array=result
ST [R8], R102   ; pattern=stride:24 array=result
ST [R8], R103   ; pattern=stride:24 array=result
ST [R8], R104   ; pattern=stride:24 array=result
ST [R8], R105   ; pattern=stride:24 array=result
ST [R8], R106   ; pattern=stride:24 array=result
ST [R8], R107   ; pattern=stride:24 array=result
ST [R8], R108   ; pattern=stride:24 array=result
ST [R8], R109   ; pattern=stride:24 array=result
ST [R8], R110   ; pattern=stride:24 array=result
ST [R8], R111   ; pattern=stride:24 array=result
ST [R8], R112   ; pattern=stride:24 array=result
ST [R8], R113   ; pattern=stride:24 array=result
ST [R8], R114   ; pattern=stride:24 array=result
ST [R8], R115   ; pattern=stride:24 array=result
ST [R8], R116   ; pattern=stride:24 array=result
ST [R8], R117   ; pattern=stride:24 array=result
ST [R8], R118   ; pattern=stride:24 array=result
ST [R8], R119   ; pattern=stride:24 array=result
ST [R8], R120   ; pattern=stride:24 array=result
ST [R8], R121   ; pattern=stride:24 array=result
ST [R8], R122   ; pattern=stride:24 array=result
ST [R8], R123   ; pattern=stride:24 array=result
.else
ST [R8], R100   ; pattern=stream array=result
ST [R8], R101   ; pattern=stream array=result
ST [R8], R102   ; pattern=stream array=result
ST [R8], R103   ; pattern=stream array=result
ST [R8], R104   ; pattern=stream array=result
ST [R8], R105   ; pattern=stream array=result
ST [R8], R106   ; pattern=stream array=result
ST [R8], R107   ; pattern=stream array=result
ST [R8], R108   ; pattern=stream array=result
ST [R8], R109   ; pattern=stream array=result
ST [R8], R110   ; pattern=stream array=result
ST [R8], R111   ; pattern=stream array=result
ST [R8], R112   ; pattern=stream array=result
ST [R8], R113   ; pattern=stream array=result
ST [R8], R114   ; pattern=stream array=result
ST [R8], R115   ; pattern=stream array=result
ST [R8], R116   ; pattern=stream array=result
ST [R8], R117   ; pattern=stream array=result
ST [R8], R118   ; pattern=stream array=result
ST [R8], R119   ; pattern=stream array=result
ST [R8], R120   ; pattern=stream array=result
ST [R8], R121   ; pattern=stream array=result
ST [R8], R122   ; pattern=stream array=result
ST [R8], R123   ; pattern=stream array=result
.endif
.endloop
EXIT
