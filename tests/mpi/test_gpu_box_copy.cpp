// The GPU box copy (GpuBoxCopies, one launch per list) on real device
// buffers against the CPU box copy, byte for byte including margins around
// the destination: every copy the decompositions make, odd extents, empty
// copies, random boxes and strides, a few large transposes and packs; 8- and
// 16-byte elements, 8-byte elements also at addresses that are not 16-byte
// aligned (no pairs). Skips without a usable device.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "copy_patterns.h"
#include "fft3d.h"
#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "mpi/gpu_box_copy.h"

namespace fft3d {
namespace mpi {
namespace {

#define CUDA_OK(call) ASSERT_EQ((call), cudaSuccess) << #call

class MpiGpuBoxCopyDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    int available = 0;
    if (fft3d_device_available(&available) != FFT3D_SUCCESS || !available) GTEST_SKIP() << "no usable CUDA device";
    ASSERT_EQ(cudaStreamCreate(&stream_), cudaSuccess);
  }
  void TearDown() override {
    if (stream_) cudaStreamDestroy(stream_);
  }

  const BoxCopyKernel& kernel(int bytes) {
    std::unique_ptr<BoxCopyKernel>& k = bytes == 8 ? kernel8_ : kernel16_;
    if (!k) k = std::make_unique<BoxCopyKernel>(current_device_info().arch(), bytes);
    return *k;
  }

  // Runs copies on the GPU and on the CPU; the destinations (with margins)
  // must agree byte for byte. With ms, also times a second run (ms).
  template <int Bytes>
  void expect_like_host(const std::vector<BoxCopy>& copies, const std::string& what, bool misaligned = false,
                        float* ms = nullptr) {
    constexpr long long kMargin = 4;
    const long long src_n = copy_test::reach(copies, true), dst_n = copy_test::reach(copies, false);
    const size_t src_bytes = static_cast<size_t>((src_n + 2 * kMargin) * Bytes);
    const size_t dst_bytes = static_cast<size_t>((dst_n + 2 * kMargin) * Bytes);
    std::vector<unsigned char> src(src_bytes), want(dst_bytes, 0x5A), got(dst_bytes, 0);
    std::mt19937 rng(static_cast<unsigned>(src_n * 7 + dst_n));
    for (unsigned char& b : src) b = static_cast<unsigned char>(rng());
    run_box_copies_on_host(src.data() + kMargin * Bytes, want.data() + kMargin * Bytes, copies, Bytes);

    const size_t shift = misaligned ? 8 : 0;
    DeviceBuffer d_src(src_bytes + 16), d_dst(dst_bytes + 16);
    unsigned char* s = static_cast<unsigned char*>(d_src.get()) + shift;
    unsigned char* d = static_cast<unsigned char*>(d_dst.get()) + shift;
    CUDA_OK(cudaMemcpy(s, src.data(), src_bytes, cudaMemcpyHostToDevice));
    CUDA_OK(cudaMemset(d, 0x5A, dst_bytes));
    CUstream_st* stream = reinterpret_cast<CUstream_st*>(stream_);
    GpuBoxCopies gpu(kernel(Bytes), copies, &stream);
    cudaEvent_t start = nullptr, stop = nullptr;
    if (ms) {
      CUDA_OK(cudaEventCreate(&start));
      CUDA_OK(cudaEventCreate(&stop));
      gpu.run(s + kMargin * Bytes, d + kMargin * Bytes);  // warm-up
      CUDA_OK(cudaEventRecord(start, stream_));
    }
    gpu.run(s + kMargin * Bytes, d + kMargin * Bytes);
    if (ms) {
      CUDA_OK(cudaEventRecord(stop, stream_));
      CUDA_OK(cudaEventSynchronize(stop));
      CUDA_OK(cudaEventElapsedTime(ms, start, stop));
      cudaEventDestroy(start);
      cudaEventDestroy(stop);
    }
    CUDA_OK(cudaStreamSynchronize(stream_));
    CUDA_OK(cudaMemcpy(got.data(), d, dst_bytes, cudaMemcpyDeviceToHost));
    ASSERT_EQ(std::memcmp(want.data(), got.data(), dst_bytes), 0)
        << what << " (" << Bytes << "-byte" << (misaligned ? ", misaligned" : "") << ")";
  }

  void expect_like_host_all_ways(const std::vector<BoxCopy>& copies, const std::string& what) {
    expect_like_host<8>(copies, what);
    expect_like_host<8>(copies, what, true);
    expect_like_host<16>(copies, what);
  }

  cudaStream_t stream_ = nullptr;
  std::unique_ptr<BoxCopyKernel> kernel8_, kernel16_;
};

TEST_F(MpiGpuBoxCopyDevice, DecompositionCopies) {
  for (const copy_test::CopyList& l : copy_test::decomposition_copies()) {
    expect_like_host_all_ways(l.copies, l.name);
    if (HasFatalFailure()) return;
  }
}

TEST_F(MpiGpuBoxCopyDevice, OddEmptyAndRandomCopies) {
  const Box src{{0, 0, 0}, {7, 13, 5}, {kX, kY, kZ}};
  std::vector<BoxCopy> copies{BoxCopy{}};
  for (const Index3& order : {Index3{kY, kX, kZ}, Index3{kZ, kX, kY}, Index3{kZ, kY, kX}, Index3{kX, kY, kZ}}) {
    Box dst = src;
    dst.order = order;
    copies.push_back(make_box_copy(src, 0, dst, copy_test::reach(copies, false), src));
  }
  copies.push_back(BoxCopy{});
  expect_like_host_all_ways(copies, "7x13x5 in four orders");
  // Only empty copies: nothing is launched, nothing written.
  expect_like_host_all_ways({BoxCopy{}, BoxCopy{}}, "empty copies");
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    expect_like_host_all_ways(copy_test::random_box_copies(rng, 1 + trial % 6, trial % 4 == 0 ? 70 : 14),
                              "random boxes " + std::to_string(trial));
    expect_like_host_all_ways({copy_test::random_strided_copy(rng, trial % 5 == 0 ? 48 : 12)},
                              "random strides " + std::to_string(trial));
    if (HasFatalFailure()) return;
  }
}

TEST_F(MpiGpuBoxCopyDevice, LargeTransposesAndPacks) {
  const Box xyz{{0, 0, 0}, {256, 256, 64}, {kX, kY, kZ}};
  Box yxz = xyz, zxy = xyz;
  yxz.order = {kY, kX, kZ};
  zxy.order = {kZ, kX, kY};
  const std::vector<std::pair<std::string, BoxCopy>> cases = {
      {"xyz->yxz", make_box_copy(xyz, 0, yxz, 0, xyz)},
      {"yxz->zxy", make_box_copy(yxz, 0, zxy, 0, xyz)},
      {"zxy->yxz", make_box_copy(zxy, 0, yxz, 0, xyz)},
      {"xyz->zxy", make_box_copy(xyz, 0, zxy, 0, xyz)}};
  for (const auto& c : cases) {
    float ms8 = 0, ms16 = 0;
    expect_like_host<8>({c.second}, "256x256x64 " + c.first, false, &ms8);
    expect_like_host<8>({c.second}, "256x256x64 " + c.first, true);
    expect_like_host<16>({c.second}, "256x256x64 " + c.first, false, &ms16);
    // Read + written bytes per second, for the record.
    const double bytes = 2.0 * xyz.volume();
    RecordProperty("GBps_8_" + c.first, std::to_string(static_cast<int>(bytes * 8 / (ms8 * 1e6))));
    RecordProperty("GBps_16_" + c.first, std::to_string(static_cast<int>(bytes * 16 / (ms16 * 1e6))));
  }
  // The packs and unpacks of a 256 x 256 x 64 grid over four ranks.
  const Decomposition d = make_decomposition({256, 256, 64, false}, DecompositionKind::pencil, {2, 2});
  for (const copy_test::CopyList& l : copy_test::rank_copies(d, 1, 0)) expect_like_host_all_ways(l.copies, l.name);
}

}  // namespace
}  // namespace mpi
}  // namespace fft3d
