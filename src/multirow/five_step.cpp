#include "multirow/five_step.h"

#include <cstdlib>
#include <sstream>
#include <vector>

#include "common/block_executor.h"
#include "common/error.h"
#include "fft1d/x_kernel_source.h"
#include "multirow/five_step_host.h"

namespace fft3d {

std::string FiveStepVariant::name() const {
  std::ostringstream s;
  s << "fivestep" << n1 << "x" << n2 << ".cols" << columns_per_block << ".tw-"
    << (twiddle_table ? "table" : "sincos");
  return s.str();
}

FiveStepVariant estimate_five_step_variant(int n, Precision precision) {
  FiveStepVariant best;
  for (int a = 2; a <= 16; ++a)
    for (int b = 2; b <= 16; ++b) {
      if (!kern::is_five_step_radix(a) || !kern::is_five_step_radix(b) || a * b != n) continue;
      if (best.n1 == 0 || std::abs(a - b) < std::abs(best.n1 - best.n2)) {
        best.n1 = a;
        best.n2 = b;
      }
    }
  best.columns_per_block = precision == Precision::f32 ? 32 : 16;  // 256-byte segments
  best.twiddle_table = (n & (n - 1)) != 0;
  return best;
}

kern::FiveStepLayout five_step_layout(const FiveStepVariant& v, bool pass_b) {
  if (v.n1 == 0) fail(FFT3D_ERROR_INTERNAL, "five-step variant without a split");
  return kern::FiveStepLayout{v.n1, v.n2, v.columns_per_block, pass_b, v.twiddle_table};
}

std::string five_step_kernel_source(const FiveStepVariant& v, Precision precision, bool reversed) {
  const char* real = precision == Precision::f32 ? "float" : "double";
  std::ostringstream s;
  s << "// fft3d five-step column kernels: " << v.name() << " " << precision_name(precision)
    << (reversed ? ", blocks walked from the last" : "") << "\n"
    << "#include \"multirow/five_step_kernel.h\"\n";
  for (bool pass_b : {false, true})
    for (int sign : {-1, +1}) {
      const std::string cfg = std::string("Cfg") + (pass_b ? "B" : "A") + (sign < 0 ? "F" : "I");
      const kern::FiveStepLayout L = five_step_layout(v, pass_b);
      s << "struct " << cfg << " {\n  using Real = " << real << ";\n  static constexpr int kSign = " << sign
        << ", kN1 = " << v.n1 << ", kN2 = " << v.n2 << ";\n"
        << "  static constexpr bool kReversed = " << (reversed ? "true" : "false") << ";\n"
        << "  __host__ __device__ static constexpr fft3d::kern::FiveStepLayout layout() {\n"
        << "    return fft3d::kern::FiveStepLayout{" << L.n1 << ", " << L.n2 << ", " << L.columns_per_block
        << ", " << (pass_b ? "true" : "false") << ", " << (L.twiddle_table ? "true" : "false") << "};\n  }\n};\n"
        << "extern \"C\" __global__ void __launch_bounds__(" << L.threads_per_block() << ") fft3d_fivestep_"
        << (pass_b ? "b" : "a") << "_" << (sign < 0 ? "forward" : "inverse") << x_kernel_parameters(real)
        << " {\n  fft3d::kern::await_previous_grid();\n  fft3d::kern::five_step_block_device<" << cfg << ">("
        << x_kernel_arguments(real) << ");\n}\n";
    }
  return s.str();
}

template <typename Real>
void run_five_step_on_cpu(const FiveStepVariant& v, int sign, const kern::XArgs<Real>& args, bool reversed_b) {
  for (bool pass_b : {false, true}) {
    const kern::FiveStepLayout L = five_step_layout(v, pass_b);
    const long long blocks = (args.rows + L.columns_per_block - 1) / L.columns_per_block;
    kern::XArgs<Real> a = args;
    if (pass_b) a.reversed = reversed_b;
    if (sign < 0)
      run_blocks_on_cpu(FiveStepOnHost<Real, -1>{L, a}, blocks);
    else
      run_blocks_on_cpu(FiveStepOnHost<Real, +1>{L, a}, blocks);
  }
}

template void run_five_step_on_cpu<float>(const FiveStepVariant&, int, const kern::XArgs<float>&, bool);
template void run_five_step_on_cpu<double>(const FiveStepVariant&, int, const kern::XArgs<double>&, bool);

}  // namespace fft3d
