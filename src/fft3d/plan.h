// A plan: what runs a Problem on one backend. The C API (c_api.cpp) owns
// plans through fft3d_plan handles; backends implement this interface.
#pragma once
#include <memory>
#include <string>

#include "fft3d.h"
#include "fft3d/problem.h"

namespace fft3d {

class Plan {
 public:
  explicit Plan(const Problem& problem) : problem_(problem) {}
  virtual ~Plan() = default;

  const Problem& problem() const { return problem_; }
  virtual unsigned backend() const = 0;  // FFT3D_BACKEND_CPU or _GPU
  // Throws Error(INVALID_POINTER) if data is not memory this backend can use.
  virtual void check_pointer(const void* data) const = 0;
  // sign -1: forward, +1 inverse (unnormalised). In place, enqueued on
  // stream (GPU plans; CPU plans ignore it). Safe to call from several
  // threads at once with different streams and buffers.
  // With problem().normalize the inverse is scaled by 1/N.
  virtual void execute(void* data, int sign, CUstream_st* stream) = 0;
  // Copies problem().bytes() from in to out (non-overlapping), on stream.
  virtual void copy(void* out, const void* in, CUstream_st* stream) = 0;
  // Out of place (in and out do not overlap): by default a copy, then the
  // in-place transform of out; real-data plans override it, since their
  // in-place and out-of-place layouts differ.
  virtual void execute_out(const void* in, void* out, int sign, CUstream_st* stream) {
    copy(out, in, stream);
    execute(out, sign, stream);
  }
  // Bytes read from `in` and written to `out` by an out-of-place transform:
  // for real problems the dense real side and the half-spectrum side.
  long long in_bytes(int sign) const {
    if (!problem_.is_real()) return problem_.bytes();
    return sign < 0 ? problem_.real_side_bytes() : problem_.complex_side_bytes();
  }
  long long out_bytes(int sign) const { return in_bytes(-sign); }
  virtual std::string describe() const = 0;

  // The stream fft3d_forward / fft3d_inverse use (fft3d_set_stream).
  void set_stream(CUstream_st* stream) { stream_ = stream; }
  CUstream_st* stream() const { return stream_; }

 private:
  Problem problem_;
  CUstream_st* stream_ = nullptr;
};

// Tuning mode in the low byte of the flags.
enum class TuneMode { estimate = 0, measure = 1, exhaustive = 2 };

// Backend factories. The GPU ones exist in every build; without CUDA they
// report FFT3D_ERROR_NO_DEVICE.
std::unique_ptr<Plan> make_cpu_plan(const Problem& problem, TuneMode mode);
std::unique_ptr<Plan> make_gpu_plan(const Problem& problem, TuneMode mode);
bool gpu_backend_usable();
// Whether the GPU backend implements this problem on the current device
// (gpu_schedule_exists: sizes, lengths); the automatic choice gives the
// others to the CPU.
bool gpu_backend_supports(const Problem& problem);
// Whether ptr is device memory (false without CUDA or a device).
bool pointer_is_on_device(const void* ptr);

}  // namespace fft3d
