#include "peak.h"

#include <cmath>
#include <sstream>

namespace h5fft {

namespace {

long long signed_frequency(long long k, long long n) { return k > n / 2 ? k - n : k; }

double magnitude(const Field& f, size_t i) {
  return f.is_complex ? std::hypot(f.values[2 * i], f.values[2 * i + 1]) : std::abs(f.values[i]);
}

}  // namespace

Peak find_peak(const Field& f, bool spectrum, long long real_nx) {
  const size_t n = size_t(f.points());
  size_t best = 0;
  for (size_t i = 1; i < n; ++i)
    if (magnitude(f, i) > magnitude(f, best)) best = i;
  Peak p;
  p.magnitude = magnitude(f, best);
  for (size_t i = 0; i < n; ++i)
    if (i != best && magnitude(f, i) >= p.magnitude * (1 - 1e-6)) ++p.ties;
  const long long x = (long long)(best % size_t(f.nx)), y = (long long)(best / size_t(f.nx) % size_t(f.ny)),
                  z = (long long)(best / size_t(f.nx * f.ny));
  if (!spectrum) {
    p.x = x, p.y = y, p.z = z;
    return p;
  }
  p.x = real_nx > 0 ? x : signed_frequency(x, f.nx);
  p.y = signed_frequency(y, f.ny);
  p.z = signed_frequency(z, f.nz);
  return p;
}

std::string peak_text(const Peak& p, bool spectrum) {
  std::ostringstream s;
  s.precision(6);
  if (spectrum)
    s << "peak |X| = " << p.magnitude << " at frequency (kx, ky, kz) = (" << p.x << ", " << p.y << ", " << p.z << ")";
  else
    s << "largest |value| = " << p.magnitude << " at (x, y, z) = (" << p.x << ", " << p.y << ", " << p.z << ")";
  if (p.ties > 0) s << ", and " << p.ties << " more point" << (p.ties > 1 ? "s" : "") << " as large";
  return s.str();
}

}  // namespace h5fft
