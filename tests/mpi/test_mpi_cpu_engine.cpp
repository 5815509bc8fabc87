// The CPU engine's local FFTs on boxes in any memory order, against a naive
// DFT in double precision: FFTW guru plans, and the GPU engine's sequencing
// (batched 1-D rows, transposes to scratch) on the CPU backend.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

#include "../oracle.h"
#include "mpi/local_engine.h"

namespace fft3d {
namespace mpi {
namespace {

using fft3d_test::cplx;

// A grid of n[0] x n[1] x n[2] points, x fastest.
struct Field {
  Index3 n;
  std::vector<cplx> v;
  cplx& at(int x, int y, int z) { return v[static_cast<size_t>(x + n[0] * (y + static_cast<long long>(n[1]) * z))]; }
};

// The naive DFT along one axis (sign -1 forward).
Field dft_axis(Field f, int axis, int sign) {
  Field out = f;
  const int len = f.n[axis];
  for (int z = 0; z < f.n[2]; ++z)
    for (int y = 0; y < f.n[1]; ++y)
      for (int x = 0; x < f.n[0]; ++x) {
        Index3 p{x, y, z};
        cplx sum = 0;
        for (int j = 0; j < len; ++j) {
          Index3 q = p;
          q[axis] = j;
          const double angle = sign * 2.0 * M_PI * static_cast<double>(j) * p[axis] / len;
          sum += f.at(q[0], q[1], q[2]) * cplx(std::cos(angle), std::sin(angle));
        }
        out.at(x, y, z) = sum;
      }
  return out;
}

template <typename Real>
std::vector<std::complex<Real>> to_box(Field& f, const Box& b) {
  std::vector<std::complex<Real>> out(static_cast<size_t>(b.volume()));
  for (int z = 0; z < b.size[2]; ++z)
    for (int y = 0; y < b.size[1]; ++y)
      for (int x = 0; x < b.size[0]; ++x) {
        const Index3 g{b.lo[0] + x, b.lo[1] + y, b.lo[2] + z};
        out[static_cast<size_t>(b.offset(g))] = std::complex<Real>(f.at(g[0], g[1], g[2]));
      }
  return out;
}

template <typename Real>
double box_error(const std::vector<std::complex<Real>>& got, Field& want, const Box& b) {
  double num = 0, den = 0;
  for (int z = 0; z < b.size[2]; ++z)
    for (int y = 0; y < b.size[1]; ++y)
      for (int x = 0; x < b.size[0]; ++x) {
        const Index3 g{b.lo[0] + x, b.lo[1] + y, b.lo[2] + z};
        const cplx w = want.at(g[0], g[1], g[2]);
        const auto v = got[static_cast<size_t>(b.offset(g))];
        num += std::norm(cplx(v.real(), v.imag()) - w);
        den += std::norm(w);
      }
  return std::sqrt(num / den);
}

Field random_field(Index3 n, unsigned seed) {
  Field f{n, fft3d_test::random_complex(static_cast<size_t>(n[0]) * n[1] * n[2], seed)};
  return f;
}

template <typename Real>
void check_complex_stage(Precision precision, CpuLocalMethod method) {
  const double tol = fft3d_test::fft_error_bound(sizeof(Real) == 4, 64);
  auto engine = make_cpu_engine(precision, method);
  Field f = random_field({6, 5, 4}, 11);
  // z fastest (a[y][x][z]), the transposed-output layout.
  LocalFftSpec spec;
  spec.precision = precision;
  spec.box = Box{{0, 0, 0}, {6, 5, 4}, {kZ, kX, kY}};
  spec.axes = {kZ};
  auto fft = engine->make_fft(spec);
  auto data = to_box<Real>(f, spec.box);
  const auto input = data;
  std::vector<std::complex<Real>> out(data.size());
  fft->run(data.data(), out.data(), -1, false);
  Field want = dft_axis(f, kZ, -1);
  SCOPED_TRACE(method == CpuLocalMethod::rows ? "rows" : "fftw guru");
  EXPECT_LT(box_error(out, want, spec.box), tol);
  EXPECT_EQ(data, input);  // out of place leaves the input alone
  fft->run(data.data(), data.data(), -1, true);
  EXPECT_LT(box_error(data, want, spec.box), tol);
  // x and y of two z planes of a box that starts at z = 1.
  spec.box = Box{{0, 0, 1}, {6, 5, 2}, {kX, kY, kZ}};
  spec.axes = {kX, kY};
  spec.normalize = true;
  fft = engine->make_fft(spec);
  data = to_box<Real>(f, spec.box);
  fft->run(data.data(), data.data(), -1, true);
  want = dft_axis(dft_axis(f, kX, -1), kY, -1);
  EXPECT_LT(box_error(data, want, spec.box), tol);
  fft->run(data.data(), data.data(), +1, true);  // normalised: back to the input
  EXPECT_LT(box_error(data, f, spec.box), tol);
}

TEST(MpiCpuEngine, ComplexStagesOnStridedLayouts) {
  for (CpuLocalMethod m : {CpuLocalMethod::fftw_guru, CpuLocalMethod::rows}) {
    check_complex_stage<double>(Precision::f64, m);
    check_complex_stage<float>(Precision::f32, m);
  }
}

// Real x (odd length 7) and y, padded in place and unpadded out of place.
template <typename Real>
void check_real_stage(Precision precision, CpuLocalMethod method) {
  const double tol = fft3d_test::fft_error_bound(sizeof(Real) == 4, 64);
  const int nx = 7, half = nx / 2 + 1, ny = 3, nz = 2;
  Field f = random_field({nx, ny, nz}, 5);
  for (auto& v : f.v) v = v.real();
  const Field want = dft_axis(dft_axis(f, kX, -1), kY, -1);
  Field want_half{{half, ny, nz}, {}};
  want_half.v.resize(static_cast<size_t>(half * ny * nz));
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < half; ++x) want_half.at(x, y, z) = const_cast<Field&>(want).at(x, y, z);
  auto engine = make_cpu_engine(precision, method);
  LocalFftSpec spec;
  spec.precision = precision;
  spec.box = Box{{0, 0, 0}, {half, ny, nz}, {kX, kY, kZ}};
  spec.axes = {kX, kY};
  spec.real = true;
  spec.nx = nx;
  auto fft = engine->make_fft(spec);
  SCOPED_TRACE(method == CpuLocalMethod::rows ? "rows" : "fftw guru");
  for (bool padded : {true, false}) {
    const int pitch = padded ? 2 * half : nx;
    std::vector<Real> real(static_cast<size_t>(pitch * ny * nz), Real(-7));
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) real[static_cast<size_t>(x + pitch * (y + ny * z))] = static_cast<Real>(f.at(x, y, z).real());
    std::vector<std::complex<Real>> spectrum(static_cast<size_t>(spec.box.volume()));
    void* out = padded ? static_cast<void*>(real.data()) : spectrum.data();
    fft->run(real.data(), out, -1, padded);
    std::vector<std::complex<Real>> got(static_cast<const std::complex<Real>*>(out),
                                        static_cast<const std::complex<Real>*>(out) + spec.box.volume());
    EXPECT_LT(box_error(got, want_half, spec.box), tol) << "padded " << padded;
    std::vector<Real> back(real.size(), Real(0));
    void* dst = padded ? out : static_cast<void*>(back.data());
    fft->run(out, dst, +1, padded);
    const Real* r = static_cast<const Real*>(dst);
    double num = 0, den = 0;
    for (int z = 0; z < nz; ++z)
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
          const double w = f.at(x, y, z).real() * nx * ny;
          num += std::pow(r[x + pitch * (y + ny * z)] - w, 2);
          den += w * w;
        }
    EXPECT_LT(std::sqrt(num / den), tol) << "padded " << padded;
  }
}

TEST(MpiCpuEngine, RealStagePaddedAndUnpadded) {
  for (CpuLocalMethod m : {CpuLocalMethod::fftw_guru, CpuLocalMethod::rows}) {
    check_real_stage<double>(Precision::f64, m);
    check_real_stage<float>(Precision::f32, m);
  }
}

TEST(MpiCpuEngine, EmptyBoxIsANoOp) {
  auto engine = make_cpu_engine(Precision::f64);
  LocalFftSpec spec;
  spec.box = Box{{0, 0, 0}, {0, 0, 0}, {kX, kY, kZ}};
  spec.axes = {kX};
  double sentinel = 3;
  engine->make_fft(spec)->run(&sentinel, &sentinel, -1, true);
  make_cpu_engine(Precision::f64, CpuLocalMethod::rows)->make_fft(spec)->run(&sentinel, &sentinel, -1, true);
  EXPECT_EQ(sentinel, 3);
  EXPECT_EQ(engine->memory(), MemoryKind::host);
  EXPECT_EQ(engine->element_bytes(), 16);
}

}  // namespace
}  // namespace mpi
}  // namespace fft3d
