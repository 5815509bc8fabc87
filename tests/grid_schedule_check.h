// A complex grid schedule run by the CPU block executor against FFTW's 3-D
// transform, forward and inverse (unnormalised), on fresh random data
// rounded to Real. Shared by the schedule tests.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fft3d/grid_schedule.h"
#include "fft3d/grid_schedule_host.h"
#include "oracle.h"

namespace fft3d_test {

template <typename Real>
void expect_grid_matches_fftw(const std::vector<fft3d::GridPass>& passes, int nx, int ny, int nz,
                              const std::string& what = "") {
  const size_t count = static_cast<size_t>(nx) * ny * nz;
  const auto in = random_complex(count, static_cast<unsigned>(nx + 3 * ny + 7 * nz));
  std::vector<cplx> rounded(count);
  for (size_t i = 0; i < count; ++i)
    rounded[i] = {static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag())};
  const double bound = fft_error_bound(sizeof(Real) == 4, static_cast<double>(count));
  for (int sign : {-1, +1}) {
    std::vector<fft3d::kern::Complex<Real>> data(count);
    for (size_t i = 0; i < count; ++i)
      data[i] = fft3d::kern::make_complex(static_cast<Real>(rounded[i].real()), static_cast<Real>(rounded[i].imag()));
    fft3d::run_grid_schedule_on_cpu<Real>(passes, data.data(), sign);
    std::vector<cplx> got(count);
    for (size_t i = 0; i < count; ++i) got[i] = {data[i].re, data[i].im};
    EXPECT_LE(relative_l2_error(got, fftw_3d(rounded, nx, ny, nz, sign)), bound)
        << what << (what.empty() ? "" : ", ") << "sign " << sign << " " << nx << "x" << ny << "x" << nz;
  }
}

}  // namespace fft3d_test
