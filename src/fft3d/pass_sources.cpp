#include "fft3d/pass_sources.h"

#include <algorithm>

#include "fft1d/cluster_row.h"
#include "fft1d/x_kernel_source.h"
#include "multirow/five_step.h"
#include "multirow/long_column.h"
#include "xy/xy_kernel_source.h"

namespace fft3d {

namespace {

std::string label(const GridPass& pass, const std::string& what) { return std::string(1, pass.axis) + " " + what; }

// Pass A's and pass B's kernels as LongColumnPass compiles them.
void add_long_column_sources(const GridPass& pass, Precision precision, std::vector<PassSource>& out) {
  const LongColumnVariant& v = pass.long_column;
  out.push_back({label(pass, v.name() + " A"), x_kernel_source(v.n1, precision, v.a, false, 0, false, v.n2)});
  std::string b;
  if (v.b_in_shared_memory()) {
    const kern::XLayout layout = long_column_b_layout_in_shared_memory(v, precision);
    b = x_kernel_source(v.n2, precision, v.b, false, 0, false, layout.long_n2, layout.transposed_store);
  } else {
    b = long_column_b_source(v, precision);
  }
  out.push_back({label(pass, v.name() + " B"), std::move(b)});
}

}  // namespace

std::vector<PassSource> pass_sources(const GridPass& pass, Precision precision) {
  std::vector<PassSource> out;
  if (pass.is_fused_xy()) {
    out.push_back({label(pass, pass.xy.name()), xy_kernel_source(pass.n, pass.ny, precision, pass.xy,
                                                                 std::max(pass.split, 1), pass.row_stride)});
  } else if (pass.is_five_step()) {
    out.push_back({label(pass, pass.five_step.name()),
                   five_step_kernel_source(pass.five_step, precision, pass.reversed || pass.reversed_b)});
  } else if (pass.is_long_column()) {
    add_long_column_sources(pass, precision, out);
  } else if (pass.is_cluster_row()) {
    out.push_back({label(pass, pass.cluster_row.name()), cluster_row_source(pass.n, precision, pass.cluster_row)});
  } else if (pass.n > 1) {  // a length-1 transform compiles nothing (XPass)
    out.push_back({label(pass, pass.variant.name()),
                   x_kernel_source(pass.n, precision, pass.variant, pass.reversed, pass.split, pass.streams)});
  }
  for (const GridPass& side : pass.side)
    for (PassSource& s : pass_sources(side, precision)) out.push_back({"side " + s.label, std::move(s.source)});
  return out;
}

std::vector<PassSource> real_rows_sources(const RealRowsPass& pass, Precision precision) {
  std::vector<PassSource> out;
  if (pass.is_cluster_row()) {
    out.push_back({"x " + pass.cluster_row.name(), cluster_row_source(pass.kernel_n, precision, pass.cluster_row)});
  } else if (pass.kernel_n > 0) {
    out.push_back({"x " + pass.variant.name(), x_kernel_source(pass.kernel_n, precision, pass.variant)});
    if (pass.inverse_variant)
      out.push_back({"x inverse " + pass.inverse_variant->name(),
                     x_kernel_source(pass.kernel_n, precision, *pass.inverse_variant)});
  }
  return out;
}

}  // namespace fft3d
