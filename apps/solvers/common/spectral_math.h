// Pointwise spectral arithmetic shared by the CPU loops and the CUDA kernels,
// so both backends compute exactly the same thing: the wavenumbers of a
// Fourier mode, the 2/3-rule mask, curl, divergence-free projection, the
// Navier-Stokes right-hand side and the Poisson inverse.
//
// Wavenumbers on [0, 2pi)^3 are integers. First derivatives use k with the
// Nyquist component set to zero (the derivative of the Nyquist mode is not
// representable as a real field); the Laplacian uses the full |k|^2.
#pragma once

#if defined(__CUDACC__)
#define SOLVERS_HD __host__ __device__ __forceinline__
#else
#define SOLVERS_HD inline
#endif

namespace solvers {
namespace spectral {

template <typename Real>
struct Cplx {
  Real re, im;
};

// Index i on an axis of n points as a signed wavenumber: 0 .. n/2, then -(n/2 - 1) .. -1.
SOLVERS_HD int signed_wavenumber(int i, int n) { return i <= n / 2 ? i : i - n; }

template <typename Real>
struct Mode {
  Real k[3];    // first-derivative wavenumbers (Nyquist components zero)
  Real kk;      // |k|^2 of those
  Real k2;      // full |k|^2, for the Laplacian
  Real weight;  // how often the mode counts in the full spectrum: 1 on the kx = 0 and x-Nyquist planes, else 2
  bool keep;    // inside the 2/3 rule: 3|k_i| < n_i on every axis
};

// The mode stored at complex index c of the (nx/2+1) * ny * nz half spectrum.
template <typename Real>
SOLVERS_HD Mode<Real> mode_at(long long c, int nx, int ny, int nz) {
  const long long half = nx / 2 + 1;
  const int x = static_cast<int>(c % half);
  const long long row = c / half;
  const int y = static_cast<int>(row % ny);
  const int z = static_cast<int>(row / ny);
  const int s[3] = {x, signed_wavenumber(y, ny), signed_wavenumber(z, nz)};
  const int n[3] = {nx, ny, nz};
  Mode<Real> m;
  m.k2 = Real(0);
  m.kk = Real(0);
  m.keep = true;
  for (int a = 0; a < 3; ++a) {
    const bool nyquist = n[a] % 2 == 0 && 2 * s[a] == n[a];
    m.k[a] = nyquist ? Real(0) : Real(s[a]);
    m.k2 += Real(s[a]) * Real(s[a]);
    m.kk += m.k[a] * m.k[a];
    const int mag = s[a] < 0 ? -s[a] : s[a];
    m.keep = m.keep && 3 * mag < n[a];
  }
  m.weight = (x == 0 || (nx % 2 == 0 && 2 * x == nx)) ? Real(1) : Real(2);
  return m;
}

// i * a
template <typename Real>
SOLVERS_HD Cplx<Real> times_i(Cplx<Real> a) { return {-a.im, a.re}; }

// out = i k x u
template <typename Real>
SOLVERS_HD void curl(const Mode<Real>& m, const Cplx<Real> u[3], Cplx<Real> out[3]) {
  for (int a = 0; a < 3; ++a) {
    const int b = (a + 1) % 3, c = (a + 2) % 3;
    const Cplx<Real> cross{m.k[b] * u[c].re - m.k[c] * u[b].re, m.k[b] * u[c].im - m.k[c] * u[b].im};
    out[a] = times_i(cross);
  }
}

// i k . u
template <typename Real>
SOLVERS_HD Cplx<Real> divergence(const Mode<Real>& m, const Cplx<Real> u[3]) {
  Cplx<Real> dot{Real(0), Real(0)};
  for (int a = 0; a < 3; ++a) {
    dot.re += m.k[a] * u[a].re;
    dot.im += m.k[a] * u[a].im;
  }
  return times_i(dot);
}

// u - k (k . u) / |k|^2, in place: removes the gradient part. Modes with no
// first-derivative wavenumber (the mean) are divergence-free already.
template <typename Real>
SOLVERS_HD void project(const Mode<Real>& m, Cplx<Real> u[3]) {
  if (m.kk == Real(0)) return;
  Cplx<Real> dot{Real(0), Real(0)};
  for (int a = 0; a < 3; ++a) {
    dot.re += m.k[a] * u[a].re;
    dot.im += m.k[a] * u[a].im;
  }
  const Real inv = Real(1) / m.kk;
  for (int a = 0; a < 3; ++a) {
    u[a].re -= m.k[a] * dot.re * inv;
    u[a].im -= m.k[a] * dot.im * inv;
  }
}

// The 2/3 rule: modes outside it are set to zero.
template <typename Real>
SOLVERS_HD void dealias(const Mode<Real>& m, Cplx<Real> u[3]) {
  if (m.keep) return;
  for (int a = 0; a < 3; ++a) u[a] = {Real(0), Real(0)};
}

// The rotational-form Navier-Stokes right-hand side of one mode, in place on
// the transformed nonlinear term nl = FFT(u x omega):
//   nl <- P(mask nl) - nu |k|^2 u,
// zero outside the 2/3 rule and for the mean (no forcing, momentum conserved).
template <typename Real>
SOLVERS_HD void navier_stokes_rhs(const Mode<Real>& m, Cplx<Real> nl[3], const Cplx<Real> u[3], Real nu) {
  if (!m.keep || m.k2 == Real(0)) {
    for (int a = 0; a < 3; ++a) nl[a] = {Real(0), Real(0)};
    return;
  }
  project(m, nl);
  const Real damp = nu * m.k2;
  for (int a = 0; a < 3; ++a) {
    nl[a].re -= damp * u[a].re;
    nl[a].im -= damp * u[a].im;
  }
}

// Periodic Poisson: laplacian(u) = f  =>  u_k = -f_k / |k|^2, mean zero.
template <typename Real>
SOLVERS_HD Cplx<Real> poisson(const Mode<Real>& m, Cplx<Real> f) {
  if (m.k2 == Real(0)) return {Real(0), Real(0)};
  const Real s = Real(-1) / m.k2;
  return {f.re * s, f.im * s};
}

// u x w
template <typename Real>
SOLVERS_HD void cross(const Real u[3], const Real w[3], Real out[3]) {
  out[0] = u[1] * w[2] - u[2] * w[1];
  out[1] = u[2] * w[0] - u[0] * w[2];
  out[2] = u[0] * w[1] - u[1] * w[0];
}

}  // namespace spectral
}  // namespace solvers
