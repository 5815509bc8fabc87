// Device memory for C and Fortran callers without CUDA headers: what the
// fft3d_device_* and fft3d_memcpy_* entry points run. Every function throws
// Error(NO_DEVICE) without CUDA or a usable device.
#pragma once
#include <cstddef>
#include <string>

namespace fft3d {

bool device_memory_available();
void* device_allocate(size_t bytes);  // nullptr for 0 bytes
void device_release(void* ptr);       // ptr is device memory, not NULL
// Synchronous: waits for all work on the device first.
void copy_host_to_device(void* dst, const void* src, size_t bytes);
void copy_device_to_host(void* dst, const void* src, size_t bytes);
std::string current_device_name();

}  // namespace fft3d
