#include "fft1d/x_kernel_source.h"

#include <sstream>

namespace fft3d {

std::string x_kernel_parameters(const std::string& real) {
  return "(fft3d::kern::XMainArgs<" + real + "> main_args, fft3d::kern::XLongArgs<" + real + "> long_args)";
}

std::string x_kernel_arguments(const std::string& real) {
  return "fft3d::kern::XArgs<" + real + ">{main_args, long_args}";
}

std::string x_layout_initializer(const kern::XLayout& L) {
  std::ostringstream s;
  s << "fft3d::kern::XLayout{" << L.n << ", " << L.stages << ", {";
  for (int i = 0; i < L.stages; ++i) s << (i ? ", " : "") << L.radix[i];
  s << "}, " << L.threads_per_row << ", " << L.rows_per_block << ", {";
  for (int e = 0; e + 1 < L.stages; ++e)
    s << (e ? ", " : "") << "{" << L.exchange[e].period << ", " << L.exchange[e].amount << "}";
  s << "}, " << L.row_pad << ", " << (L.twiddle_table ? "true" : "false") << ", "
    << (L.columns ? "true" : "false") << ", " << L.real_io;
  // Fields at their defaults are left out, so other kernels' sources stay as they were.
  const bool plane = L.plane_nx > 0, more = L.transposed_store || plane;
  if (L.cross > 0 || L.exchange_buffers > 1 || L.long_n2 > 0 || more) s << ", " << L.cross;
  if (L.exchange_buffers > 1 || L.long_n2 > 0 || more) s << ", " << L.exchange_buffers;
  if (L.long_n2 > 0 || more) s << ", " << L.long_n2;
  if (more) s << ", " << (L.transposed_store ? "true" : "false");
  if (plane) s << ", " << L.plane_nx;
  s << "}";
  return s.str();
}

std::string thread_index_member(ThreadIndex form) {
  if (form == ThreadIndex::by_rule) return "";  // other kernels' sources stay as they were
  return "  static constexpr int kThreadIndex = " + std::to_string(thread_index_constant(form)) + ";\n";
}

std::string x_kernel_source(int n, Precision precision, const XVariant& v, bool reversed, int cross, bool streams,
                            int long_n2, bool transposed_store) {
  kern::XLayout L = transposed_store ? long_row_b_layout(n, precision, v) : make_x_layout(n, precision, v);
  L.cross = cross;
  L.long_n2 = long_n2;
  const char* real = precision == Precision::f32 ? "float" : "double";
  std::ostringstream s;
  s << "// fft3d X-axis kernel: n=" << n << " " << precision_name(precision) << " " << v.name()
    << (reversed ? ", blocks walked from the last" : "")
    << (cross > 0 ? ", split-Y columns with a " + std::to_string(cross) + "-point cross phase" : "")
    << (long_n2 > 0 ? ", pass A of long columns (n2 = " + std::to_string(long_n2) + ")" : "")
    << (transposed_store ? ", pass B of long rows (transposed store)" : "")
    << (streams ? ", streaming through L2 (the last pass)\n#define FFT3D_L2_STREAMING 1" : "")
    << "\n#include \"fft1d/x_kernel.h\"\n\n";
  for (int sign : {-1, +1}) {
    s << "struct Cfg" << (sign < 0 ? "Forward" : "Inverse") << " {\n"
      << "  using Real = " << real << ";\n"
      << "  static constexpr int kSign = " << sign << ";\n"
      << "  static constexpr bool kReversed = " << (reversed ? "true" : "false") << ";\n"
      << thread_index_member(v.thread_index)
      << "  __host__ __device__ static constexpr fft3d::kern::XLayout layout() {\n"
      << "    return " << x_layout_initializer(L.for_direction(sign)) << ";\n  }\n};\n";
  }
  std::ostringstream bounds;
  bounds << L.threads_per_block();
  if (v.min_blocks_per_sm > 0) bounds << ", " << v.min_blocks_per_sm;
  for (int sign : {-1, +1}) {
    s << "\nextern \"C\" __global__ void __launch_bounds__(" << bounds.str() << ") "
      << (sign < 0 ? kXForwardKernel : kXInverseKernel) << x_kernel_parameters(real)
      << " {\n  fft3d::kern::await_previous_grid();\n  fft3d::kern::x_block_device<Cfg"
      << (sign < 0 ? "Forward" : "Inverse") << ">(" << x_kernel_arguments(real) << ");\n}\n";
  }
  return s.str();
}

}  // namespace fft3d
