// Batched 1-D rows on a host array: rows are independent, so the batch is cut
// into chunks of whole rows and the chunks are pipelined over two streams.
// Chunk k runs on stream k % 2 (upload, transform, download) in device buffer
// k % 2, so while one chunk is transformed the next uploads and the one
// before downloads; meanwhile the host copies chunks into and out of the
// pinned buffers. The device holds two chunks, whatever the batch.
#include <algorithm>
#include <cstring>
#include <map>

#include "fft3d/host_staging.h"
#include "fft3d/host_staging_kinds.h"
#include "fft3d/plan.h"
#include "fft3d/staging_resources.h"
#include "gpu/device_buffer.h"

namespace fft3d {

namespace {

class RowStaging final : public HostStaging {
 public:
  RowStaging(const Problem& problem, size_t chunk_bytes)
      : problem_(problem),
        row_bytes_(static_cast<size_t>(in_place_row_bytes(problem))),
        rows_per_chunk_(std::min<long long>(problem.batch, std::max<long long>(1, chunk_bytes / row_bytes_))) {
    const size_t chunk = static_cast<size_t>(rows_per_chunk_) * row_bytes_;
    const int buffers = chunk_count() > 1 ? 2 : 1;
    for (int b = 0; b < buffers; ++b) {
      device_[b] = DeviceBuffer(chunk);
      in_[b] = PinnedBuffer(chunk);
      out_[b] = PinnedBuffer(chunk);
    }
  }

  void run(Plan& plan, void* host, int sign) override {
    char* h = static_cast<char*>(host);
    const bool locked = is_page_locked(host);
    const StreamsDrained drained(streams_[0].get(), streams_[1].get());
    const long long n = chunk_count();
    for (long long k = 0; k < n; ++k) {
      start(plan, k, h, locked, sign);
      if (k > 0 && !locked) finish(k - 1, h);
    }
    if (!locked) finish(n - 1, h);
    streams_[0].synchronize();
    streams_[1].synchronize();
  }

 private:
  long long chunk_count() const { return (problem_.batch + rows_per_chunk_ - 1) / rows_per_chunk_; }
  long long rows(long long k) const { return std::min(rows_per_chunk_, problem_.batch - k * rows_per_chunk_); }
  size_t offset(long long k) const { return static_cast<size_t>(k * rows_per_chunk_) * row_bytes_; }
  size_t length(long long k) const { return static_cast<size_t>(rows(k)) * row_bytes_; }

  // Upload chunk k, transform it and start its download, all on stream k % 2.
  void start(Plan& plan, long long k, char* h, bool locked, int sign) {
    const int b = static_cast<int>(k % 2);
    cudaStream_t s = streams_[b].get();
    char* d = static_cast<char*>(device_[b].get());
    const char* src = h + offset(k);
    if (!locked) {
      uploaded_[b].wait();  // the upload of chunk k-2 has read in_[b]
      std::memcpy(in_[b].get(), src, length(k));
      src = in_[b].get();
    }
    FFT3D_CUDA_CHECK(cudaMemcpyAsync(d, src, length(k), cudaMemcpyHostToDevice, s));
    uploaded_[b].record(s);
    plan_for(plan, rows(k)).execute(d, sign, s);
    // out_[b] is free: chunk k-2 was copied out of it before this call.
    char* dst = locked ? h + offset(k) : out_[b].get();
    FFT3D_CUDA_CHECK(cudaMemcpyAsync(dst, d, length(k), cudaMemcpyDeviceToHost, s));
    downloaded_[b].record(s);
  }

  // Copy chunk k from its pinned buffer into the caller's array.
  void finish(long long k, char* h) {
    const int b = static_cast<int>(k % 2);
    downloaded_[b].wait();
    std::memcpy(h + offset(k), out_[b].get(), length(k));
  }

  // The plan itself for the whole batch; for fewer rows a GPU plan of the
  // same problem with that batch (same n, type and normalisation, so the
  // same kernel), made once and kept.
  Plan& plan_for(Plan& plan, long long rows) {
    if (rows == problem_.batch) return plan;
    std::unique_ptr<Plan>& p = sub_plans_[rows];
    if (!p) {
      Problem sub = problem_;
      sub.batch = rows;
      p = make_gpu_plan(sub, TuneMode::estimate);
    }
    return *p;
  }

  Problem problem_;
  size_t row_bytes_;
  long long rows_per_chunk_;
  std::map<long long, std::unique_ptr<Plan>> sub_plans_;  // at most two: full chunks and the last
  DeviceBuffer device_[2];
  PinnedBuffer in_[2], out_[2];
  StagingStream streams_[2];
  StagingEvent uploaded_[2], downloaded_[2];
};

}  // namespace

std::unique_ptr<HostStaging> make_row_staging(const Problem& problem, size_t chunk_bytes) {
  return std::make_unique<RowStaging>(problem, chunk_bytes);
}

}  // namespace fft3d
