#include "mpi/box.h"

#include <algorithm>

#include "common/error.h"

namespace fft3d {
namespace mpi {

Strides3 Box::strides() const {
  Strides3 s{};
  long long step = 1;
  for (int k = 0; k < 3; ++k) {
    s[order[k]] = step;
    step *= size[order[k]];
  }
  return s;
}

long long Box::offset(const Index3& p) const {
  const Strides3 s = strides();
  long long o = 0;
  for (int a = 0; a < 3; ++a) o += static_cast<long long>(p[a] - lo[a]) * s[a];
  return o;
}

bool Box::contains(const Index3& p) const {
  for (int a = 0; a < 3; ++a)
    if (p[a] < lo[a] || p[a] >= lo[a] + size[a]) return false;
  return true;
}

std::string Box::str() const {
  std::string s;
  for (int a = 0; a < 3; ++a) {
    if (a) s += "x";
    s += "[" + std::to_string(lo[a]) + "," + std::to_string(lo[a] + size[a]) + ")";
  }
  return s + " order " + order_name(order);
}

bool operator==(const Box& a, const Box& b) {
  return a.lo == b.lo && a.size == b.size && a.order == b.order;
}

Box intersect(const Box& a, const Box& b) {
  Box r;
  r.order = a.order;
  for (int k = 0; k < 3; ++k) {
    const int lo = std::max(a.lo[k], b.lo[k]);
    const int hi = std::min(a.lo[k] + a.size[k], b.lo[k] + b.size[k]);
    r.lo[k] = lo;
    r.size[k] = std::max(0, hi - lo);
  }
  if (r.empty()) r.size = {0, 0, 0};
  return r;
}

Extent split(int n, int parts, int k) {
  if (parts < 1 || k < 0 || k >= parts || n < 0)
    fail(FFT3D_ERROR_INTERNAL, "split of " + std::to_string(n) + " points: part " + std::to_string(k) +
                                   " of " + std::to_string(parts));
  const int base = n / parts, extra = n % parts;
  return Extent{k * base + std::min(k, extra), base + (k < extra ? 1 : 0)};
}

bool valid_order(const Index3& order) {
  std::array<bool, 3> seen{false, false, false};
  for (int a : order) {
    if (a < 0 || a > 2 || seen[a]) return false;
    seen[a] = true;
  }
  return true;
}

std::string order_name(const Index3& order) {
  std::string s;
  for (int a : order) s += a == kX ? 'x' : a == kY ? 'y' : 'z';
  return s;
}

}  // namespace mpi
}  // namespace fft3d
