// The correctness oracles: FFTW in double precision, unnormalised forward
// transforms like fft3d's and cuFFT's. FftwOracle takes rows one at a time
// and pools the error over all of them: ||got - fftw(input)|| /
// ||fftw(input)||. FftwGridReference holds one whole grid's transform.
#pragma once
#include <complex>
#include <cstddef>
#include <vector>

namespace fft3d_bench {

class FftwOracle {
 public:
  explicit FftwOracle(int n);
  ~FftwOracle();
  FftwOracle(const FftwOracle&) = delete;
  FftwOracle& operator=(const FftwOracle&) = delete;

  // `input` is the row as uploaded, `got` the transform under test; the
  // input is widened to double so the oracle sees exactly the same values.
  void add_row(const std::complex<float>* input, const std::complex<float>* got);
  void add_row(const std::complex<double>* input, const std::complex<double>* got);

  // Relative L2 error over the rows added so far (NaN if the output held a
  // NaN or Inf: an unwritten or garbage output cannot pass as small).
  double relative_l2() const;

 private:
  template <typename T>
  void add(const std::complex<T>* input, const std::complex<T>* got);

  size_t count_;  // values per row
  void* in_;    // fftw_complex*, kept opaque so fftw3.h stays in the .cpp
  void* out_;
  void* plan_;  // fftw_plan
  double diff2_ = 0.0;
  double ref2_ = 0.0;
};

// FFTW's forward transform of one nx*ny*nz grid in double precision (x
// contiguous), computed once, so that several transforms of the same input
// (fft3d's and cuFFT's) are measured against it. The plan runs on every core
// where FFTW's threads are built in: a 512^3 grid then takes seconds.
class FftwGridReference {
 public:
  // C2C: the grid as uploaded, widened to double.
  FftwGridReference(int nx, int ny, int nz, const std::complex<float>* input);
  FftwGridReference(int nx, int ny, int nz, const std::complex<double>* input);
  // R2C: reals in the in-place layout, rows padded to 2 (nx/2 + 1) values
  // (the padding is not read); the reference is the half spectrum.
  FftwGridReference(int nx, int ny, int nz, const float* padded_reals);
  FftwGridReference(int nx, int ny, int nz, const double* padded_reals);

  // ||got - reference|| / ||reference||, got in the reference's layout (the
  // full grid, or nx/2 + 1 complex values a row); NaN if got holds a NaN or
  // an Inf.
  double relative_l2(const std::complex<float>* got) const;
  double relative_l2(const std::complex<double>* got) const;

 private:
  template <typename T>
  void transform_complex(int nx, int ny, int nz, const std::complex<T>* input);
  template <typename T>
  void transform_real(int nx, int ny, int nz, const T* padded_reals);
  template <typename T>
  double error(const std::complex<T>* got) const;

  std::vector<std::complex<double>> spectrum_;
};

}  // namespace fft3d_bench
