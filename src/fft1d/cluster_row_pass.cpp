#include "fft1d/cluster_row_pass.h"

#include <algorithm>
#include <sstream>

#include "common/error.h"
#include "gpu/cluster_launch.h"
#include "gpu/cuda_check.h"
#include "gpu/device_twiddles.h"
#include "gpu/module_cache.h"

namespace fft3d {

ClusterRowPass::ClusterRowPass(int length, Precision precision, const ClusterRowVariant& variant,
                               const DeviceInfo& device)
    : length_(length),
      precision_(precision),
      variant_(variant),
      layout_(make_cluster_row_layout(length, precision, variant)) {
  if (!cluster_row_fits(length, precision, variant, device.limits()))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "cluster rows " + variant.name() + " for n=" + std::to_string(length) +
                                           " exceed the limits of " + device.name);
  shared_bytes_ = layout_.local.shared_bytes(real_bytes(precision));
  library_ = std::make_unique<GpuLibrary>(cached_cubin(cluster_row_source(length, precision, variant), device.arch()));
  kernels_[0] = library_->kernel(kClusterRowForwardKernel, shared_bytes_);
  kernels_[1] = library_->kernel(kClusterRowInverseKernel, shared_bytes_);
  for (cudaKernel_t k : kernels_) {
    if (variant.cluster > kPortableCluster)
      FFT3D_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(k),
                                            cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    // Refused here, with a message, rather than at the first launch.
    cudaLaunchAttribute attrs[2];
    const cudaLaunchConfig_t config =
        cluster_launch(variant.cluster, layout_.threads(), shared_bytes_, nullptr, attrs, variant.cluster, false);
    int clusters = 0;
    FFT3D_CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, reinterpret_cast<const void*>(k), &config));
    if (clusters < 1)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "the device cannot schedule a cluster of " + std::to_string(variant.cluster) +
                                             " blocks with " + std::to_string(shared_bytes_) +
                                             " B of shared memory each (" + variant.name() + ")");
  }
  if (variant.local.twiddle_table) twiddles_ = upload_twiddle_table(layout_.local.n, precision);
}

void ClusterRowPass::run(void* data, long long rows, int sign, cudaStream_t stream, kern::RowGeometry geometry,
                         double scale) const {
  if (variant_.columns == 0) return run_out(data, data, rows, sign, stream, scale);
  if (precision_ == Precision::f32)
    launch_columns<float>(data, rows, sign, stream, geometry, scale);
  else
    launch_columns<double>(data, rows, sign, stream, geometry, scale);
}

void ClusterRowPass::run_out(const void* in, void* out, long long rows, int sign, cudaStream_t stream,
                             double scale) const {
  run_rows(in, out, rows, sign, stream, 0, 0, scale);
}

void ClusterRowPass::run_rows(const void* in, void* out, long long rows, int sign, cudaStream_t stream,
                              long long in_pitch, long long out_pitch, double scale) const {
  if (precision_ == Precision::f32)
    launch<float>(in, out, rows, sign, stream, in_pitch, out_pitch, scale);
  else
    launch<double>(in, out, rows, sign, stream, in_pitch, out_pitch, scale);
}

// One cluster a row; a grid has at most 2^31 - 1 blocks, so very many rows
// take several launches.
template <typename Real>
void ClusterRowPass::launch(const void* in, void* out, long long rows, int sign, cudaStream_t stream,
                            long long in_pitch, long long out_pitch, double scale) const {
  const int c = variant_.cluster;
  const long long max_rows = 2147483647LL / c;
  // Complex values between rows.
  const long long in_step = in_pitch ? in_pitch / 2 : length_, out_step = out_pitch ? out_pitch / 2 : length_;
  for (long long first = 0; first < rows; first += max_rows) {
    kern::XArgs<Real> a{const_cast<kern::Complex<Real>*>(static_cast<const kern::Complex<Real>*>(in)) +
                            first * in_step,
                        std::min(max_rows, rows - first), static_cast<const kern::Complex<Real>*>(twiddles_.get()),
                        kern::RowGeometry{1, 0, 1}, static_cast<Real>(scale)};
    a.out = in == out ? nullptr : static_cast<kern::Complex<Real>*>(out) + first * out_step;
    a.in_pitch = in_pitch;
    a.out_pitch = out_pitch;
    enqueue(a, a.rows, sign, stream);
  }
}

// One cluster a group of variant_.columns columns (the last may be ragged).
template <typename Real>
void ClusterRowPass::launch_columns(void* data, long long columns, int sign, cudaStream_t stream,
                                    kern::RowGeometry geometry, double scale) const {
  const int c = variant_.cluster;
  const long long groups = (columns + variant_.columns - 1) / variant_.columns;
  if (groups * c > 2147483647LL)
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "cluster columns: " + std::to_string(columns) + " columns need more blocks "
                                       "than one launch has");
  const kern::XArgs<Real> a{static_cast<kern::Complex<Real>*>(data), columns,
                            static_cast<const kern::Complex<Real>*>(twiddles_.get()), geometry,
                            static_cast<Real>(scale)};
  enqueue(a, groups, sign, stream);
}

// One launch of `clusters` clusters of the direction's kernel.
template <typename Real>
void ClusterRowPass::enqueue(const kern::XArgs<Real>& a, long long clusters, int sign, cudaStream_t stream) const {
  const int c = variant_.cluster;
  cudaLaunchAttribute attrs[2];
  const cudaLaunchConfig_t config =
      cluster_launch(clusters * c, layout_.threads(), shared_bytes_, stream, attrs, c, dependent_);
  kern::XArgs<Real> args = a;
  FFT3D_CUDA_CHECK(cudaLaunchKernelExC(&config, reinterpret_cast<const void*>(kernels_[sign < 0 ? 0 : 1]),
                                       kern::XKernelParams<Real>(args).params));
  FFT3D_CUDA_CHECK(cudaGetLastError());
}

std::string ClusterRowPass::describe() const {
  std::ostringstream s;
  s << (variant_.real              ? "real cluster rows (half length), n="
         : variant_.columns > 0 ? "cluster columns, n="
                                : "cluster rows, n=")
    << length_ << " "
    << precision_name(precision_) << " as " << variant_.cluster << " x "
    << layout_.local.n << ", variant " << variant_.name() << ", " << layout_.threads() << " threads/block, "
    << shared_bytes_ << " B shared/block";
  return s.str();
}

}  // namespace fft3d
