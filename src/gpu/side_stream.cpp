#include "gpu/side_stream.h"

#include "gpu/cuda_check.h"

namespace fft3d {

SideStream::SideStream() {
  try {
    // Non-blocking: the legacy default stream does not serialise with it.
    FFT3D_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking));
    FFT3D_CUDA_CHECK(cudaEventCreateWithFlags(&forked_, cudaEventDisableTiming));
    FFT3D_CUDA_CHECK(cudaEventCreateWithFlags(&joined_, cudaEventDisableTiming));
  } catch (...) {
    release();
    throw;
  }
}

SideStream::~SideStream() { release(); }

void SideStream::release() {
  if (joined_) cudaEventDestroy(joined_);
  if (forked_) cudaEventDestroy(forked_);
  if (stream_) cudaStreamDestroy(stream_);
}

void SideStream::fork(cudaStream_t main) {
  FFT3D_CUDA_CHECK(cudaEventRecord(forked_, main));
  FFT3D_CUDA_CHECK(cudaStreamWaitEvent(stream_, forked_, 0));
}

void SideStream::join(cudaStream_t main) {
  FFT3D_CUDA_CHECK(cudaEventRecord(joined_, stream_));
  FFT3D_CUDA_CHECK(cudaStreamWaitEvent(main, joined_, 0));
}

}  // namespace fft3d
