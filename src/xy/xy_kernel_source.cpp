#include "xy/xy_kernel_source.h"

#include <sstream>
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
  std::string tail;  // the layout's fields after `buffers`, where not their defaults
  if (L.row_stride > 0)  // whole complex rows, X first (xy_rows_may_stride): the others at their defaults
    tail = ", " + std::to_string(L.split) + ", " + std::to_string(L.split_inverse) +
           ", false, false, true, false, false, 0, " + std::to_string(L.row_stride);
  else if (L.split > 1 || L.columns_first || L.strided_rows)
    tail = ", " + std::to_string(L.split) + ", " + std::to_string(L.split_inverse);
  if (L.columns_first || L.strided_rows) tail += L.columns_first ? ", true" : ", false";
  if (L.strided_rows) tail += ", true";
  const bool after_pads = L.y_loads || L.row_swizzle;  // a field after row_pads is set (a ring swizzles)
  if (L.strided_rows && (!L.row_pads || after_pads)) tail += L.row_pads ? ", true" : ", false";  // XYLayout::row_pads
  if (after_pads) tail += L.y_loads ? ", true" : ", false";                                      // XYLayout::y_loads
  if (L.row_swizzle || L.ring_rows > 0) tail += L.row_swizzle ? ", true" : ", false";           // XYLayout::row_swizzle
  if (L.ring_rows > 0) tail += ", " + std::to_string(L.ring_rows);                              // XYLayout::ring_rows
  for (int sign : signs) {
    s << "struct Cfg" << (sign < 0 ? "Forward" : "Inverse") << " {\n"
      << "  using Real = " << real << ";\n"
      << "  static constexpr int kSign = " << sign << ";\n"
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
