#include "multirow/long_column_pass.h"

#include <sstream>

#include "common/error.h"
#include "fft1d/x_kernel_source.h"
#include "gpu/dependent_launch.h"
#include "gpu/device_twiddles.h"
#include "gpu/module_cache.h"

namespace fft3d {

namespace {

template <typename Real>
void launch_chunks(const cudaKernel_t a_kernel[2], const cudaKernel_t b_kernel[2], int inverse, int a_rows_per_block,
                   int a_threads, long long a_shared, int b_threads, const std::vector<LongColumnChunk>& chunks, void* data, void* work, const void* twiddles_n1,
                   const void* twiddles_length, double scale, cudaStream_t stream, bool dependent) {
  auto* array = static_cast<kern::Complex<Real>*>(data);
  auto* space = static_cast<kern::Complex<Real>*>(work);
  for (const LongColumnChunk& c : chunks) {
    kern::XArgs<Real> a{array + c.offset, c.a_columns, static_cast<const kern::Complex<Real>*>(twiddles_n1), c.a_in};
    a.out = space;
    a.out_geometry = c.a_out;
    a.long_twiddles = static_cast<const kern::Complex<Real>*>(twiddles_length);
    a.twiddle_width = c.twiddle_width;
    const long long a_blocks = (c.a_columns + a_rows_per_block - 1) / a_rows_per_block;
    launch_kernel(a_kernel[inverse], &a, dim3(static_cast<unsigned>(a_blocks)), dim3(static_cast<unsigned>(a_threads)),
                  static_cast<size_t>(a_shared), stream, dependent);
    kern::XArgs<Real> b{space, c.b_lines, nullptr, c.b_in, static_cast<Real>(scale)};
    b.out = array + c.offset;
    b.out_geometry = c.b_out;
    const long long b_blocks = (c.b_lines + b_threads - 1) / b_threads;
    launch_kernel(b_kernel[inverse], &b, dim3(static_cast<unsigned>(b_blocks)), dim3(static_cast<unsigned>(b_threads)),
                  0, stream, dependent);
  }
}

}  // namespace

LongColumnPass::LongColumnPass(const LongColumnVariant& variant, Precision precision, const DeviceInfo& device,
                               long long columns, const kern::RowGeometry& geometry)
    : variant_(variant), precision_(precision) {
  if (variant.n1 == 0) fail(FFT3D_ERROR_INTERNAL, "long-column pass without a split");
  const XVariantFacts f = x_variant_facts(variant.n1, precision, variant.a);
  if (!x_variant_fits(f, device.limits()))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "long-column pass A " + variant.a.name() + " exceeds the limits of " +
                                           device.name);
  a_shared_bytes_ = f.shared_bytes;
  a_threads_ = f.threads_per_block;
  const std::string arch = device.arch();
  library_a_ = std::make_unique<GpuLibrary>(
      cached_cubin(x_kernel_source(variant.n1, precision, variant.a, false, 0, false, variant.n2), arch));
  library_b_ = std::make_unique<GpuLibrary>(cached_cubin(long_column_b_source(variant, precision), arch));
  a_[0] = library_a_->kernel(kXForwardKernel, a_shared_bytes_);
  a_[1] = library_a_->kernel(kXInverseKernel, a_shared_bytes_);
  b_[0] = library_b_->kernel("fft3d_long_b_forward", 0);
  b_[1] = library_b_->kernel("fft3d_long_b_inverse", 0);
  if (variant.a.twiddle_table) twiddles_n1_ = upload_twiddle_table(variant.n1, precision);
  twiddles_length_ = upload_twiddle_table(variant.n1 * variant.n2, precision);
  const long long budget = variant.work_bytes / complex_bytes(precision);
  const long long elements =
      long_column_work_elements(variant.n1, variant.n2, long_column_chunks(variant.n1, variant.n2, columns, geometry, budget));
  work_ = DeviceBuffer(static_cast<size_t>(elements * complex_bytes(precision)));
}

void LongColumnPass::run(void* data, long long columns, int sign, cudaStream_t stream, kern::RowGeometry geometry,
                         double scale) const {
  if (columns == 0) return;
  const long long budget = variant_.work_bytes / complex_bytes(precision_);
  const std::vector<LongColumnChunk> chunks = long_column_chunks(variant_.n1, variant_.n2, columns, geometry, budget);
  const long long need = long_column_work_elements(variant_.n1, variant_.n2, chunks) * complex_bytes(precision_);
  if (need > static_cast<long long>(work_.bytes()))
    fail(FFT3D_ERROR_INTERNAL, "long-column pass run on columns its workspace was not sized for");
  const int inverse = sign < 0 ? 0 : 1;
  const int rpb = variant_.a.rows_per_block;
  if (precision_ == Precision::f32)
    launch_chunks<float>(a_, b_, inverse, rpb, a_threads_, a_shared_bytes_, variant_.b_threads, chunks, data,
                         work_.get(), twiddles_n1_.get(), twiddles_length_.get(), scale, stream, dependent_);
  else
    launch_chunks<double>(a_, b_, inverse, rpb, a_threads_, a_shared_bytes_, variant_.b_threads, chunks, data,
                          work_.get(), twiddles_n1_.get(), twiddles_length_.get(), scale, stream, dependent_);
}

std::string LongColumnPass::describe() const {
  std::ostringstream s;
  s << "long columns " << variant_.n1 * variant_.n2 << " = " << variant_.n1 << " x " << variant_.n2 << " "
    << precision_name(precision_) << ", " << variant_.name() << ", workspace " << work_.bytes() << " B";
  return s.str();
}

}  // namespace fft3d
