// Programmatic dependent launch (compute capability 9.0 and later): a kernel
// launched with it may begin while the kernel before it in the stream
// finishes, so its launch and block start-up hide under that kernel's tail.
// Correct because every fft3d kernel first waits for the previous grid's
// memory (kern::await_previous_grid, common/device_defs.h).
#pragma once
#include <cuda_runtime_api.h>

#include "gpu/device.h"

namespace fft3d {

// Whether fft3d launches its kernels on `device` as programmatic
// dependents: compute capability 9.0 and later, unless FFT3D_PDL=0 (for
// measurements; read when a pass is made).
bool dependent_launch_allowed(const DeviceInfo& device);

// The launch attribute that allows it.
cudaLaunchAttribute dependent_launch_attribute();

// Launches `kernel`, whose one parameter is *arg, on `grid` blocks of
// `block` threads with `shared_bytes` of dynamic shared memory, as a
// programmatic dependent where `dependent`. Throws Error on a CUDA failure.
void launch_kernel(cudaKernel_t kernel, void* arg, dim3 grid, dim3 block, size_t shared_bytes, cudaStream_t stream,
                   bool dependent);

}  // namespace fft3d
