/* fft3d-demo: the C API end to end.
 *
 * 1. A 3-D plane wave exp(2 pi i (kx x/nx + ky y/ny + kz z/nz)) is
 *    transformed forward; all its energy must land in the single bin
 *    (kx, ky, kz), with value nx*ny*nz. The inverse brings the field back
 *    times nx*ny*nz.
 * 2. A batch of 1-D rows, each a different plane wave, likewise.
 *
 * The backend is the library's default choice (the GPU when one is usable
 * and implements the problem, else FFTW on the CPU), or FFT3D_BACKEND=cpu|gpu.
 * GPU plans need device memory, so the demo moves data with the CUDA runtime
 * when the plan says it runs on the GPU.
 */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fft3d.h"
#include "demo_device_memory.h"

#define CHECK(call)                                                                     \
  do {                                                                                  \
    fft3d_status s_ = (call);                                                           \
    if (s_ != FFT3D_SUCCESS) {                                                          \
      fprintf(stderr, "%s failed: %s (%s)\n", #call, fft3d_error_string(s_),           \
              fft3d_last_error_message());                                              \
      exit(1);                                                                          \
    }                                                                                   \
  } while (0)

static const double two_pi = 6.283185307179586476925286766559005768;

/* Runs forward then inverse on n complex floats in `host`, moving them to the
 * device and back when the plan runs on the GPU. */
static void run(fft3d_plan plan, float complex *host, long long n, int forward) {
  unsigned backend = 0;
  CHECK(fft3d_plan_get_backend(plan, &backend));
  if (backend == FFT3D_BACKEND_GPU) {
    void *dev = demo_device_upload(host, (size_t)n * sizeof *host);
    CHECK(forward ? fft3d_forward(plan, dev) : fft3d_inverse(plan, dev));
    demo_device_download(host, dev, (size_t)n * sizeof *host);
  } else {
    CHECK(forward ? fft3d_forward(plan, host) : fft3d_inverse(plan, host));
  }
}

static int demo_3d(int nx, int ny, int nz, int kx, int ky, int kz) {
  const long long n = (long long)nx * ny * nz;
  float complex *a = malloc((size_t)n * sizeof *a);
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        double ph = two_pi * ((double)kx * x / nx + (double)ky * y / ny + (double)kz * z / nz);
        a[((long long)z * ny + y) * nx + x] = (float)cos(ph) + I * (float)sin(ph);
      }
  fft3d_plan plan;
  CHECK(fft3d_plan_create_3d(&plan, nx, ny, nz, FFT3D_C2C_F32, FFT3D_ESTIMATE));
  char text[1024];
  CHECK(fft3d_plan_describe(plan, text, sizeof text, NULL));
  printf("plan: %s\n", text);

  run(plan, a, n, 1);
  const long long peak = ((long long)kz * ny + ky) * nx + kx;
  double leak = 0;
  for (long long i = 0; i < n; ++i)
    if (i != peak) leak += cabsf(a[i]) * cabsf(a[i]);
  const int spectrum_ok = fabs(crealf(a[peak]) - (double)n) < 1e-4 * n && sqrt(leak) < 1e-4 * n;
  printf("3-D %dx%dx%d plane wave (%d,%d,%d): peak %.1f (expected %lld), energy elsewhere %.2e\n", nx, ny,
         nz, kx, ky, kz, crealf(a[peak]), n, sqrt(leak) / (double)n);

  run(plan, a, n, 0);
  double err = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        double ph = two_pi * ((double)kx * x / nx + (double)ky * y / ny + (double)kz * z / nz);
        double complex want = (cos(ph) + I * sin(ph)) * (double)n;
        err = fmax(err, cabs(a[((long long)z * ny + y) * nx + x] - want) / (double)n);
      }
  printf("round trip: max error %.2e\n", err);
  CHECK(fft3d_plan_destroy(plan));
  free(a);
  return !spectrum_ok || err > 1e-4;
}

static int demo_batched(int n, long long batch) {
  float complex *a = malloc((size_t)(n * batch) * sizeof *a);
  for (long long b = 0; b < batch; ++b)
    for (int x = 0; x < n; ++x) {
      double ph = two_pi * (double)((b * x) % n) / n; /* row b holds frequency b mod n */
      a[b * n + x] = (float)cos(ph) + I * (float)sin(ph);
    }
  fft3d_plan plan;
  CHECK(fft3d_plan_create_1d_batched(&plan, n, batch, FFT3D_C2C_F32, FFT3D_ESTIMATE));
  char text[1024];
  CHECK(fft3d_plan_describe(plan, text, sizeof text, NULL));
  printf("plan: %s\n", text);
  run(plan, a, n * batch, 1);
  double worst = 0;
  for (long long b = 0; b < batch; ++b)
    for (int k = 0; k < n; ++k) {
      double complex want = k == b % n ? n : 0;
      worst = fmax(worst, cabs(a[b * n + k] - want) / n);
    }
  printf("batched 1-D n=%d x %lld rows: max error against the exact spectrum %.2e\n", n, batch, worst);
  CHECK(fft3d_plan_destroy(plan));
  free(a);
  return worst > 1e-4;
}

int main(void) {
  printf("%s\n", fft3d_version_string());
  int failed = demo_3d(64, 48, 30, 5, 7, 3);
  failed |= demo_batched(480, 1000);
  printf(failed ? "demo: FAILED\n" : "demo: all results match the exact answers\n");
  return failed;
}
