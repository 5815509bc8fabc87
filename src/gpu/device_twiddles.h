// The twiddle table of fft1d/twiddle_table.h, uploaded to the device for the
// kernels that read twiddles from a table (X "table" variants, five-step).
#pragma once
#include "common/precision.h"
#include "fft1d/twiddle_table.h"
#include "gpu/device_buffer.h"

namespace fft3d {

template <typename Real>
DeviceBuffer upload_twiddle_table(int n) {
  const auto table = forward_twiddle_table<Real>(n);
  DeviceBuffer buf(table.size() * sizeof table[0]);
  FFT3D_CUDA_CHECK(cudaMemcpy(buf.get(), table.data(), buf.bytes(), cudaMemcpyHostToDevice));
  return buf;
}

inline DeviceBuffer upload_twiddle_table(int n, Precision precision) {
  return precision == Precision::f32 ? upload_twiddle_table<float>(n) : upload_twiddle_table<double>(n);
}

}  // namespace fft3d
