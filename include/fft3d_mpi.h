/* fft3d_mpi: the 3-D FFT of fft3d distributed over an MPI communicator.
 *
 * Global grid and conventions as in fft3d.h: nx * ny * nz points, x fastest
 * (a[z][y][x]), forward exp(-2 pi i jk/n), inverse unnormalised unless
 * FFT3D_NORMALIZE. Real transforms (FFT3D_R2C_*) take nx reals along x to
 * nx/2+1 complex values; the rest of the grid is complex.
 *
 * Each rank owns one box of the grid before and one after the transform,
 * given by fft3d_mpi_local_size. A box is the set of points
 * start[a] <= i_a < start[a] + size[a] for the axes a = 0 (x), 1 (y), 2 (z),
 * stored densely in the memory order `order`: order[0] is the fastest axis,
 * order[2] the slowest. So order {0,1,2} stores point (x,y,z) at
 *   (x - start[0]) + size[0] * ((y - start[1]) + size[1] * (z - start[2])),
 * the serial library's layout restricted to the box. A rank may own an empty
 * box (some size 0) when the grid has fewer planes than the decomposition has
 * ranks along an axis; such ranks still take part in every call.
 *
 * Decompositions (P ranks, rank r):
 *  - slab: the input is split along z (x and y whole, order {0,1,2}); the
 *    forward transforms x and y locally, exchanges once, transforms z.
 *  - pencil on a p1 x p2 process grid (rank r has coordinates r1 = r % p1,
 *    r2 = r / p1): the input has x whole, y split over p1 and z over p2
 *    (order {0,1,2}); the forward transforms x, exchanges among the p1 ranks
 *    of equal r2, transforms y, exchanges among the p2 ranks of equal r1,
 *    transforms z.
 * Splits are balanced: along an axis of n points over p ranks, rank k owns
 * n/p points, one more for k < n % p.
 *
 * Output: by default (natural order) the forward returns the data to the
 * input's decomposition and order {0,1,2} (the complex box has x extent
 * nx/2+1 for real transforms). With transposed_out (like FFTW's
 * FFTW_MPI_TRANSPOSED_OUT) the final exchanges are skipped: the output box
 * has z whole and x, y split (slab: y over P; pencil: x over p1, y over p2)
 * and is stored with z fastest, order {2,0,1}, i.e. a[y][x][z]. The inverse
 * takes exactly what the forward produced (its input box is the forward's
 * output box) and returns the forward's input box.
 *
 * Buffers: every rank allocates alloc_elements complex values (8 bytes each in
 * f32, 16 in f64) for an in-place transform; out of place, `out` needs that
 * many and `in` only its box. Out of place, `in` is left untouched. Real data
 * in place is padded as in fft3d.h: each x row holds 2*(nx/2+1) reals;
 * out of place real rows are nx reals. The plan keeps its own work buffer of
 * alloc_elements values.
 *
 * Every function is collective over the plan's communicator (all its ranks
 * call it, in the same order) except fft3d_mpi_local_size,
 * fft3d_mpi_plan_describe, fft3d_mpi_get_timings and fft3d_mpi_set_stream.
 * Statuses are agreed: when one rank rejects its arguments (for example a
 * buffer smaller than alloc_elements) every rank returns an error, so none is
 * left waiting in an exchange; fft3d_last_error_message() on the rank at
 * fault names the problem, the others say that another rank failed. An
 * invalid communicator (MPI_COMM_NULL) or an invalid plan handle is detected
 * locally only, as MPI cannot reach the other ranks through it. MPI errors on
 * the plan's communicator are returned as FFT3D_ERROR_MPI, never aborted.
 *
 * GPU plans (FFT3D_BACKEND_GPU) take device pointers; each rank must select
 * its GPU (cudaSetDevice) before creating the plan. Transports for device
 * data: NCCL (when the library was built with it), GPU-aware MPI (when the
 * MPI library reports CUDA support), or host staging through pinned buffers.
 */
#ifndef FFT3D_MPI_H
#define FFT3D_MPI_H

#include <mpi.h>

#include "fft3d.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct fft3d_mpi_plan_st *fft3d_mpi_plan;

typedef enum {
  FFT3D_MPI_DECOMPOSITION_AUTO = 0, /* slab when every rank gets planes, else pencil */
  FFT3D_MPI_SLAB,
  FFT3D_MPI_PENCIL
} fft3d_mpi_decomposition;

typedef enum {
  FFT3D_MPI_TRANSPORT_AUTO = 0, /* CPU: host MPI; GPU: NCCL, else GPU-aware MPI, else host staging */
  FFT3D_MPI_TRANSPORT_HOST,     /* MPI on host memory (device data staged through pinned buffers) */
  FFT3D_MPI_TRANSPORT_NCCL,     /* ncclSend/ncclRecv on device memory */
  FFT3D_MPI_TRANSPORT_GPU_AWARE /* MPI_Alltoallv on device pointers */
} fft3d_mpi_transport;

/* Plan options; a zero-initialised struct (or NULL) asks for the defaults. */
typedef struct {
  fft3d_mpi_decomposition decomposition;
  int p1, p2;         /* pencil process grid, p1 * p2 = ranks; 0, 0 = chosen */
  int transposed_out; /* nonzero: skip the final exchanges (see above) */
  fft3d_mpi_transport transport;
  int time_phases;    /* nonzero: synchronise GPU work at phase boundaries so
                         that fft3d_mpi_get_timings splits time exactly */
  int pipeline_chunks; /* how reshapes exchange (the same on every rank):
                          1: pack everything, one all-to-all, unpack;
                          N >= 2 (at most 1024): pipelined in pairwise rounds
                          (round k: send to rank+k, receive from rank-k in the
                          group), each peer's message in N pieces, so packing,
                          exchange and unpacking of different pieces overlap;
                          0: chosen: pipelined on the NCCL transport (at least
                          4 pieces in all, none under 1 MiB), 1 otherwise.
                          Host staging always runs exchanges whole. */
} fft3d_mpi_options;

typedef struct {
  int start[3]; /* first global index along x, y, z */
  int size[3];  /* extent along x, y, z (a 0 means the box is empty) */
  int order[3]; /* axes from fastest to slowest in memory: {0,1,2} is a[z][y][x] */
} fft3d_mpi_box;

/* Wall-clock seconds spent by this rank since the plan was made or the
 * timings were last reset. */
typedef struct {
  double local;    /* local 1-D / 2-D FFTs and copies */
  double pack;     /* packing before and unpacking after exchanges; pipelined:
                      the time the host spends in packing and unpacking calls
                      (the copies on the CPU backend, their launches on GPUs) */
  double exchange; /* the all-to-all exchanges; pipelined: the rest of each
                      reshape's wall time (on GPUs mostly packing too) */
  long long transforms;
  long long bytes_sent; /* to other ranks (the exchanges' volume) */
} fft3d_mpi_timings;

/* Collective. flags as for fft3d_plan_create_3d (tuning mode, backend,
 * FFT3D_NORMALIZE). Every rank must pass the same sizes, type, flags and
 * options; a mismatch returns FFT3D_ERROR_INVALID_ARGUMENT on every rank.
 * On failure *plan is set to NULL. */
FFT3D_API fft3d_status fft3d_mpi_plan_create_3d(fft3d_mpi_plan *plan, MPI_Comm comm, int nx, int ny, int nz,
                                                fft3d_type type, unsigned flags, const fft3d_mpi_options *opts);
FFT3D_API fft3d_status fft3d_mpi_plan_destroy(fft3d_mpi_plan plan); /* collective; NULL is a no-op */

/* This rank's boxes for the forward transform (the inverse swaps them) and
 * the complex values each buffer must hold. Any output may be NULL. For real
 * transforms the input box counts reals along x (size[0] = nx). */
FFT3D_API fft3d_status fft3d_mpi_local_size(fft3d_mpi_plan plan, fft3d_mpi_box *in, fft3d_mpi_box *out,
                                            long long *alloc_elements);

/* In place: data holds `elements` complex values (at least alloc_elements,
 * else FFT3D_ERROR_INVALID_ARGUMENT on every rank and data untouched). */
FFT3D_API fft3d_status fft3d_mpi_forward(fft3d_mpi_plan plan, void *data, long long elements);
FFT3D_API fft3d_status fft3d_mpi_inverse(fft3d_mpi_plan plan, void *data, long long elements);

/* Out of place: `in` holds this rank's input box and is left untouched;
 * `out` holds out_elements complex values (at least alloc_elements). */
FFT3D_API fft3d_status fft3d_mpi_forward_out(fft3d_mpi_plan plan, const void *in, void *out, long long out_elements);
FFT3D_API fft3d_status fft3d_mpi_inverse_out(fft3d_mpi_plan plan, const void *in, void *out, long long out_elements);

/* GPU plans run their local work on this stream (a cudaStream_t); NULL is
 * the legacy default stream. Transforms return when the output is complete. */
struct CUstream_st;
FFT3D_API fft3d_status fft3d_mpi_set_stream(fft3d_mpi_plan plan, struct CUstream_st *stream);

/* FFT3D_BACKEND_CPU or FFT3D_BACKEND_GPU. */
FFT3D_API fft3d_status fft3d_mpi_plan_get_backend(fft3d_mpi_plan plan, unsigned *backend);

/* Decomposition, process grid, boxes, steps, transport, engine (this rank's
 * view). Writes at most len bytes including the NUL; *needed (if not NULL)
 * receives the full length + 1. */
FFT3D_API fft3d_status fft3d_mpi_plan_describe(fft3d_mpi_plan plan, char *buf, size_t len, size_t *needed);

/* This rank's time split; reset != 0 zeroes the counters after reading. */
FFT3D_API fft3d_status fft3d_mpi_get_timings(fft3d_mpi_plan plan, fft3d_mpi_timings *timings, int reset);

#ifdef __cplusplus
}
#endif

#endif /* FFT3D_MPI_H */
