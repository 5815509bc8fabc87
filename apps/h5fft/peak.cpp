#include "peak.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace h5fft {

namespace {

long long signed_frequency(long long k, long long n) { return k > n / 2 ? k - n : k; }

}  // namespace

double magnitude_at(const std::vector<double>& values, bool is_complex, size_t i) {
  return is_complex ? std::hypot(values[2 * i], values[2 * i + 1]) : std::abs(values[i]);
}

void set_peak_position(Peak& p, long long x, long long y, long long z, const Field& shape, bool spectrum,
                       long long real_nx) {
  if (!spectrum) {
    p.x = x, p.y = y, p.z = z;
    return;
  }
  p.x = real_nx > 0 ? x : signed_frequency(x, shape.nx);
  p.y = signed_frequency(y, shape.ny);
  p.z = signed_frequency(z, shape.nz);
}

Peak find_peak(const Field& f, bool spectrum, long long real_nx) {
  const size_t n = size_t(f.points());
  auto magnitude = [&](size_t i) { return magnitude_at(f.values, f.is_complex, i); };
  Peak p;
  for (size_t i = 0; i < n; ++i) p.magnitude = std::max(p.magnitude, magnitude(i));
  const double tie = p.magnitude * (1 - kPeakTieTolerance);
  size_t first = n;
  for (size_t i = 0; i < n; ++i)
    if (magnitude(i) >= tie) {
      if (first == n) first = i;
      ++p.ties;
    }
  --p.ties;  // the peak itself
  const long long x = (long long)(first % size_t(f.nx)), y = (long long)(first / size_t(f.nx) % size_t(f.ny)),
                  z = (long long)(first / size_t(f.nx * f.ny));
  set_peak_position(p, x, y, z, f, spectrum, real_nx);
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
