#include "multirow/long_column_pass.h"

#include <sstream>

#include "common/error.h"
#include "fft1d/x_kernel_source.h"
#include "gpu/dependent_launch.h"
#include "gpu/device_twiddles.h"
#include "gpu/module_cache.h"

namespace fft3d {

LongColumnPass::LongColumnPass(const LongColumnVariant& variant, Precision precision, const DeviceInfo& device,
                               long long columns, const kern::RowGeometry& geometry)
    : variant_(variant), precision_(precision) {
  if (variant.n1 == 0) fail(FFT3D_ERROR_INTERNAL, "long-column pass without a split");
  columns_ = columns;
  geometry_ = geometry;
  chunks_ = long_column_chunks(variant, precision, columns, geometry);  // refuses geometries the variant cannot run
  const XVariantFacts f = x_variant_facts(variant.n1, precision, variant.a);
  if (!x_variant_fits(f, device.limits()))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "long-column pass A " + variant.a.name() + " exceeds the limits of " +
                                           device.name);
  a_shared_bytes_ = f.shared_bytes;
  a_threads_ = f.threads_per_block;
  const std::string arch = device.arch();
  library_a_ = std::make_unique<GpuLibrary>(
      cached_cubin(x_kernel_source(variant.n1, precision, variant.a, false, 0, false, variant.n2), arch));
  a_[0] = library_a_->kernel(kXForwardKernel, a_shared_bytes_);
  a_[1] = library_a_->kernel(kXInverseKernel, a_shared_bytes_);
  if (variant.b_in_shared_memory()) {  // pass B: rows of n2 with the transposed store, or columns of n2
    const kern::XLayout b = long_column_b_layout_in_shared_memory(variant, precision);
    const XVariantFacts fb = layout_facts(b, precision);
    if (!x_variant_fits(fb, device.limits()))
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "long-column pass B " + variant.b.name() + " exceeds the limits of " +
                                             device.name);
    b_shared_bytes_ = fb.shared_bytes;
    b_threads_ = fb.threads_per_block;
    b_lines_per_block_ = b.rows_per_block;
    library_b_ = std::make_unique<GpuLibrary>(cached_cubin(
        x_kernel_source(variant.n2, precision, variant.b, false, 0, false, b.long_n2, b.transposed_store), arch));
    b_[0] = library_b_->kernel(kXForwardKernel, b_shared_bytes_);
    b_[1] = library_b_->kernel(kXInverseKernel, b_shared_bytes_);
    if (variant.b.twiddle_table) twiddles_n2_ = upload_twiddle_table(variant.n2, precision);
  } else {
    b_threads_ = b_lines_per_block_ = variant.b_threads;
    library_b_ = std::make_unique<GpuLibrary>(cached_cubin(long_column_b_source(variant, precision), arch));
    b_[0] = library_b_->kernel("fft3d_long_b_forward", 0);
    b_[1] = library_b_->kernel("fft3d_long_b_inverse", 0);
  }
  if (variant.a.twiddle_table) twiddles_n1_ = upload_twiddle_table(variant.n1, precision);
  twiddles_length_ = upload_long_twiddle_table(variant.n1, variant.n2, precision);
  work_ = DeviceBuffer(static_cast<size_t>(long_column_work_elements(variant.n1, chunks_) * complex_bytes(precision)));
}

template <typename Real>
void LongColumnPass::launch_chunks(const std::vector<LongColumnChunk>& chunks, const void* in, void* out,
                                   int inverse, double scale, cudaStream_t stream) const {
  // Pass A only reads its array (XArgs::data is not const for in-place kernels).
  auto* source = static_cast<kern::Complex<Real>*>(const_cast<void*>(in));
  auto* array = static_cast<kern::Complex<Real>*>(out);
  auto* work = static_cast<kern::Complex<Real>*>(work_.get());
  const auto* twiddles_n1 = static_cast<const kern::Complex<Real>*>(twiddles_n1_.get());
  const auto* twiddles_length = static_cast<const kern::Complex<Real>*>(twiddles_length_.get());
  const auto* twiddles_n2 = static_cast<const kern::Complex<Real>*>(twiddles_n2_.get());
  const int a_rows = variant_.a.rows_per_block, b_lines = b_lines_per_block_;
  for (const LongColumnChunk& c : chunks) {
    kern::XArgs<Real> a = long_column_a_args<Real>(c, source, work, twiddles_n1, twiddles_length);
    launch_kernel(a_[inverse], kern::XKernelParams<Real>(a).params,
                  dim3(static_cast<unsigned>((c.a_columns + a_rows - 1) / a_rows)),
                  dim3(static_cast<unsigned>(a_threads_)), static_cast<size_t>(a_shared_bytes_), stream, dependent_);
    kern::XArgs<Real> b = long_column_b_args<Real>(c, array, work, static_cast<Real>(scale), twiddles_n2);
    launch_kernel(b_[inverse], kern::XKernelParams<Real>(b).params,
                  dim3(static_cast<unsigned>((c.b_lines + b_lines - 1) / b_lines)),
                  dim3(static_cast<unsigned>(b_threads_)), static_cast<size_t>(b_shared_bytes_), stream, dependent_);
  }
}

void LongColumnPass::run(void* data, long long columns, int sign, cudaStream_t stream, kern::RowGeometry geometry,
                         double scale) const {
  run_out(data, data, columns, sign, stream, geometry, scale);
}

void LongColumnPass::run_out(const void* in, void* out, long long columns, int sign, cudaStream_t stream,
                             kern::RowGeometry geometry, double scale) const {
  if (columns == 0) return;
  const bool planned = columns == columns_ && geometry.inner == geometry_.inner &&
                       geometry.outer == geometry_.outer && geometry.stride == geometry_.stride &&
                       geometry.split == geometry_.split;
  std::vector<LongColumnChunk> other;
  if (!planned) {
    other = long_column_chunks(variant_, precision_, columns, geometry);
    if (long_column_work_elements(variant_.n1, other) * complex_bytes(precision_) >
        static_cast<long long>(work_.bytes()))
      fail(FFT3D_ERROR_INTERNAL, "long-column pass run on columns its workspace was not sized for");
  }
  const std::vector<LongColumnChunk>& chunks = planned ? chunks_ : other;
  const int inverse = sign < 0 ? 0 : 1;
  if (precision_ == Precision::f32)
    launch_chunks<float>(chunks, in, out, inverse, scale, stream);
  else
    launch_chunks<double>(chunks, in, out, inverse, scale, stream);
}

std::string LongColumnPass::describe() const {
  std::ostringstream s;
  s << "long-column form " << variant_.n1 * variant_.n2 << " = " << variant_.n1 << " x " << variant_.n2 << " "
    << precision_name(precision_) << ", " << variant_.name() << ", workspace " << work_.bytes() << " B"
    << (variant_.rows_in_shared_memory()      ? ", pass B: rows in shared memory, transposed store"
        : variant_.columns_in_shared_memory() ? ", pass B: columns in shared memory"
                                              : "");
  return s.str();
}

}  // namespace fft3d
