// The CPU backend: FFTW (fftw3 / fftw3f) with our layout and conventions.
#include <cstring>
#include <mutex>
#include <sstream>
#include <vector>

#include "common/error.h"
#include "fft3d/fftw_traits.h"
#include "fft3d/cpu_fftw_common.h"
#include "fft3d/plan.h"

namespace fft3d {

std::mutex& fftw_planner_mutex() {
  static std::mutex m;
  return m;
}

namespace {

template <typename Real>
class FftwPlan final : public Plan {
  using F = Fftw<Real>;

 public:
  FftwPlan(const Problem& problem, TuneMode mode) : Plan(problem), mode_(mode) {
    describe_dims();
    // Plans for 16-byte-aligned data; unaligned data gets its own plans,
    // made on first use (FFTW requires the alignment planned for).
    make_plans(true);
  }
  ~FftwPlan() override {
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    for (auto p : {forward_[0], forward_[1], inverse_[0], inverse_[1]})
      if (p) F::destroy(p);
  }

  unsigned backend() const override { return FFT3D_BACKEND_CPU; }

  void check_pointer(const void* data) const override {
    if (pointer_is_on_device(data))
      fail(FFT3D_ERROR_INVALID_POINTER, "a CPU plan was given a device pointer");
  }

  void execute(void* data, int sign, CUstream_st*) override {
    auto* c = static_cast<typename F::complex*>(data);
    const bool aligned = F::alignment_of(reinterpret_cast<Real*>(data)) == 0;
    if (!aligned) std::call_once(unaligned_once_, [this] { make_plans(false); });
    F::execute_dft(sign < 0 ? forward_[aligned ? 0 : 1] : inverse_[aligned ? 0 : 1], c, c);
    if (sign > 0 && problem().normalize) {
      const Real s = Real(1) / static_cast<Real>(problem().transform_length());
      Real* r = static_cast<Real*>(data);
      for (long long i = 0; i < 2 * problem().elements(); ++i) r[i] *= s;
    }
  }

  void copy(void* out, const void* in, CUstream_st*) override {
    std::memcpy(out, in, static_cast<size_t>(problem().bytes()));
  }

  std::string describe() const override {
    std::ostringstream s;
    s << problem().str() << " on the CPU: FFTW " << (mode_ == TuneMode::estimate ? "ESTIMATE" : "MEASURE")
      << " plan, in place, 1 call per transform";
    return s.str();
  }

 private:
  // FFTW's dimensions are slowest first; ours have x contiguous.
  void describe_dims() {
    const Problem& p = problem();
    if (p.shape == Shape::batched1d) {
      dims_ = {{p.nx, 1, 1}};
      howmany_ = {{p.batch, p.nx, p.nx}};
    } else {
      const long long sx = 1, sy = p.nx, sz = static_cast<long long>(p.nx) * p.ny;
      dims_ = {{p.nz, sz, sz}, {p.ny, sy, sy}, {p.nx, sx, sx}};
      howmany_ = {};
    }
  }

  void make_plans(bool aligned) {
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    unsigned flags = mode_ == TuneMode::estimate ? FFTW_ESTIMATE
                     : mode_ == TuneMode::measure ? FFTW_MEASURE
                                                  : FFTW_PATIENT;
    if (!aligned) flags |= FFTW_UNALIGNED;
    // ESTIMATE never touches the arrays, so a small buffer stands in for
    // the data; MEASURE runs transforms, so it needs a scratch of full size.
    const size_t elems = mode_ == TuneMode::estimate ? 1 : static_cast<size_t>(problem().elements());
    Real* scratch = static_cast<Real*>(F::malloc(2 * sizeof(Real) * elems + 16));
    if (!scratch) fail(FFT3D_ERROR_OUT_OF_MEMORY, "FFTW planning scratch of " + std::to_string(elems) + " elements");
    auto* buf = reinterpret_cast<typename F::complex*>(aligned ? scratch : scratch + 1);
    const int rank = static_cast<int>(dims_.size());
    const int idx = aligned ? 0 : 1;
    forward_[idx] = F::guru64_dft(rank, dims_.data(), static_cast<int>(howmany_.size()), howmany_.data(),
                                  buf, buf, FFTW_FORWARD, flags);
    inverse_[idx] = F::guru64_dft(rank, dims_.data(), static_cast<int>(howmany_.size()), howmany_.data(),
                                  buf, buf, FFTW_BACKWARD, flags);
    F::free(scratch);
    if (!forward_[idx] || !inverse_[idx]) fail(FFT3D_ERROR_INTERNAL, "FFTW could not plan " + problem().str());
  }

  TuneMode mode_;
  std::vector<fftw_iodim64> dims_, howmany_;
  typename F::plan forward_[2] = {nullptr, nullptr};  // [aligned, unaligned]
  typename F::plan inverse_[2] = {nullptr, nullptr};
  std::once_flag unaligned_once_;
};

}  // namespace

std::unique_ptr<Plan> make_cpu_plan(const Problem& problem, TuneMode mode) {
  if (problem.is_real()) return make_cpu_real_plan(problem, mode);
  if (problem.precision() == Precision::f32) return std::make_unique<FftwPlan<float>>(problem, mode);
  return std::make_unique<FftwPlan<double>>(problem, mode);
}

}  // namespace fft3d
