/* fft3d: auto-tuned 3-D FFTs for NVIDIA GPUs, with an FFTW CPU backend.
 *
 * Layout: a 3-D array of nx * ny * nz elements with x contiguous, then y,
 * then z (the Fortran array A(nx,ny,nz) as it stands; in C, a[z][y][x]).
 * Complex data is interleaved (re, im). Batched 1-D rows are contiguous, row
 * after row. Transforms are in place and unnormalised, like FFTW and cuFFT:
 * forward uses exp(-2 pi i jk/n), inverse exp(+2 pi i jk/n), and
 * inverse(forward(x)) = n * x.
 *
 * Real data (FFT3D_R2C_*): the forward takes nx*ny*nz reals to
 * (nx/2+1)*ny*nz complex values (x still fastest), the inverse (C2R) takes
 * them back, as in FFTW and cuFFT. In place each x row of the real array is
 * padded to 2*(nx/2+1) reals (the padding is neither read nor kept); out of
 * place (fft3d_forward_out) the real rows are nx reals. The forward never
 * modifies its input out of place. The inverse (C2R) overwrites its complex
 * input out of place (it is used as scratch, as FFTW's and cuFFT's C2R do)
 * and, like FFTW's, ignores the imaginary parts of the x = 0 and x = nx/2
 * terms of each x row (after the y and z transforms), which the spectrum of
 * real data has as zero. Batched real rows work the same way with
 * n in place of nx. Real plans run on both backends.
 *
 * Every function returns a status; nothing here prints or aborts. After a
 * failure, fft3d_last_error_message() gives the detail (for example the NVRTC
 * log or the CUDA call that failed) for the calling thread.
 */
#ifndef FFT3D_H
#define FFT3D_H

#include <stddef.h>

#if defined(FFT3D_BUILDING_LIBRARY) && defined(__GNUC__)
#define FFT3D_API __attribute__((visibility("default")))
#else
#define FFT3D_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define FFT3D_VERSION_MAJOR 0
#define FFT3D_VERSION_MINOR 1
#define FFT3D_VERSION_PATCH 0

typedef struct fft3d_plan_st *fft3d_plan;

typedef enum {
  FFT3D_SUCCESS = 0,
  FFT3D_ERROR_INVALID_ARGUMENT,
  FFT3D_ERROR_UNSUPPORTED_SIZE,
  FFT3D_ERROR_INVALID_POINTER,
  FFT3D_ERROR_OUT_OF_MEMORY,
  FFT3D_ERROR_NO_DEVICE,
  FFT3D_ERROR_CUDA,
  FFT3D_ERROR_NVRTC,
  FFT3D_ERROR_WISDOM,
  FFT3D_ERROR_MPI,
  FFT3D_ERROR_INTERNAL
} fft3d_status;

typedef enum { FFT3D_C2C_F32, FFT3D_C2C_F64, FFT3D_R2C_F32, FFT3D_R2C_F64 } fft3d_type;

/* flags: tuning mode | backend */
#define FFT3D_ESTIMATE 0u
#define FFT3D_MEASURE 1u
#define FFT3D_EXHAUSTIVE 2u
#define FFT3D_BACKEND_CPU (1u << 8)
#define FFT3D_BACKEND_GPU (1u << 9) /* neither: GPU when one is usable, else CPU */
/* Scale the inverse by 1/N (N = nx*ny*nz for 3-D plans, n for batched rows),
 * fused into the last pass on the GPU: inverse(forward(x)) = x. */
#define FFT3D_NORMALIZE (1u << 12)
/* The environment variable FFT3D_BACKEND=cpu|gpu overrides the default
 * choice (it never overrides a backend flag given explicitly). */

/* Plans. On failure *plan is set to NULL. */
FFT3D_API fft3d_status fft3d_plan_create_3d(fft3d_plan *plan, int nx, int ny, int nz, fft3d_type type,
                                  unsigned flags);
FFT3D_API fft3d_status fft3d_plan_create_1d_batched(fft3d_plan *plan, int n, long long batch,
                                          fft3d_type type, unsigned flags);
FFT3D_API fft3d_status fft3d_plan_destroy(fft3d_plan plan);

/* Execution, in place. A GPU plan takes a device pointer, a CPU plan a host
 * pointer; the other kind is rejected with FFT3D_ERROR_INVALID_POINTER. */
FFT3D_API fft3d_status fft3d_forward(fft3d_plan plan, void *data);
FFT3D_API fft3d_status fft3d_inverse(fft3d_plan plan, void *data); /* unnormalised */

/* Out of place: `out` receives the transform and `in` is left untouched
 * (except by the C2R inverse, see above). in == out is the in-place
 * transform; buffers that overlap without being equal are rejected with
 * FFT3D_ERROR_INVALID_ARGUMENT. On the GPU the first pass reads `in` and
 * writes `out`, so out of place costs no extra pass over memory (3-D grids
 * with nx = 1 copy first). */
FFT3D_API fft3d_status fft3d_forward_out(fft3d_plan plan, const void *in, void *out);
FFT3D_API fft3d_status fft3d_inverse_out(fft3d_plan plan, const void *in, void *out);

/* GPU plans enqueue their work on this stream (a cudaStream_t; NULL is the
 * legacy default stream) and return without synchronising. CPU plans accept
 * and ignore it. Not to be called while another thread executes the plan. */
struct CUstream_st;
FFT3D_API fft3d_status fft3d_set_stream(fft3d_plan plan, struct CUstream_st *stream);

/* Execution on an explicit stream: one plan may be executed by several host
 * threads at once, each on its own stream and buffer. */
FFT3D_API fft3d_status fft3d_forward_on_stream(fft3d_plan plan, void *data, struct CUstream_st *stream);
FFT3D_API fft3d_status fft3d_inverse_on_stream(fft3d_plan plan, void *data, struct CUstream_st *stream);

/* FFT3D_BACKEND_CPU or FFT3D_BACKEND_GPU: where the plan runs. */
FFT3D_API fft3d_status fft3d_plan_get_backend(fft3d_plan plan, unsigned *backend);

/* A readable description of the plan's schedule (passes, radices, threads,
 * bytes moved), like FFTW's print-plan. Writes at most len bytes including the
 * terminating NUL; *needed (if not NULL) receives the full length + 1. */
FFT3D_API fft3d_status fft3d_plan_describe(fft3d_plan plan, char *buf, size_t len, size_t *needed);

/* Wisdom: the kernel variants chosen for this GPU, as human-readable JSON.
 * GPU plans use the entries for their GPU (others are kept but ignored);
 * FFT3D_WISDOM names a file imported at first use. A file that does not
 * parse returns FFT3D_ERROR_WISDOM with the reason and changes nothing.
 * Export writes a temporary file and renames it over `path`. */
FFT3D_API fft3d_status fft3d_wisdom_import(const char *path);
FFT3D_API fft3d_status fft3d_wisdom_export(const char *path);
FFT3D_API fft3d_status fft3d_wisdom_forget(void);

FFT3D_API const char *fft3d_error_string(fft3d_status status);
/* Detail of the calling thread's most recent failure ("" if none). */
FFT3D_API const char *fft3d_last_error_message(void);
FFT3D_API const char *fft3d_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* FFT3D_H */
