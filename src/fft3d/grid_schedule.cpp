#include "fft3d/grid_schedule.h"

#include <sstream>

#include "common/error.h"
#include "common/factor.h"

namespace fft3d {

namespace {

void check_length(char axis, int n, Precision precision) {
  if (long long f = first_unsupported_factor(n))
    fail(FFT3D_ERROR_UNSUPPORTED_SIZE, std::string("n") + axis + "=" + std::to_string(n) +
                                           " has the prime factor " + std::to_string(f) +
                                           "; the GPU kernels support 2, 3, 5 and 7");
  (void)precision;
}

GridPass column_pass(char axis, int n, long long count, kern::RowGeometry geometry, Precision precision,
                     const DeviceLimits& limits, ColumnMethod method, const VariantPreference& preferred) {
  GridPass pass{axis, n, count, geometry, XVariant{}, FiveStepVariant{}};
  const FiveStepVariant five = estimate_five_step_variant(n, precision);
  if (method == ColumnMethod::five_step) {
    if (five.n1 == 0)
      fail(FFT3D_ERROR_UNSUPPORTED_SIZE, std::string("n") + axis + "=" + std::to_string(n) +
                                             " has no five-step split into two radices of at most 16");
    pass.five_step = five;
    return pass;
  }
  if (method != ColumnMethod::five_step)
    if (auto v = valid_preference(preferred, "columns", n, precision, limits)) {
      pass.variant = *v;
      return pass;
    }
  try {
    pass.variant = estimate_column_variant(n, precision, limits);
  } catch (const Error&) {
    if (method == ColumnMethod::one_pass || five.n1 == 0) throw;
    pass.five_step = five;  // the column does not fit shared memory
  }
  return pass;
}

}  // namespace

std::optional<XVariant> valid_preference(const VariantPreference& preferred, const std::string& kind, int n,
                                         Precision precision, const DeviceLimits& limits) {
  if (!preferred) return std::nullopt;
  const std::optional<XVariant> v = preferred(kind, n);
  if (!v || v->columns != (kind == "columns")) return std::nullopt;
  if (!variant_factors(*v, n) || v->threads_per_row < 1 || v->rows_per_block < 1) return std::nullopt;
  if (!x_variant_fits(x_variant_facts(n, precision, *v), limits)) return std::nullopt;
  return v;
}

std::vector<GridPass> make_grid_schedule(int nx, int ny, int nz, Precision precision,
                                         const DeviceLimits& limits, ColumnMethod method,
                                         const VariantPreference& preferred) {
  check_length('x', nx, precision);
  check_length('y', ny, precision);
  check_length('z', nz, precision);
  const long long plane = static_cast<long long>(nx) * ny;
  std::vector<GridPass> passes;
  if (nx > 1) {
    const auto v = valid_preference(preferred, "rows", nx, precision, limits);
    passes.push_back({'x', nx, static_cast<long long>(ny) * nz, {1, 0, 1},
                      v ? *v : estimate_x_variant(nx, precision, limits), FiveStepVariant{}});
  }
  if (ny > 1)
    passes.push_back(column_pass('y', ny, static_cast<long long>(nx) * nz, {nx, plane, nx}, precision, limits,
                                 method, preferred));
  if (nz > 1)
    passes.push_back(column_pass('z', nz, plane, {plane, plane, plane}, precision, limits, method, preferred));
  return passes;
}

std::string describe_pass(const GridPass& pass, Precision precision) {
  if (pass.is_five_step()) {
    const FiveStepVariant& v = pass.five_step;
    std::ostringstream s;
    s << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count << " columns, five-step A: "
      << v.n2 << " x " << v.n1 << "-point register FFTs and twiddles, " << v.name() << ", "
      << five_step_layout(v, false).threads_per_block() << " threads/block, no shared memory\n"
      << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count << " columns, five-step B: "
      << v.n1 << " x " << v.n2 << "-point register FFTs to natural order, "
      << five_step_layout(v, true).threads_per_block() << " threads/block, no shared memory";
    return s.str();
  }
  const XVariantFacts f = x_variant_facts(pass.n, precision, pass.variant);
  std::ostringstream s;
  s << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count
    << (pass.axis == 'x' ? " rows, shared-memory Stockham" : " columns, one-pass column Stockham")
    << ", variant " << pass.variant.name() << ", " << f.threads_per_block << " threads/block, "
    << f.shared_bytes << " B shared/block, worst bank-conflict degree " << f.worst_conflict_degree;
  return s.str();
}

}  // namespace fft3d
