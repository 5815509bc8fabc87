// Shared by the MPI tests: a global random field every rank can generate,
// the serial FFTW transform of it, and the error of each rank's box against
// it, reduced over ranks.
#pragma once
#include <fftw3.h>
#include <mpi.h>

#include <cmath>
#include <complex>
#include <vector>

#include "../oracle.h"
#include "fft3d_mpi.h"

namespace fft3d_mpi_test {

using fft3d_test::cplx;

inline int world_rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
inline int world_size() {
  int s = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &s);
  return s;
}

// Whether every rank of comm has flag set.
inline bool all_ranks(bool flag, MPI_Comm comm = MPI_COMM_WORLD) {
  int v = flag ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_MIN, comm);
  return v == 1;
}

// The global grid (x fastest), identical on every rank for a seed; real
// fields have zero imaginary parts.
struct Global {
  int nx, ny, nz;
  std::vector<cplx> v;
  cplx at(int x, int y, int z) const {
    return v[static_cast<size_t>(x + static_cast<long long>(nx) * (y + static_cast<long long>(ny) * z))];
  }
};

inline Global random_global(int nx, int ny, int nz, bool real, unsigned seed) {
  Global g{nx, ny, nz, fft3d_test::random_complex(static_cast<size_t>(nx) * ny * nz, seed)};
  if (real)
    for (auto& c : g.v) c = c.real();
  return g;
}

// The serial forward transform in double: complex nx x ny x nz, or for real
// input the nx/2+1 x ny x nz half spectrum.
inline Global serial_forward(const Global& in, bool real) {
  if (!real) return Global{in.nx, in.ny, in.nz, fft3d_test::fftw_3d(in.v, in.nx, in.ny, in.nz, FFTW_FORWARD)};
  const int half = in.nx / 2 + 1;
  std::vector<double> r(in.v.size());
  for (size_t i = 0; i < r.size(); ++i) r[i] = in.v[i].real();
  Global out{half, in.ny, in.nz, std::vector<cplx>(static_cast<size_t>(half) * in.ny * in.nz)};
  fftw_plan p = fftw_plan_dft_r2c_3d(in.nz, in.ny, in.nx, r.data(), reinterpret_cast<fftw_complex*>(out.v.data()),
                                     FFTW_ESTIMATE);
  fftw_execute(p);
  fftw_destroy_plan(p);
  return out;
}

// Offset of global point (x, y, z) in a box.
inline long long box_offset(const fft3d_mpi_box& b, int x, int y, int z) {
  const int p[3] = {x - b.start[0], y - b.start[1], z - b.start[2]};
  long long off = 0, step = 1;
  for (int k = 0; k < 3; ++k) {
    off += p[b.order[k]] * step;
    step *= b.size[b.order[k]];
  }
  return off;
}

template <typename F>
void for_each_point(const fft3d_mpi_box& b, F f) {
  for (int z = b.start[2]; z < b.start[2] + b.size[2]; ++z)
    for (int y = b.start[1]; y < b.start[1] + b.size[1]; ++y)
      for (int x = b.start[0]; x < b.start[0] + b.size[0]; ++x) f(x, y, z);
}

// Writes the global field's box into buf as complex values, or for real
// data as reals in rows of `pitch` reals (box order x fastest).
template <typename Real>
void fill_box(void* buf, const fft3d_mpi_box& b, const Global& g, bool real, int pitch) {
  for_each_point(b, [&](int x, int y, int z) {
    if (real) {
      const long long row = (y - b.start[1]) + static_cast<long long>(b.size[1]) * (z - b.start[2]);
      static_cast<Real*>(buf)[row * pitch + (x - b.start[0])] = static_cast<Real>(g.at(x, y, z).real());
    } else {
      static_cast<std::complex<Real>*>(buf)[box_offset(b, x, y, z)] = std::complex<Real>(g.at(x, y, z));
    }
  });
}

// Relative L2 error over all ranks of each rank's box against the global
// `want` scaled by `scale` (complex boxes, or real rows of `pitch`).
template <typename Real>
double global_error(const void* buf, const fft3d_mpi_box& b, const Global& want, double scale, bool real, int pitch,
                    MPI_Comm comm = MPI_COMM_WORLD) {
  double sums[2] = {0, 0};
  for_each_point(b, [&](int x, int y, int z) {
    const cplx w = want.at(x, y, z) * scale;
    cplx got;
    if (real) {
      const long long row = (y - b.start[1]) + static_cast<long long>(b.size[1]) * (z - b.start[2]);
      got = static_cast<const Real*>(buf)[row * pitch + (x - b.start[0])];
    } else {
      const auto v = static_cast<const std::complex<Real>*>(buf)[box_offset(b, x, y, z)];
      got = cplx(v.real(), v.imag());
    }
    sums[0] += std::norm(got - w);
    sums[1] += std::norm(w);
  });
  MPI_Allreduce(MPI_IN_PLACE, sums, 2, MPI_DOUBLE, MPI_SUM, comm);
  return std::sqrt(sums[0] / sums[1]);
}

}  // namespace fft3d_mpi_test
