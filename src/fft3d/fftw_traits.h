// fftw3 and fftw3f behind one template, so the CPU backend is written once.
#pragma once
#include <fftw3.h>

namespace fft3d {

template <typename Real>
struct Fftw;

template <>
struct Fftw<double> {
  using plan = fftw_plan;
  using complex = fftw_complex;
  static plan guru64_dft(int rank, const fftw_iodim64* dims, int howmany_rank,
                         const fftw_iodim64* howmany, complex* in, complex* out, int sign, unsigned flags) {
    return fftw_plan_guru64_dft(rank, dims, howmany_rank, howmany, in, out, sign, flags);
  }
  static plan guru64_r2c(int rank, const fftw_iodim64* dims, int howmany_rank, const fftw_iodim64* howmany,
                         double* in, complex* out, unsigned flags) {
    return fftw_plan_guru64_dft_r2c(rank, dims, howmany_rank, howmany, in, out, flags);
  }
  static plan guru64_c2r(int rank, const fftw_iodim64* dims, int howmany_rank, const fftw_iodim64* howmany,
                         complex* in, double* out, unsigned flags) {
    return fftw_plan_guru64_dft_c2r(rank, dims, howmany_rank, howmany, in, out, flags);
  }
  static void execute_dft(plan p, complex* in, complex* out) { fftw_execute_dft(p, in, out); }
  static void execute_r2c(plan p, double* in, complex* out) { fftw_execute_dft_r2c(p, in, out); }
  static void execute_c2r(plan p, complex* in, double* out) { fftw_execute_dft_c2r(p, in, out); }
  static void destroy(plan p) { fftw_destroy_plan(p); }
  static void* malloc(size_t n) { return fftw_malloc(n); }
  static void free(void* p) { fftw_free(p); }
  static int alignment_of(double* p) { return fftw_alignment_of(p); }
};

template <>
struct Fftw<float> {
  using plan = fftwf_plan;
  using complex = fftwf_complex;
  static plan guru64_dft(int rank, const fftw_iodim64* dims, int howmany_rank,
                         const fftw_iodim64* howmany, complex* in, complex* out, int sign, unsigned flags) {
    return fftwf_plan_guru64_dft(rank, dims, howmany_rank, howmany, in, out, sign, flags);
  }
  static plan guru64_r2c(int rank, const fftw_iodim64* dims, int howmany_rank, const fftw_iodim64* howmany,
                         float* in, complex* out, unsigned flags) {
    return fftwf_plan_guru64_dft_r2c(rank, dims, howmany_rank, howmany, in, out, flags);
  }
  static plan guru64_c2r(int rank, const fftw_iodim64* dims, int howmany_rank, const fftw_iodim64* howmany,
                         complex* in, float* out, unsigned flags) {
    return fftwf_plan_guru64_dft_c2r(rank, dims, howmany_rank, howmany, in, out, flags);
  }
  static void execute_dft(plan p, complex* in, complex* out) { fftwf_execute_dft(p, in, out); }
  static void execute_r2c(plan p, float* in, complex* out) { fftwf_execute_dft_r2c(p, in, out); }
  static void execute_c2r(plan p, complex* in, float* out) { fftwf_execute_dft_c2r(p, in, out); }
  static void destroy(plan p) { fftwf_destroy_plan(p); }
  static void* malloc(size_t n) { return fftwf_malloc(n); }
  static void free(void* p) { fftwf_free(p); }
  static int alignment_of(float* p) { return fftwf_alignment_of(p); }
};

}  // namespace fft3d
