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

}  // namespace

std::vector<GridPass> make_grid_schedule(int nx, int ny, int nz, Precision precision,
                                         const DeviceLimits& limits) {
  check_length('x', nx, precision);
  check_length('y', ny, precision);
  check_length('z', nz, precision);
  const long long plane = static_cast<long long>(nx) * ny;
  std::vector<GridPass> passes;
  if (nx > 1)
    passes.push_back({'x', nx, static_cast<long long>(ny) * nz, {1, 0, 1},
                      estimate_x_variant(nx, precision, limits)});
  if (ny > 1)
    passes.push_back({'y', ny, static_cast<long long>(nx) * nz, {nx, plane, nx},
                      estimate_column_variant(ny, precision, limits)});
  if (nz > 1)
    passes.push_back({'z', nz, plane, {plane, plane, plane}, estimate_column_variant(nz, precision, limits)});
  return passes;
}

std::string describe_pass(const GridPass& pass, Precision precision) {
  const XVariantFacts f = x_variant_facts(pass.n, precision, pass.variant);
  std::ostringstream s;
  s << "pass " << pass.axis << ": n=" << pass.n << " x " << pass.count
    << (pass.axis == 'x' ? " rows, shared-memory Stockham" : " columns, one-pass column Stockham")
    << ", variant " << pass.variant.name() << ", " << f.threads_per_block << " threads/block, "
    << f.shared_bytes << " B shared/block, worst bank-conflict degree " << f.worst_conflict_degree;
  return s.str();
}

}  // namespace fft3d
