/* Links against an installed fft3d: an impulse transforms to all ones. */
#include <complex.h>
#include <stdio.h>

#include <fft3d.h>

int main(void) {
  float complex a[4 * 4 * 4] = {1.0f};
  fft3d_plan plan = NULL;
  if (fft3d_plan_create_3d(&plan, 4, 4, 4, FFT3D_C2C_F32, FFT3D_BACKEND_CPU) != FFT3D_SUCCESS ||
      fft3d_forward(plan, a) != FFT3D_SUCCESS) {
    fprintf(stderr, "fft3d failed: %s\n", fft3d_last_error_message());
    return 1;
  }
  fft3d_plan_destroy(plan);
  for (int i = 0; i < 64; ++i)
    if (cabsf(a[i] - 1.0f) > 1e-6f) return 1;
  printf("%s: installed package works\n", fft3d_version_string());
  return 0;
}
