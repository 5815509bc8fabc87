#include "multirow/five_step_pass.h"

#include <algorithm>

#include "gpu/dependent_launch.h"
#include "gpu/device_twiddles.h"
#include "gpu/module_cache.h"

namespace fft3d {

namespace {

template <typename Real>
void launch(cudaKernel_t kernel, const kern::FiveStepLayout& L, void* data, long long columns,
            const void* twiddles, kern::RowGeometry g, double scale, bool reversed, cudaStream_t stream,
            bool dependent) {
  // At most 2^31 - 1 blocks per launch, each launch starting on a column
  // group; reversed, the last launch first.
  long long max_cols = 2147483647LL * L.columns_per_block;
  max_cols -= max_cols % g.inner;
  const long long launches = (columns + max_cols - 1) / max_cols;
  for (long long i = 0; i < launches; ++i) {
    const long long first = (reversed ? launches - 1 - i : i) * max_cols;
    kern::XArgs<Real> args{static_cast<kern::Complex<Real>*>(data) + first / g.inner * g.outer,
                           std::min(max_cols, columns - first), static_cast<const kern::Complex<Real>*>(twiddles), g,
                           static_cast<Real>(scale)};
    args.reversed = reversed;
    const long long blocks = (args.rows + L.columns_per_block - 1) / L.columns_per_block;
    launch_kernel(kernel, kern::XKernelParams<Real>(args).params, dim3(static_cast<unsigned>(blocks)),
                  dim3(static_cast<unsigned>(L.threads_per_block())), 0, stream, dependent);
  }
}

const char* const kNames[2][2] = {{"fft3d_fivestep_a_forward", "fft3d_fivestep_a_inverse"},
                                  {"fft3d_fivestep_b_forward", "fft3d_fivestep_b_inverse"}};
}  // namespace

FiveStepPass::FiveStepPass(const FiveStepVariant& variant, Precision precision, const DeviceInfo& device)
    : variant_(variant), precision_(precision), arch_(device.arch()) {
  library_ = std::make_unique<GpuLibrary>(cached_cubin(five_step_kernel_source(variant, precision), arch_));
  for (int b = 0; b < 2; ++b)
    for (int i = 0; i < 2; ++i) kernels_[b][i] = library_->kernel(kNames[b][i], 0);
  if (variant.twiddle_table) {
    const int n = variant.n1 * variant.n2;
    twiddles_ = upload_twiddle_table(n, precision);
  }
}

void FiveStepPass::set_reversed(bool a, bool b) {
  reversed_[0] = a;
  reversed_[1] = b;
  if (!(a || b) || reversed_library_) return;
  reversed_library_ =
      std::make_unique<GpuLibrary>(cached_cubin(five_step_kernel_source(variant_, precision_, true), arch_));
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < 2; ++i) reversed_kernels_[p][i] = reversed_library_->kernel(kNames[p][i], 0);
}

void FiveStepPass::run(void* data, long long columns, int sign, cudaStream_t stream,
                       kern::RowGeometry geometry, double scale) const {
  if (columns == 0) return;
  const int inv = sign < 0 ? 0 : 1;
  for (int b = 0; b < 2; ++b) {
    const kern::FiveStepLayout L = five_step_layout(variant_, b == 1);
    const double s = b == 1 ? scale : 1.0;  // pass B stores the final values
    cudaKernel_t k = reversed_[b] ? reversed_kernels_[b][inv] : kernels_[b][inv];
    if (precision_ == Precision::f32)
      launch<float>(k, L, data, columns, twiddles_.get(), geometry, s, reversed_[b], stream, dependent_);
    else
      launch<double>(k, L, data, columns, twiddles_.get(), geometry, s, reversed_[b], stream, dependent_);
  }
}

std::string FiveStepPass::describe() const {
  return "five-step " + variant_.name() + " (" + precision_name(precision_) + ")";
}

}  // namespace fft3d
