#include "demo_device_memory.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef FFT3D_DEMO_HAVE_CUDA
#include <cuda_runtime_api.h>

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "%s failed: %s\n", what, cudaGetErrorString(e));
    exit(1);
  }
}

void *demo_device_upload(const void *host, size_t bytes) {
  void *dev = NULL;
  check(cudaMalloc(&dev, bytes), "cudaMalloc");
  check(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy to device");
  return dev;
}

void demo_device_download(void *host, void *device, size_t bytes) {
  check(cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy to host");
  check(cudaFree(device), "cudaFree");
}
#else
void *demo_device_upload(const void *host, size_t bytes) {
  (void)host;
  (void)bytes;
  fprintf(stderr, "demo built without CUDA cannot run a GPU plan\n");
  exit(1);
}
void demo_device_download(void *host, void *device, size_t bytes) {
  (void)host;
  (void)device;
  (void)bytes;
  exit(1);
}
#endif
