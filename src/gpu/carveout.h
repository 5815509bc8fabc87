// The shared-memory carveout a kernel asks for (the share of each SM's
// unified L1 and shared memory that is shared), for experiments: by
// default the driver chooses, and it picks the smallest carveout that holds
// the most blocks. On an H200, asking every X and column kernel's occupancy
// (FFT3D_CARVEOUT=occupancy) won 1.5 % at f64 256^3 and lost 7.5 % at f64
// 512^3, 13 % at its C2R inverse, whose Y and Z columns of 64 KB blocks ran
// 12-25 % slower (docs/BENCHMARKS.md, "The whole-plan check of MEASURE"):
// there the percent, rounded up, passed the 196 KB that three blocks need
// and got 228 KB, which left 28 KB of L1 instead of 60 ("Column blocks,
// carveouts, Z's plane stride").
#pragma once
#include <cuda_runtime_api.h>

namespace fft3d {

// FFT3D_CARVEOUT=occupancy: the carveout with room for as many blocks of
// `threads` threads and `shared_bytes` of dynamic shared memory as the
// kernel's registers and threads allow, the rest left to L1;
// FFT3D_CARVEOUT=P: P percent. Unset or "driver": nothing is set.
void prefer_carveout_from_environment(cudaKernel_t kernel, int threads, long long shared_bytes);

}  // namespace fft3d
