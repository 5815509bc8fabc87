// The wisdom key of a GPU, from the device facts plans already query.
#pragma once
#include "gpu/device.h"
#include "tune/wisdom.h"

namespace fft3d {

inline DeviceSignature device_signature(const DeviceInfo& d) {
  return DeviceSignature{d.name, d.sm_count, d.cc_major, d.cc_minor, d.driver_version, d.runtime_version};
}

}  // namespace fft3d
