#include "fft1d/x_pass.h"

#include <algorithm>
#include <sstream>

#include "fft1d/x_kernel.h"
#include "fft1d/x_kernel_source.h"
#include "gpu/device_twiddles.h"
#include "gpu/module_cache.h"

namespace fft3d {

namespace {

template <typename Real>
void launch(cudaKernel_t kernel, const XVariantFacts& facts, int rows_per_block, int n, bool columns,
            void* data, long long rows, const void* twiddles, kern::RowGeometry geometry, double scale,
            cudaStream_t stream) {
  // A grid has at most 2^31 - 1 blocks; larger batches take several launches
  // (of whole column groups, so that each launch starts at row 0 of a group).
  long long max_rows = 2147483647LL * rows_per_block;
  if (columns) max_rows -= max_rows % geometry.inner;
  for (long long first = 0; first < rows; first += max_rows) {
    const long long offset = columns ? first / geometry.inner * geometry.outer : first * n;
    kern::XArgs<Real> args{static_cast<kern::Complex<Real>*>(data) + offset, std::min(max_rows, rows - first),
                           static_cast<const kern::Complex<Real>*>(twiddles), geometry,
                           static_cast<Real>(scale)};
    const long long blocks = (args.rows + rows_per_block - 1) / rows_per_block;
    void* params[] = {&args};
    FFT3D_CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(kernel),
                                      dim3(static_cast<unsigned>(blocks)),
                                      dim3(static_cast<unsigned>(facts.threads_per_block)), params,
                                      static_cast<size_t>(facts.shared_bytes), stream));
    FFT3D_CUDA_CHECK(cudaGetLastError());
  }
}

}  // namespace

XPass::XPass(int n, Precision precision, const XVariant& variant, const DeviceInfo& device)
    : n_(n), precision_(precision), variant_(variant) {
  if (n_ == 1) return;  // a length-1 transform is the identity
  facts_ = x_variant_facts(n, precision, variant);
  if (!x_variant_fits(facts_, device.limits()))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "X variant " + variant.name() + " for n=" + std::to_string(n) +
                                           " exceeds the limits of " + device.name);
  library_ = std::make_unique<GpuLibrary>(cached_cubin(x_kernel_source(n, precision, variant), device.arch()));
  forward_ = library_->kernel(kXForwardKernel, facts_.shared_bytes);
  inverse_ = library_->kernel(kXInverseKernel, facts_.shared_bytes);
  if (variant.twiddle_table)
    twiddles_ = upload_twiddle_table(n, precision);
}

void XPass::run(void* data, long long rows, int sign, cudaStream_t stream, kern::RowGeometry geometry,
                double scale) const {
  if (n_ == 1 || rows == 0) return;
  cudaKernel_t k = sign < 0 ? forward_ : inverse_;
  const bool cols = variant_.columns;
  if (precision_ == Precision::f32)
    launch<float>(k, facts_, variant_.rows_per_block, n_, cols, data, rows, twiddles_.get(), geometry, scale, stream);
  else
    launch<double>(k, facts_, variant_.rows_per_block, n_, cols, data, rows, twiddles_.get(), geometry, scale,
                   stream);
}

std::string XPass::describe() const {
  std::ostringstream s;
  if (n_ == 1) return "n=1, identity (no kernel)";
  s << (variant_.columns ? "one-pass column Stockham" : "shared-memory Stockham") << ", n=" << n_ << " "
    << precision_name(precision_)
    << ", variant " << variant_.name() << ", " << facts_.stages << " stages, "
    << facts_.threads_per_block << " threads/block, " << facts_.shared_bytes
    << " B shared/block, worst bank-conflict degree " << facts_.worst_conflict_degree;
  return s.str();
}

}  // namespace fft3d
