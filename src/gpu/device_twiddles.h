// The twiddle table of fft1d/twiddle_table.h, uploaded to the device for the
// kernels that read twiddles from a table (X "table" variants, five-step).
#pragma once
#include "common/precision.h"
#include "fft1d/twiddle_table.h"
#include "gpu/device_buffer.h"

namespace fft3d {

template <typename Real>
DeviceBuffer upload_table(const std::vector<kern::Complex<Real>>& table) {
  DeviceBuffer buf(table.size() * sizeof table[0]);
  FFT3D_CUDA_CHECK(cudaMemcpy(buf.get(), table.data(), buf.bytes(), cudaMemcpyHostToDevice));
  return buf;
}

inline DeviceBuffer upload_twiddle_table(int n, Precision precision) {
  return precision == Precision::f32 ? upload_table(forward_twiddle_table<float>(n))
                                     : upload_table(forward_twiddle_table<double>(n));
}

// long_twiddle_table: long columns' pass A.
inline DeviceBuffer upload_long_twiddle_table(int n1, int n2, Precision precision) {
  return precision == Precision::f32 ? upload_table(long_twiddle_table<float>(n1, n2))
                                     : upload_table(long_twiddle_table<double>(n1, n2));
}

}  // namespace fft3d
