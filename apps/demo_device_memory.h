/* Device memory for the demo's GPU runs (CUDA runtime when built with it). */
#ifndef FFT3D_DEMO_DEVICE_MEMORY_H
#define FFT3D_DEMO_DEVICE_MEMORY_H
#include <stddef.h>

/* Copies bytes from host into a new device buffer; exits on failure. */
void *demo_device_upload(const void *host, size_t bytes);
/* Copies bytes back to host and frees the device buffer; exits on failure. */
void demo_device_download(void *host, void *device, size_t bytes);

#endif
