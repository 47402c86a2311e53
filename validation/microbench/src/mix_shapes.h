// The (adds, others) shapes of the SFU and shared-memory mix kernels: α = adds/others in
// {1/4, 1/2, 1, 2, 4, 8, 16, 32} (Volkov 2016 §4.7 sweeps α on both sides of 1).
#pragma once

#define WARPSIM_FOR_EACH_MIX_SHAPE(X) X(1, 4) X(1, 2) X(1, 1) X(2, 1) X(4, 1) X(8, 1) X(16, 1) X(32, 1)
