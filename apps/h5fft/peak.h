// The short check h5fft prints after a transform: where the largest value is.
// For a spectrum the position is a signed frequency (k > n/2 is k - n), so a
// plane wave exp(2 pi i (kx x/nx + ...)) shows up at (kx, ky, kz) as written.
#pragma once
#include <string>

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

std::string peak_text(const Peak& p, bool spectrum);

}  // namespace h5fft
