// Programmatic dependent launch (compute capability 9.0 and later): a kernel
// launched with it may begin while the kernel before it in the stream
// finishes, so its launch and block start-up hide under that kernel's tail.
// Correct because every fft3d kernel first waits for the previous grid's
// memory (kern::await_previous_grid, common/device_defs.h).
#pragma once
#include <cuda_runtime_api.h>

#include <optional>

#include "gpu/device.h"

namespace fft3d {

// Whether `device` can launch programmatic dependents (compute capability 9.0).
bool dependent_launch_supported(const DeviceInfo& device);

// FFT3D_PDL=0 or 1 (read when a plan is made); nothing when unset or other.
std::optional<bool> dependent_launch_forced();

// The ESTIMATE rule: whether a plan over `bytes` of data launches its
// kernels on `device` as programmatic dependents. FFT3D_PDL=0 or 1 forces
// it (1 still needs compute capability 9.0). Otherwise on for arrays within
// L2, which are launch-bound (complex cubes 96^3-128^3 ran 6-12 % faster on
// an H100), and beyond L2 where the plan says (`beyond_l2`,
// GpuPlan::dependent_beyond_l2): a complex plan whose fused XY pass leaves
// no planes to side passes, the Z pass then launching during the fused
// pass's tail (on an H100, with the last pass streaming, f32 192^3 -2.2 %,
// 210^3 -1.3 %, 256^3 -1.0 %, f64 192^3 and 240^3 -1.2 %, 210^3 -0.9 %,
// 256^3 -1.2 %), and plans of three separate passes (on an H200, f32 343^3
// -0.5 %, 500^3 -0.2 %, f64 343^3, 480^3, 500^3 and 512^3 level to -0.4 %;
// R2C forward and C2R inverse f32 343^3 -1.0 to -1.3 %, 500^3 -0.1 to
// -0.4 %, f64 343^3 -0.3 to -0.8 %). Off for the other plans beyond L2,
// where it was mixed: f32 243^3 +5 %, f64 243^3 +8 % and 320^3 +3.5 %
// without side planes, R2C f32 243^3 11 % slower (docs/BENCHMARKS.md). 3-D
// plans made under MEASURE time it instead (tune/dependent_launch_choice.h).
bool dependent_launch_pays(const DeviceInfo& device, long long bytes, bool beyond_l2 = false);

// The launch attribute that allows it.
cudaLaunchAttribute dependent_launch_attribute();

// Launches `kernel`, whose parameters are *params[i], on `grid` blocks of
// `block` threads with `shared_bytes` of dynamic shared memory, as a
// programmatic dependent where `dependent`. Throws Error on a CUDA failure.
void launch_kernel(cudaKernel_t kernel, void** params, dim3 grid, dim3 block, size_t shared_bytes, cudaStream_t stream,
                   bool dependent);

}  // namespace fft3d
