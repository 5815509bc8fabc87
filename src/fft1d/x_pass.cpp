#include "fft1d/x_pass.h"

#include <algorithm>
#include <sstream>

#include "fft1d/x_kernel.h"
#include "fft1d/x_kernel_source.h"
#include "gpu/carveout.h"
#include "gpu/dependent_launch.h"
#include "gpu/device_twiddles.h"
#include "gpu/module_cache.h"

namespace fft3d {

namespace {

// Launches the kernel over args.rows rows or columns, rows_per_line to a
// block line (2 for paired real rows). A grid has at most 2^31 - 1 blocks;
// larger batches take several launches (for columns, of whole column
// groups, so that each launch starts at row 0 of a group), the last first
// when the pass is reversed.
template <typename Real>
void launch(cudaKernel_t kernel, const XVariantFacts& facts, int rows_per_block, int rows_per_line, int n,
            bool columns, kern::XArgs<Real> args, cudaStream_t stream, bool dependent) {
  const long long rows = args.rows;
  long long max_rows = 2147483647LL * rows_per_block * rows_per_line;
  if (columns) max_rows -= max_rows % args.geometry.inner;
  const long long in_pitch = args.in_pitch ? args.in_pitch : 2LL * n;
  const long long out_pitch = args.out_pitch ? args.out_pitch : 2LL * n;
  Real* const in = reinterpret_cast<Real*>(args.data);
  Real* const out = reinterpret_cast<Real*>(args.out);
  const long long launches = (rows + max_rows - 1) / max_rows;
  for (long long i = 0; i < launches; ++i) {
    const long long first = (args.reversed ? launches - 1 - i : i) * max_rows;
    if (columns) {
      args.data = reinterpret_cast<kern::Complex<Real>*>(in) + first / args.geometry.inner * args.geometry.outer;
    } else {
      args.data = reinterpret_cast<kern::Complex<Real>*>(in + first * in_pitch);
      if (out) args.out = reinterpret_cast<kern::Complex<Real>*>(out + first * out_pitch);
    }
    args.rows = std::min(max_rows, rows - first);
    const long long lines = (args.rows + rows_per_line - 1) / rows_per_line;
    const long long blocks = (lines + rows_per_block - 1) / rows_per_block;
    launch_kernel(kernel, kern::XKernelParams<Real>(args).params, dim3(static_cast<unsigned>(blocks)),
                  dim3(static_cast<unsigned>(facts.threads_per_block)), static_cast<size_t>(facts.shared_bytes), stream,
                  dependent);
  }
}

template <typename Real>
kern::XArgs<Real> make_args(const void* in, void* out, long long rows, const void* twiddles,
                            kern::RowGeometry geometry, double scale, long long in_pitch, long long out_pitch) {
  kern::XArgs<Real> a{static_cast<kern::Complex<Real>*>(const_cast<void*>(in)), rows,
                      static_cast<const kern::Complex<Real>*>(twiddles), geometry, static_cast<Real>(scale)};
  a.out = out == in ? nullptr : static_cast<kern::Complex<Real>*>(out);
  a.in_pitch = in_pitch;
  a.out_pitch = out_pitch;
  return a;
}

}  // namespace

XPass::XPass(int n, Precision precision, const XVariant& variant, const DeviceInfo& device, int cross)
    : n_(n), cross_(cross), precision_(precision), variant_(variant), arch_(device.arch()) {
  if (n_ == 1) return;  // a length-1 transform is the identity
  facts_ = x_variant_facts(n, precision, variant);
  rows_per_line_ = make_x_layout(n, precision, variant).rows_per_line();
  if (!x_variant_fits(facts_, device.limits()))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, "X variant " + variant.name() + " for n=" + std::to_string(n) +
                                           " exceeds the limits of " + device.name);
  compile(false, false);
  if (variant.twiddle_table)
    twiddles_ = upload_twiddle_table(n, precision);
}

void XPass::compile(bool reversed, bool streams) {
  Kernels& k = kernels_[reversed][streams];
  if (n_ == 1 || k.library) return;
  k.library = std::make_unique<GpuLibrary>(
      cached_cubin(x_kernel_source(n_, precision_, variant_, reversed, cross_, streams), arch_));
  k.forward = k.library->kernel(kXForwardKernel, facts_.shared_bytes);
  k.inverse = k.library->kernel(kXInverseKernel, facts_.shared_bytes);
  for (cudaKernel_t kernel : {k.forward, k.inverse})
    prefer_carveout_from_environment(kernel, facts_.threads_per_block, facts_.shared_bytes);
}

void XPass::set_reversed(bool reversed) {
  reversed_ = reversed;
  compile(reversed_, streams_);
}

void XPass::set_streaming(bool streams) {
  streams_ = streams;
  compile(reversed_, streams_);
}

void XPass::run(void* data, long long rows, int sign, cudaStream_t stream, kern::RowGeometry geometry,
                double scale) const {
  launch_rows(data, data, rows, sign, stream, geometry, scale, 0, 0);
}

void XPass::run_rows(const void* in, void* out, long long rows, int sign, cudaStream_t stream, long long in_pitch,
                     long long out_pitch, double scale) const {
  launch_rows(in, out, rows, sign, stream, {1, 0, 1}, scale, in_pitch, out_pitch);
}

void XPass::launch_rows(const void* in, void* out, long long rows, int sign, cudaStream_t stream,
                        kern::RowGeometry geometry, double scale, long long in_pitch, long long out_pitch) const {
  if (rows == 0) return;
  if (n_ == 1) {  // the identity, but out of place it still moves the rows
    if (in != out) copy_rows(in, out, rows, in_pitch, out_pitch, stream);
    return;
  }
  const Kernels& form = kernels_[reversed_][streams_];
  cudaKernel_t k = sign < 0 ? form.forward : form.inverse;
  const bool cols = variant_.columns;
  const int rpb = variant_.rows_per_block;
  if (precision_ == Precision::f32) {
    auto args = make_args<float>(in, out, rows, twiddles_.get(), geometry, scale, in_pitch, out_pitch);
    args.reversed = reversed_;
    launch<float>(k, facts_, rpb, rows_per_line_, n_, cols, args, stream, dependent_);
  } else {
    auto args = make_args<double>(in, out, rows, twiddles_.get(), geometry, scale, in_pitch, out_pitch);
    args.reversed = reversed_;
    launch<double>(k, facts_, rpb, rows_per_line_, n_, cols, args, stream, dependent_);
  }
}

// Length-1 complex rows out of place: one strided copy.
void XPass::copy_rows(const void* in, void* out, long long rows, long long in_pitch, long long out_pitch,
                      cudaStream_t stream) const {
  const size_t real = precision_ == Precision::f32 ? 4 : 8;
  const size_t width = 2 * real;
  FFT3D_CUDA_CHECK(cudaMemcpy2DAsync(out, out_pitch ? static_cast<size_t>(out_pitch) * real : width, in,
                                     in_pitch ? static_cast<size_t>(in_pitch) * real : width, width,
                                     static_cast<size_t>(rows), cudaMemcpyDeviceToDevice, stream));
}

std::string XPass::describe() const {
  std::ostringstream s;
  if (n_ == 1) return "n=1, identity (no kernel)";
  s << (variant_.columns ? "one-pass column Stockham" : "shared-memory Stockham") << ", n=" << n_ << " "
    << precision_name(precision_)
    << ", variant " << variant_.name() << ", " << facts_.stages << " stages, "
    << facts_.threads_per_block << " threads/block, " << facts_.shared_bytes
    << " B shared/block, worst bank-conflict degree " << facts_.worst_conflict_degree
    << (streams_ ? ", streaming through L2" : "");
  return s.str();
}

}  // namespace fft3d
