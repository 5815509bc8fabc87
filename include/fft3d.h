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

/* Tuning. A GPU plan made with FFT3D_MEASURE or FFT3D_EXHAUSTIVE for which
 * wisdom has no entry times kernel variants of each pass on the device
 * (compiling them in parallel), verifies the fastest against FFTW and
 * remembers it as wisdom; see docs/TUNING.md. Both settings belong to the
 * process (like fftw_set_timelimit) and are read when tuning starts.
 * Budget: seconds of tuning per plan, after which the best variant found so
 * far is used (the winners are still verified); negative or infinite: no
 * limit (the default); 0: only the ESTIMATE variant is measured. NaN is
 * FFT3D_ERROR_INVALID_ARGUMENT.
 * Progress: cb(fraction in [0, 1], never decreasing; a line saying what
 * runs; user) is called on the thread that creates the plan, between steps
 * of the search; NULL removes it. The text is valid during the call only. */
typedef void (*fft3d_progress_fn)(double fraction, const char *text, void *user);
FFT3D_API fft3d_status fft3d_set_tuning_budget(double seconds);
FFT3D_API fft3d_status fft3d_set_progress_callback(fft3d_progress_fn cb, void *user);

/* ---- Host arrays and device memory: no CUDA headers needed ----------------
 *
 * fft3d_forward_host / fft3d_inverse_host transform a host array in place on
 * a plan of either backend and return when the result is in the array. The
 * array has the layout fft3d_forward takes (real plans: the padded in-place
 * layout described at the top). On a CPU plan they are fft3d_forward /
 * fft3d_inverse. On a GPU plan they copy the array to the device, transform
 * it there and copy it back:
 *  - Pageable memory goes through two pinned staging buffers in chunks: the
 *    host copies chunk k+1 into one buffer while chunk k moves between the
 *    other and the device. Memory that is already page-locked (cudaMallocHost,
 *    cudaHostRegister) is copied directly.
 *  - A 3-D transform needs the whole volume on the device before its first
 *    pass, so upload, transform and download follow one another (the device
 *    holds one copy of the volume).
 *  - Batched 1-D rows are independent, so chunks of rows are pipelined on two
 *    streams: while one chunk is transformed, the next uploads and the one
 *    before downloads. The device holds two chunks, so the batch may exceed
 *    device memory.
 *  - Staging buffers and device scratch are kept with the plan for the next
 *    call and freed by fft3d_plan_destroy. The work runs on streams of the
 *    library's own (not the plan's stream); calls on one plan from several
 *    threads take turns.
 * A device pointer is rejected with FFT3D_ERROR_INVALID_POINTER and left
 * untouched (give it to fft3d_forward). Should a CUDA call fail part way, the
 * host array may hold part of the result. */
FFT3D_API fft3d_status fft3d_forward_host(fft3d_plan plan, void *host);
FFT3D_API fft3d_status fft3d_inverse_host(fft3d_plan plan, void *host); /* unnormalised */

/* Device memory helpers on the current CUDA device. In a build without CUDA,
 * or on a machine without a usable device, they return FFT3D_ERROR_NO_DEVICE
 * with a message (fft3d_device_available answers 0 instead, and
 * fft3d_device_free(NULL) is a no-op everywhere). The copies wait for all work
 * on the device first (cudaDeviceSynchronize), so the result of a transform
 * enqueued on any stream is complete when copied back; dst/src must be device
 * memory on the device side and host memory on the host side, else
 * FFT3D_ERROR_INVALID_POINTER. */
FFT3D_API fft3d_status fft3d_device_available(int *available); /* 1 if a usable device, else 0 */
FFT3D_API fft3d_status fft3d_device_malloc(void **ptr, size_t bytes); /* *ptr = NULL on failure or for 0 bytes */
FFT3D_API fft3d_status fft3d_device_free(void *ptr);
FFT3D_API fft3d_status fft3d_memcpy_to_device(void *dst, const void *src, size_t bytes);
FFT3D_API fft3d_status fft3d_memcpy_to_host(void *dst, const void *src, size_t bytes);
/* The current device's name, as fft3d_plan_describe returns text. */
FFT3D_API fft3d_status fft3d_device_name(char *buf, size_t len, size_t *needed);

FFT3D_API const char *fft3d_error_string(fft3d_status status);
/* Detail of the calling thread's most recent failure ("" if none). */
FFT3D_API const char *fft3d_last_error_message(void);
FFT3D_API const char *fft3d_version_string(void);

#ifdef __cplusplus
}
#endif

#endif /* FFT3D_H */
