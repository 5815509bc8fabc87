// The GPU's PassTimers: compile candidates with NVRTC into the module cache
// (from several threads), time a pass with CUDA events in its own geometry
// on more data than the L2 cache holds, and verify it against FFTW; one for
// complex rows and columns, one for the real rows of R2C/C2R.
#pragma once
#include <cuda_runtime_api.h>

#include <complex>
#include <memory>
#include <vector>

#include "fft3d/grid_schedule.h"
#include "gpu/device.h"
#include "gpu/device_buffer.h"
#include "gpu/event_timer.h"
#include "gpu/gpu_pass.h"
#include "tune/pass_check.h"
#include "tune/search.h"

namespace fft3d {

// The device data of one tuning, shared by its timers: `copies` grids back
// to back (at least twice the L2 cache in all, as device memory allows),
// filled with random values that repeat every pattern_period(grid) elements,
// and the stream everything runs on.
class TuningData {
 public:
  TuningData(long long grid_elements, Precision precision, const DeviceInfo& device);
  ~TuningData();
  TuningData(const TuningData&) = delete;
  TuningData& operator=(const TuningData&) = delete;

  void* data() const { return buffer_.get(); }
  long long grid_elements() const { return grid_elements_; }
  long long copies() const { return copies_; }
  Precision precision() const { return precision_; }
  cudaStream_t stream() const { return stream_; }
  // Puts the random values back into the first grid (passes run in place).
  void restore_first_grid();
  // The value restore_first_grid leaves at element e (as stored, in double).
  std::complex<double> input(long long e) const { return pattern_[static_cast<size_t>(e % period_)]; }
  // The values of the first grid's rows (of shape.n points, in shape's
  // geometry) as they are now, back to back.
  std::vector<std::complex<double>> gather(const PassShape& shape, const std::vector<long long>& rows) const;
  // After a failed launch: waits for the stream and clears the error, so
  // that it does not leak into the next candidate.
  void recover() const;

 private:
  void fill(long long elements);

  long long grid_elements_, copies_ = 1, period_;
  Precision precision_;
  DeviceBuffer buffer_;
  cudaStream_t stream_ = nullptr;
  std::vector<std::complex<double>> pattern_;  // rounded to the precision
  std::vector<char> pattern_bytes_;            // the same values as stored on the device
};

// What both timers key and compile a candidate's kernel of length n by.
std::string tuned_kernel_id(Precision precision, int n, const Candidate& c);
bool compile_tuned_kernel(int n, Precision precision, const Candidate& c, const DeviceInfo& device);

class GpuPassTimer final : public PassTimer {
 public:
  // repeats: timed runs per candidate (the median is kept), after two warm-up runs.
  GpuPassTimer(const GridPass& pass, const DeviceInfo& device, TuningData& data, int repeats);

  std::string kernel_id(const Candidate& c) const override;
  bool compile(const Candidate& c) override;
  std::optional<double> time(const Candidate& c) override;
  bool verify(const Candidate& c) override;

 private:
  std::unique_ptr<GpuPass> make_pass(const Candidate& c) const;

  PassShape shape_;
  DeviceInfo device_;
  TuningData& data_;
  EventTimer timer_;
};

// Real rows (is_real_rows(pass)): the forward (R2C) or the inverse (C2R)
// as pass.real_sign says (0: the two together), in place as the plan runs
// them, nx reals in rows padded to 2 (nx/2 + 1) (the data holds nx/2 + 1
// complex values per row); both directions verified against FFTW's r2c
// and c2r.
class GpuRealRowsTimer final : public PassTimer {
 public:
  GpuRealRowsTimer(const GridPass& pass, const DeviceInfo& device, TuningData& data, int repeats);

  std::string kernel_id(const Candidate& c) const override;
  bool compile(const Candidate& c) override;
  std::optional<double> time(const Candidate& c) override;
  bool verify(const Candidate& c) override;

 private:
  int nx_, kernel_n_;
  int sign_;         // the direction timed; 0 both
  PassShape shape_;  // real_rows_shape(nx, rows)
  DeviceInfo device_;
  TuningData& data_;
  EventTimer timer_;
};

}  // namespace fft3d
