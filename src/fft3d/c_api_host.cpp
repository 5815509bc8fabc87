// The C API for host arrays (fft3d_forward_host, fft3d_inverse_host) and for
// device memory without CUDA headers (fft3d_device_*, fft3d_memcpy_*).
#include <algorithm>
#include <cstring>
#include <string>

#include "common/error.h"
#include "fft3d.h"
#include "fft3d/c_api_support.h"
#include "fft3d/device_memory.h"
#include "fft3d/host_staging.h"
#include "fft3d/plan.h"

using namespace fft3d;

namespace {

// A CPU plan transforms the host array itself; a GPU plan goes through
// staging (host_staging.h).
fft3d_status execute_host(fft3d_plan plan, void* host, int sign) {
  return guarded([&] {
    Plan& p = live_plan(plan);
    if (!host) fail(FFT3D_ERROR_INVALID_POINTER, "host array is NULL");
    if (p.backend() == FFT3D_BACKEND_GPU) return run_gpu_plan_on_host(plan, p, host, sign);
    p.check_pointer(host);
    p.execute(host, sign, nullptr);
  });
}

}  // namespace

extern "C" {

fft3d_status fft3d_forward_host(fft3d_plan plan, void* host) { return execute_host(plan, host, -1); }
fft3d_status fft3d_inverse_host(fft3d_plan plan, void* host) { return execute_host(plan, host, +1); }

fft3d_status fft3d_device_available(int* available) {
  return guarded([&] {
    if (!available) fail(FFT3D_ERROR_INVALID_ARGUMENT, "available output pointer is NULL");
    *available = device_memory_available() ? 1 : 0;
  });
}

fft3d_status fft3d_device_malloc(void** ptr, size_t bytes) {
  if (!ptr) return guarded([] { fail(FFT3D_ERROR_INVALID_ARGUMENT, "ptr output pointer is NULL"); });
  *ptr = nullptr;
  return guarded([&] { *ptr = device_allocate(bytes); });
}

fft3d_status fft3d_device_free(void* ptr) {
  return guarded([&] {
    if (ptr) device_release(ptr);  // like free(NULL), a no-op with or without a device
  });
}

fft3d_status fft3d_memcpy_to_device(void* dst, const void* src, size_t bytes) {
  return guarded([&] {
    if (bytes && (!dst || !src)) fail(FFT3D_ERROR_INVALID_POINTER, "fft3d_memcpy_to_device: dst or src is NULL");
    copy_host_to_device(dst, src, bytes);
  });
}

fft3d_status fft3d_memcpy_to_host(void* dst, const void* src, size_t bytes) {
  return guarded([&] {
    if (bytes && (!dst || !src)) fail(FFT3D_ERROR_INVALID_POINTER, "fft3d_memcpy_to_host: dst or src is NULL");
    copy_device_to_host(dst, src, bytes);
  });
}

fft3d_status fft3d_device_name(char* buf, size_t len, size_t* needed) {
  return guarded([&] {
    if (!buf && len) fail(FFT3D_ERROR_INVALID_ARGUMENT, "buf is NULL but len is not 0");
    copy_text_out(current_device_name(), buf, len, needed);
  });
}

}  // extern "C"
