// The correctness oracle: FFTW in double precision, unnormalised forward
// transform like fft3d and cuFFT. Rows are fed one at a time and the error is
// pooled over all of them: ||got - fftw(input)|| / ||fftw(input)||. For a 3-D
// oracle a "row" is one whole grid.
#pragma once
#include <complex>
#include <cstddef>

namespace fft3d_bench {

class FftwOracle {
 public:
  explicit FftwOracle(int n);
  // nx * ny * nz grids, x contiguous (fft3d's layout).
  FftwOracle(int nx, int ny, int nz);
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

}  // namespace fft3d_bench
