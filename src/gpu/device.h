// Facts about the current CUDA device that plans, kernels and wisdom depend on.
#pragma once
#include <string>

#include "fft1d/x_variant.h"

namespace fft3d {

struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  long long shared_bytes_per_block_optin = 0;
  long long l2_bytes = 0;
  int driver_version = 0, runtime_version = 0;

  std::string arch() const { return "sm_" + std::to_string(cc_major * 10 + cc_minor); }
  DeviceLimits limits() const;
};

// True when the CUDA runtime finds at least one device (checked once).
bool gpu_present();

// The current device of the calling thread; throws Error(NO_DEVICE) if none.
DeviceInfo current_device_info();

// Whether ptr is device (or managed) memory the current device can use.
bool is_device_pointer(const void* ptr);

}  // namespace fft3d
