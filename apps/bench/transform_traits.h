// Per-precision spellings of the same C2C forward transform, for the modes
// that time fft3d against cuFFT.
#pragma once
#include <cufft.h>

#include "fft3d.h"
#include "modes.h"

namespace fft3d_bench {

template <typename T>
struct Traits;
template <>
struct Traits<float> {
  static constexpr Precision precision = Precision::f32;
  static constexpr fft3d_type fft3d = FFT3D_C2C_F32;
  static constexpr cufftType cufft = CUFFT_C2C;
  static constexpr double tolerance = 1e-5;  // only warns; typical is ~1e-7
  static cufftResult forward(cufftHandle plan, void* data) {
    auto* p = static_cast<cufftComplex*>(data);
    return cufftExecC2C(plan, p, p, CUFFT_FORWARD);
  }
};
template <>
struct Traits<double> {
  static constexpr Precision precision = Precision::f64;
  static constexpr fft3d_type fft3d = FFT3D_C2C_F64;
  static constexpr cufftType cufft = CUFFT_Z2Z;
  static constexpr double tolerance = 1e-12;  // typical is ~1e-16
  static cufftResult forward(cufftHandle plan, void* data) {
    auto* p = static_cast<cufftDoubleComplex*>(data);
    return cufftExecZ2Z(plan, p, p, CUFFT_FORWARD);
  }
};

}  // namespace fft3d_bench
