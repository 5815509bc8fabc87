// A 3-D grid on a host array: the volume is uploaded in chunks, transformed
// by the plan in device scratch, and downloaded in chunks. Its passes need
// the whole volume, so the transform cannot start before the last chunk has
// arrived; the overlap is between the host's copies into (or out of) one
// pinned buffer and the DMA of the other.
#include <algorithm>
#include <cstring>

#include "fft3d/host_staging.h"
#include "fft3d/host_staging_kinds.h"
#include "fft3d/plan.h"
#include "fft3d/staging_resources.h"
#include "gpu/device_buffer.h"

namespace fft3d {

namespace {

class VolumeStaging final : public HostStaging {
 public:
  VolumeStaging(const Problem& problem, size_t chunk_bytes)
      : bytes_(static_cast<size_t>(in_place_bytes(problem))),
        chunk_(std::min(chunk_bytes, bytes_)),
        device_(bytes_),
        pinned_{PinnedBuffer(chunk_), PinnedBuffer(chunk_)} {}

  void run(Plan& plan, void* host, int sign) override {
    char* h = static_cast<char*>(host);
    char* d = static_cast<char*>(device_.get());
    const StreamsDrained drained(stream_.get());
    if (is_page_locked(host)) {  // DMA straight from and to the caller's array
      FFT3D_CUDA_CHECK(cudaMemcpyAsync(d, h, bytes_, cudaMemcpyHostToDevice, stream_.get()));
      plan.execute(d, sign, stream_.get());
      FFT3D_CUDA_CHECK(cudaMemcpyAsync(h, d, bytes_, cudaMemcpyDeviceToHost, stream_.get()));
      stream_.synchronize();
      return;
    }
    upload(h, d);
    plan.execute(d, sign, stream_.get());
    download(d, h);
    stream_.synchronize();
  }

 private:
  size_t chunks() const { return (bytes_ + chunk_ - 1) / chunk_; }
  size_t offset(size_t k) const { return k * chunk_; }
  size_t length(size_t k) const { return std::min(chunk_, bytes_ - offset(k)); }

  // Chunk k goes through buffer k % 2: the host fills it as soon as the DMA
  // of chunk k-2 has read it, while chunk k-1 is on the way.
  void upload(const char* h, char* d) {
    for (size_t k = 0; k < chunks(); ++k) {
      const size_t b = k % 2;
      done_[b].wait();
      std::memcpy(pinned_[b].get(), h + offset(k), length(k));
      FFT3D_CUDA_CHECK(
          cudaMemcpyAsync(d + offset(k), pinned_[b].get(), length(k), cudaMemcpyHostToDevice, stream_.get()));
      done_[b].record(stream_.get());
    }
  }

  // Two chunks in flight; the host empties buffer k % 2 while chunk k+1
  // arrives in the other, then sends buffer k % 2 for chunk k+2.
  void download(const char* d, char* h) {
    const size_t n = chunks();
    auto fetch = [&](size_t k) {
      const size_t b = k % 2;
      FFT3D_CUDA_CHECK(
          cudaMemcpyAsync(pinned_[b].get(), d + offset(k), length(k), cudaMemcpyDeviceToHost, stream_.get()));
      done_[b].record(stream_.get());
    };
    for (size_t k = 0; k < std::min<size_t>(2, n); ++k) fetch(k);
    for (size_t k = 0; k < n; ++k) {
      const size_t b = k % 2;
      done_[b].wait();
      std::memcpy(h + offset(k), pinned_[b].get(), length(k));
      if (k + 2 < n) fetch(k + 2);
    }
  }

  size_t bytes_, chunk_;
  DeviceBuffer device_;
  PinnedBuffer pinned_[2];
  StagingStream stream_;
  StagingEvent done_[2];  // the last copy that used pinned_[b] has finished
};

}  // namespace

std::unique_ptr<HostStaging> make_volume_staging(const Problem& problem, size_t chunk_bytes) {
  return std::make_unique<VolumeStaging>(problem, chunk_bytes);
}

}  // namespace fft3d
