// A shared check of the fused XY pass's executor tests (strided rows,
// columns first): complex planes against FFTW.
#pragma once
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "fft1d/twiddle_table.h"
#include "oracle.h"
#include "xy/xy_kernel_host.h"
#include "xy/xy_variant.h"

namespace fft3d {

// The fused XY kernel on complex planes in the CPU cluster executor, in
// place or out of place: relative error against FFTW's 2-D transforms. Out
// of place, the input must come back unchanged. Persistent variants run on
// grid_clusters clusters.
template <typename Real>
double run_xy_complex(int nx, int ny, long long planes, const XYVariant& v, int sign, BlockOrder order,
                      bool out_of_place = false, long long grid_clusters = 1) {
  using fft3d_test::cplx;
  const std::vector<cplx> in = fft3d_test::random_complex(static_cast<size_t>(planes) * nx * ny, nx * 31 + ny);
  std::vector<kern::Complex<Real>> data(in.size()), source;
  std::vector<cplx> want;
  for (size_t i = 0; i < in.size(); ++i)
    data[i] = kern::make_complex(static_cast<Real>(in[i].real()), static_cast<Real>(in[i].imag()));
  const size_t plane = static_cast<size_t>(nx) * ny;
  for (long long p = 0; p < planes; ++p) {
    std::vector<cplx> one(plane);
    for (size_t i = 0; i < plane; ++i) one[i] = cplx(data[p * plane + i].re, data[p * plane + i].im);
    const std::vector<cplx> t = fft3d_test::fftw_3d(one, nx, ny, 1, sign);
    want.insert(want.end(), t.begin(), t.end());
  }
  if (out_of_place) {
    source = data;
    for (auto& d : data) d = kern::make_complex(Real(NAN), Real(NAN));  // poisoned output
  }
  const std::vector<kern::Complex<Real>> kept = source;
  const auto x_table = forward_twiddle_table<Real>(nx), y_table = forward_twiddle_table<Real>(ny);
  kern::XYArgs<Real> args{data.data(), planes, static_cast<long long>(plane), x_table.data(), y_table.data()};
  if (out_of_place) args.in = source.data();
  run_xy_kernel_on_cpu<Real>(make_xy_layout(nx, ny, precision_of<Real>(), v), sign, args, order, grid_clusters);
  for (size_t i = 0; i < source.size(); ++i)
    EXPECT_TRUE(source[i].re == kept[i].re && source[i].im == kept[i].im) << "input changed at " << i;
  std::vector<cplx> got(data.size());
  for (size_t i = 0; i < data.size(); ++i) got[i] = cplx(data[i].re, data[i].im);
  return fft3d_test::relative_l2_error(got, want);
}

// The ESTIMATE's complex strided form of nx * ny planes (on `cluster`
// blocks; 0: the ESTIMATE's), its share rows swizzled (XYVariant::row_swizzle).
inline XYVariant swizzled_strided_variant(int nx, int ny, Precision p, int cluster = 0) {
  const auto v = estimate_xy_variant(nx, ny, 2, p, DeviceLimits{}, false);
  EXPECT_TRUE(v) << nx << "x" << ny;
  auto w = v && cluster > 0 ? strided_rows_variant(nx, ny, p, *v, DeviceLimits{}, cluster) : v;
  EXPECT_TRUE(w && w->strided_rows) << nx << "x" << ny << " on " << cluster;
  XYVariant out = w.value_or(XYVariant{});
  out.row_pads = false;
  out.row_swizzle = true;
  out.ring_rows = 0;
  return out;
}

// v, a valid variant, on two planes against FFTW within the tests' bound:
// forward and inverse, both block orders.
template <typename Real>
void expect_xy_complex_correct(int nx, int ny, const XYVariant& v, bool out_of_place = false) {
  ASSERT_TRUE(xy_variant_valid(nx, ny, precision_of<Real>(), v, DeviceLimits{})) << v.name();
  const double bound = fft3d_test::fft_error_bound(sizeof(Real) == 4, static_cast<double>(nx) * ny);
  for (int sign : {-1, +1})
    for (BlockOrder order : kBothBlockOrders)
      EXPECT_LT(run_xy_complex<Real>(nx, ny, 2, v, sign, order, out_of_place), bound)
          << nx << "x" << ny << " " << v.name() << " sign " << sign;
}

}  // namespace fft3d
