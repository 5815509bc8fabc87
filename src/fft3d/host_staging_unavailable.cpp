// Host arrays and device memory in a build without the CUDA toolkit: no GPU
// plan can exist, and every device helper reports FFT3D_ERROR_NO_DEVICE.
#include "common/error.h"
#include "fft3d/device_memory.h"
#include "fft3d/host_staging.h"

namespace fft3d {

namespace {

[[noreturn]] void no_device() {
  fail(FFT3D_ERROR_NO_DEVICE, "this build of fft3d has no GPU backend (no CUDA toolkit was found)");
}

}  // namespace

void run_gpu_plan_on_host(fft3d_plan, Plan&, void*, int) { no_device(); }
void release_host_staging(fft3d_plan) noexcept {}
void set_host_staging_chunk_bytes(size_t) {}
size_t host_staging_chunk_bytes() { return 0; }

bool device_memory_available() { return false; }
void* device_allocate(size_t) { no_device(); }
void device_release(void*) { no_device(); }
void copy_host_to_device(void*, const void*, size_t) { no_device(); }
void copy_device_to_host(void*, const void*, size_t) { no_device(); }
std::string current_device_name() { no_device(); }

}  // namespace fft3d
