// The short check h5fft prints after a transform: where the largest value is.
// For a spectrum the position is a signed frequency (k > n/2 is k - n), so a
// plane wave exp(2 pi i (kx x/nx + ...)) shows up at (kx, ky, kz) as written.
// Points within a relative 1e-6 of the largest magnitude tie with it; the
// position is the first of them (x fastest), so that rounding, which differs
// between plans, never picks among equal peaks.
#pragma once
#include <string>
#include <vector>

#include "field.h"

namespace h5fft {

struct Peak {
  long long x = 0, y = 0, z = 0;  // index, or signed frequency for a spectrum
  double magnitude = 0;
  long long ties = 0;             // other points within 1e-6 of the peak, relatively
};

// real_nx: the x extent of the real grid when `f` is an r2c half spectrum
// (its x frequencies are 0 .. nx/2 and stay unsigned), else 0.
Peak find_peak(const Field& f, bool spectrum, long long real_nx = 0);

// The pieces find_peak is made of, for a field spread over MPI ranks
// (distributed_peak.h):
// |value i| of values held as in Field (complex ones as (re, im) pairs),
double magnitude_at(const std::vector<double>& values, bool is_complex, size_t i);
// the fraction below the largest magnitude within which points tie,
constexpr double kPeakTieTolerance = 1e-6;
// and the position reported for the point (x, y, z) of `shape`.
void set_peak_position(Peak& p, long long x, long long y, long long z, const Field& shape, bool spectrum,
                       long long real_nx);

std::string peak_text(const Peak& p, bool spectrum);

}  // namespace h5fft
