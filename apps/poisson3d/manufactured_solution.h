// A manufactured solution of the periodic Poisson problem on [0, 2pi)^3:
//   u = sum_m A_m cos(k_m . x + phi_m) + (exp(sin x sin y sin z) - its mean)
// and f = laplacian(u), both analytic. The Fourier modes are resolved exactly
// once every |k_m| component is below n/2; the exponential has infinitely
// many modes decaying faster than geometrically, so the error falls
// spectrally with n until it reaches rounding.
#pragma once

namespace poisson {

struct FourierMode {
  int k[3];
  double amplitude, phase;
};

class ManufacturedSolution {
 public:
  ManufacturedSolution();
  double u(double x, double y, double z) const;
  double f(double x, double y, double z) const;  // laplacian of u
  // The highest |k| component of the Fourier part: n > 2 * max_mode()
  // samples it without aliasing.
  int max_mode() const;

 private:
  static constexpr int kModes = 5;
  FourierMode modes_[kModes];
  double exp_mean_;  // <exp(sin x sin y sin z)> over the box
};

// <exp(sin x sin y sin z)> = sum_j c_j^3 / (2j)!, with c_j = <sin^{2j}> = C(2j, j) / 4^j.
double mean_exp_sin_product();

}  // namespace poisson
