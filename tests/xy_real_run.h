// Shared checks of the fused XY pass's executor tests on real rows: the R2C
// forward (X first) and the C2R inverse (columns first) of planes, run by the
// CPU cluster executor, against FFTW in double precision.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "fft1d/twiddle_table.h"
#include "oracle.h"
#include "real_oracle.h"
#include "xy/xy_kernel_host.h"
#include "xy/xy_variant.h"

namespace fft3d {

// The R2C forward, in place: each row of nx reals padded to nx/2 + 1
// complex values (the padding NaN); relative error against FFTW's r2c of
// each plane.
template <typename Real>
double run_real_xy(int nx, int ny, long long planes, const XYVariant& v, BlockOrder order, long long grid_clusters) {
  using fft3d_test::cplx;
  const Precision precision = precision_of<Real>();
  const int half = nx / 2 + 1;
  const size_t plane_reals = static_cast<size_t>(nx) * ny;
  const std::vector<double> in = fft3d_test::random_reals(plane_reals * planes, static_cast<unsigned>(nx + 7 * ny));
  // In place: each row of nx reals padded to 2 * half reals, the padding NaN.
  std::vector<Real> data = fft3d_test::to_pitched<Real>(in, nx, 2 * half, static_cast<Real>(NAN));
  std::vector<cplx> want;
  for (long long p = 0; p < planes; ++p) {
    std::vector<double> one(in.begin() + static_cast<long>(p * plane_reals),
                            in.begin() + static_cast<long>((p + 1) * plane_reals));
    for (double& x : one) x = static_cast<double>(static_cast<Real>(x));  // what the kernel sees
    const std::vector<cplx> t = fft3d_test::fftw_r2c_3d(one, nx, ny, 1);
    want.insert(want.end(), t.begin(), t.end());
  }
  const auto x_table = forward_twiddle_table<Real>(xy_row_points(nx, v));
  const auto y_table = forward_twiddle_table<Real>(ny);
  auto* complex_data = reinterpret_cast<kern::Complex<Real>*>(data.data());
  kern::XYArgs<Real> args{complex_data, planes, static_cast<long long>(half) * ny, x_table.data(), y_table.data()};
  run_xy_kernel_on_cpu<Real>(make_xy_layout(nx, ny, precision, v), -1, args, order, grid_clusters);
  std::vector<cplx> got(want.size());
  for (size_t i = 0; i < got.size(); ++i) got[i] = cplx(complex_data[i].re, complex_data[i].im);
  return fft3d_test::relative_l2_error(got, want);
}

// The R2C forward over the XZ planes of an nx x ny x nz grid, in place
// (XYLayout::row_stride: rows of nx reals padded to nx/2 + 1 complex
// values, (nx/2 + 1) * ny apart; the ny planes one row apart; the padding
// NaN); relative error against FFTW's r2c of each plane {(x, y, z): y fixed}.
template <typename Real>
double run_real_xz(int nx, int ny, int nz, const XYVariant& v, BlockOrder order) {
  using fft3d_test::cplx;
  const int half = nx / 2 + 1;
  const std::vector<double> in =
      fft3d_test::random_reals(static_cast<size_t>(nx) * ny * nz, static_cast<unsigned>(nx + 5 * ny + 11 * nz));
  std::vector<Real> data = fft3d_test::to_pitched<Real>(in, nx, 2 * half, static_cast<Real>(NAN));
  std::vector<cplx> want(static_cast<size_t>(half) * ny * nz);
  for (int y = 0; y < ny; ++y) {
    std::vector<double> plane(static_cast<size_t>(nx) * nz);
    for (int z = 0; z < nz; ++z)
      for (int x = 0; x < nx; ++x)  // what the kernel sees
        plane[static_cast<size_t>(z) * nx + x] =
            static_cast<double>(static_cast<Real>(in[(static_cast<size_t>(z) * ny + y) * nx + x]));
    const std::vector<cplx> t = fft3d_test::fftw_r2c_3d(plane, nx, nz, 1);
    for (int z = 0; z < nz; ++z)
      for (int k = 0; k < half; ++k)
        want[(static_cast<size_t>(z) * ny + y) * half + k] = t[static_cast<size_t>(z) * half + k];
  }
  const auto x_table = forward_twiddle_table<Real>(xy_row_points(nx, v));
  const auto z_table = forward_twiddle_table<Real>(nz);
  auto* complex_data = reinterpret_cast<kern::Complex<Real>*>(data.data());
  const kern::XYArgs<Real> args{complex_data, ny, half, x_table.data(), z_table.data()};
  run_xy_kernel_on_cpu<Real>(make_xy_layout(nx, nz, precision_of<Real>(), v, 1, half * ny), -1, args, order, 1);
  std::vector<cplx> got(want.size());
  for (size_t i = 0; i < got.size(); ++i) got[i] = cplx(complex_data[i].re, complex_data[i].im);
  return fft3d_test::relative_l2_error(got, want);
}

// The C2R inverse over the XZ planes of an nx x ny x nz grid, in place
// (columns first, XYLayout::row_stride: rows of nx/2 + 1 complex values,
// (nx/2 + 1) * ny apart; the ny planes one row apart): each plane {(x, y,
// z): y fixed} the half spectrum of random reals; relative error of the
// real rows that come out (unnormalised) against FFTW's c2r of each plane.
template <typename Real>
double run_real_xz_inverse(int nx, int ny, int nz, const XYVariant& v, BlockOrder order) {
  using fft3d_test::cplx;
  const int half = nx / 2 + 1;
  const size_t grid_values = static_cast<size_t>(half) * ny * nz;
  std::vector<kern::Complex<Real>> data(grid_values);
  std::vector<double> want(2 * grid_values, 0.0);  // the pitched real rows
  for (int y = 0; y < ny; ++y) {
    const std::vector<double> plane =
        fft3d_test::random_reals(static_cast<size_t>(nx) * nz, static_cast<unsigned>(3 * nx + 7 * y + nz));
    std::vector<cplx> s = fft3d_test::fftw_r2c_3d(plane, nx, nz, 1);
    for (cplx& c : s) c = cplx(static_cast<Real>(c.real()), static_cast<Real>(c.imag()));  // what the kernel sees
    const std::vector<double> back = fft3d_test::fftw_c2r_3d(s, nx, nz, 1);
    for (int z = 0; z < nz; ++z) {
      const size_t row = static_cast<size_t>(z) * ny + y;
      for (int k = 0; k < half; ++k) {
        const cplx c = s[static_cast<size_t>(z) * half + k];
        data[row * half + k] = kern::make_complex(static_cast<Real>(c.real()), static_cast<Real>(c.imag()));
      }
      for (int x = 0; x < nx; ++x) want[row * 2 * half + x] = back[static_cast<size_t>(z) * nx + x];
    }
  }
  const auto x_table = forward_twiddle_table<Real>(nx / 2), z_table = forward_twiddle_table<Real>(nz);
  const kern::XYArgs<Real> args{data.data(), ny, half, x_table.data(), z_table.data()};
  run_xy_kernel_on_cpu<Real>(make_xy_layout(nx, nz, precision_of<Real>(), v, 1, half * ny), +1, args, order, 1);
  const auto* out = reinterpret_cast<const Real*>(data.data());
  std::vector<cplx> got, expected;
  for (size_t row = 0; row < static_cast<size_t>(ny) * nz; ++row)
    for (int x = 0; x < nx; ++x) {  // the padding past nx reals is scratch
      got.emplace_back(out[row * 2 * half + x], 0.0);
      expected.emplace_back(want[row * 2 * half + x], 0.0);
    }
  return fft3d_test::relative_l2_error(got, expected);
}

// Real rows (C2R inverse), in place: planes of ny rows of nx/2 + 1 complex
// values, the half spectra of random reals; out come rows of nx reals
// (unnormalised), compared with FFTW's c2r of each plane. `skew` adds an
// anti-Hermitian part (g[k] - conj g[-k] over y) to columns 0 and n first,
// which a C2R ignores (the real parts of their inverse Y transforms are
// the X[0] and X[n] that the rows use): the result must not change.
template <typename Real>
double run_real_inverse(int nx, int ny, long long planes, const XYVariant& v, BlockOrder order, bool skew) {
  using fft3d_test::cplx;
  const int half = nx / 2 + 1;
  const size_t plane_reals = static_cast<size_t>(nx) * ny, plane_values = static_cast<size_t>(half) * ny;
  const std::vector<double> reals = fft3d_test::random_reals(plane_reals * planes, nx * 7 + ny);
  std::vector<cplx> spectrum, want_values;
  for (long long p = 0; p < planes; ++p) {
    const std::vector<double> one(reals.begin() + static_cast<long>(p * plane_reals),
                                  reals.begin() + static_cast<long>((p + 1) * plane_reals));
    std::vector<cplx> s = fft3d_test::fftw_r2c_3d(one, nx, ny, 1);
    for (cplx& c : s) c = cplx(static_cast<Real>(c.real()), static_cast<Real>(c.imag()));  // what the kernel sees
    for (double r : fft3d_test::fftw_c2r_3d(s, nx, ny, 1)) want_values.emplace_back(r, 0.0);
    if (skew) {
      const std::vector<cplx> g = fft3d_test::random_complex(2 * static_cast<size_t>(ny), static_cast<unsigned>(p));
      for (int column : {0, half - 1})
        for (int k = 0; k < ny; ++k) {
          const cplx gk = g[column ? ny + k : k], gm = g[(column ? ny : 0) + (ny - k) % ny];
          s[static_cast<size_t>(k) * half + column] += cplx(static_cast<Real>((gk - std::conj(gm)).real()),
                                                            static_cast<Real>((gk - std::conj(gm)).imag()));
        }
    }
    spectrum.insert(spectrum.end(), s.begin(), s.end());
  }
  std::vector<kern::Complex<Real>> data(spectrum.size());
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = kern::make_complex(static_cast<Real>(spectrum[i].real()), static_cast<Real>(spectrum[i].imag()));
  const auto x_table = forward_twiddle_table<Real>(nx / 2), y_table = forward_twiddle_table<Real>(ny);
  const kern::XYArgs<Real> args{data.data(), planes, static_cast<long long>(plane_values), x_table.data(),
                                y_table.data()};
  run_xy_kernel_on_cpu<Real>(make_xy_layout(nx, ny, precision_of<Real>(), v), +1, args, order);
  const auto* out = reinterpret_cast<const Real*>(data.data());
  const std::vector<double> got_reals =
      fft3d_test::from_pitched<double>(std::vector<Real>(out, out + 2 * data.size()), nx, 2 * half, ny * planes);
  const std::vector<cplx> got(got_reals.begin(), got_reals.end());
  return fft3d_test::relative_l2_error(got, want_values);
}

}  // namespace fft3d
