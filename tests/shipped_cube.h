// The GPU tests of shipped wisdom (wisdom/*.json): which cube to build.
#pragma once
#include "fft3d/gpu_plan_common.h"
#include "gpu/device.h"
#include "tune/builtin_wisdom.h"
#include "tune/plan_source_choice.h"

namespace fft3d_test {

// The smallest f32 cube whose tuned plan (complex or real) the wisdom
// shipped for this GPU's model holds; 0 where it holds none.
inline int smallest_shipped_f32_cube(bool real) {
  const fft3d::DeviceSignature device = fft3d::signature_of(fft3d::current_device_info());
  int cube = 0;
  for (const fft3d::WisdomEntry& e : fft3d::builtin_wisdom().entries()) {
    const int n = e.pass.n;
    if (fft3d::same_gpu_model(e.device, device) && e.variant == "tuned" &&
        e.pass == fft3d::plan_source_key(n, n, n, fft3d::Precision::f32, real) && (cube == 0 || n < cube))
      cube = n;
  }
  return cube;
}

}  // namespace fft3d_test
