#include "xy/xy_kernel_source.h"

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "fft1d/x_kernel_source.h"

namespace fft3d {

std::string xy_kernel_source(int nx, int ny, Precision precision, const XYVariant& v, int split, int row_stride) {
  const kern::XYLayout L = make_xy_layout(nx, ny, precision, v, split, row_stride);
  const char* real = precision == Precision::f32 ? "float" : "double";
  std::ostringstream s;
  s << "// fft3d fused XY kernel: " << nx << " x " << ny << " " << precision_name(precision) << " " << v.name()
    << (split > 1 ? ", split-Y first pass, " + std::to_string(split) + " residue classes" : "")
    << (row_stride > 0 ? ", rows " + std::to_string(row_stride) + " apart" : "")
    << "\n#include \"xy/xy_kernel.h\"\n\n";
  // Real rows run one way: X first the R2C forward, columns first the C2R
  // inverse. Real pairs run forward.
  const std::vector<int> signs = L.real_pairs()     ? std::vector<int>{-1}
                                 : !L.real_rows()   ? std::vector<int>{-1, +1}
                                 : L.columns_first ? std::vector<int>{+1}
                                                   : std::vector<int>{-1};
  // The layout's fields after `buffers`, in order, up to the last one that
  // differs from its default (those after it keep theirs).
  const kern::XYLayout defaults{};
  auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  const std::vector<std::pair<std::string, bool>> fields = {
      {std::to_string(L.split), L.split != defaults.split},
      {std::to_string(L.split_inverse), L.split_inverse != defaults.split_inverse},
      {flag(L.columns_first), L.columns_first != defaults.columns_first},
      {flag(L.strided_rows), L.strided_rows != defaults.strided_rows},
      {flag(L.row_pads), L.row_pads != defaults.row_pads},
      {flag(L.y_loads), L.y_loads != defaults.y_loads},
      {flag(L.row_swizzle), L.row_swizzle != defaults.row_swizzle},
      {std::to_string(L.ring_rows), L.ring_rows != defaults.ring_rows},
      {std::to_string(L.row_stride), L.row_stride != defaults.row_stride}};
  size_t written = 0;
  for (size_t i = 0; i < fields.size(); ++i)
    if (fields[i].second) written = i + 1;
  std::string tail;
  for (size_t i = 0; i < written; ++i) tail += ", " + fields[i].first;
  for (int sign : signs) {
    s << "struct Cfg" << (sign < 0 ? "Forward" : "Inverse") << " {\n"
      << "  using Real = " << real << ";\n"
      << "  static constexpr int kSign = " << sign << ";\n"
      << thread_index_member(v.thread_index)
      << "  __host__ __device__ static constexpr fft3d::kern::XYLayout layout() {\n"
      << "    return fft3d::kern::XYLayout{" << x_layout_initializer(L.x.for_direction(sign)) << ", "
      << x_layout_initializer(L.y) << ", " << L.cluster << ", " << L.load_depth << ", " << L.buffers << tail
      << "};\n  }\n};\n";
  }
  std::ostringstream bounds;
  bounds << L.threads_per_block();
  if (v.min_blocks_per_sm > 0) bounds << ", " << v.min_blocks_per_sm;
  for (int sign : signs) {
    s << "\nextern \"C\" __global__ void __launch_bounds__(" << bounds.str() << ") "
      << (sign < 0 ? kXYForwardKernel : kXYInverseKernel) << "(fft3d::kern::XYArgs<" << real
      << "> a) {\n  fft3d::kern::await_previous_grid();\n  fft3d::kern::xy_block_device<Cfg"
      << (sign < 0 ? "Forward" : "Inverse") << ">(a);\n}\n";
  }
  return s.str();
}

}  // namespace fft3d
