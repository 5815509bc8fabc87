// Real-to-complex (forward) and complex-to-real (inverse) transforms on the
// CPU backend with FFTW, in the layout FFTW and cuFFT use: the complex side
// holds nx/2 + 1 values along x. In place the real side is padded, each x row
// holding 2 (nx/2 + 1) reals; out of place it is nx reals per row. The
// inverse (C2R) may overwrite its complex input, as FFTW's and cuFFT's do.
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>
#include <tuple>
#include <vector>

#include "common/error.h"
#include "fft3d/cpu_fftw_common.h"
#include "fft3d/fftw_traits.h"

namespace fft3d {

namespace {

template <typename Real>
class FftwRealPlan final : public Plan {
  using F = Fftw<Real>;
  using C = typename F::complex;

 public:
  FftwRealPlan(const Problem& problem, TuneMode mode) : Plan(problem), mode_(mode) {
    const Problem& p = problem;
    half_ = p.nx / 2 + 1;
    rows_ = p.rows();
    plan(-1, true, true);  // the common case up front; the others on first use
  }
  ~FftwRealPlan() override {
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    for (auto& entry : plans_) F::destroy(entry.second);
  }

  unsigned backend() const override { return FFT3D_BACKEND_CPU; }

  void check_pointer(const void* data) const override {
    if (pointer_is_on_device(data))
      fail(FFT3D_ERROR_INVALID_POINTER, "a CPU plan was given a device pointer");
  }

  void execute(void* data, int sign, CUstream_st*) override { run(data, data, sign); }

  void execute_out(const void* in, void* out, int sign, CUstream_st*) override {
    run(const_cast<void*>(in), out, sign);
  }

  void copy(void* out, const void* in, CUstream_st*) override {
    std::memcpy(out, in, static_cast<size_t>(problem().complex_side_bytes()));
  }

  std::string describe() const override {
    std::ostringstream s;
    s << problem().str() << " on the CPU: FFTW r2c/c2r, " << half_
      << " complex values per x row; in place the real rows are padded to " << 2 * half_ << " reals";
    return s.str();
  }

 private:
  void run(void* in, void* out, int sign) {
    const bool in_place = in == out;
    const bool aligned = F::alignment_of(static_cast<Real*>(in)) == 0 && F::alignment_of(static_cast<Real*>(out)) == 0;
    typename F::plan p = plan(sign, in_place, aligned);
    if (sign < 0) {
      F::execute_r2c(p, static_cast<Real*>(in), static_cast<C*>(out));
      return;
    }
    F::execute_c2r(p, static_cast<C*>(in), static_cast<Real*>(out));
    if (problem().normalize) scale_real(static_cast<Real*>(out), in_place);
  }

  // Scales the valid reals of each row (not the padding) by 1/N.
  void scale_real(Real* out, bool in_place) const {
    const Real s = Real(1) / static_cast<Real>(problem().transform_length());
    const long long stride = in_place ? 2 * half_ : problem().nx;
    for (long long r = 0; r < rows_; ++r)
      for (long long x = 0; x < problem().nx; ++x) out[r * stride + x] *= s;
  }

  // The FFTW plan for a direction, placement and alignment, made on first use.
  typename F::plan plan(int sign, bool in_place, bool aligned) {
    const auto key = std::make_tuple(sign, in_place, aligned);
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    if (auto it = plans_.find(key); it != plans_.end()) return it->second;
    const Problem& p = problem();
    const long long real_row = in_place ? 2 * half_ : p.nx;
    // FFTW's dimensions are slowest first: (z, y, x), or x with rows batched.
    // Each entry: length, stride on the input side, stride on the output side.
    auto strides = [&](long long real, long long cplx) {
      return sign < 0 ? fftw_iodim64{0, real, cplx} : fftw_iodim64{0, cplx, real};
    };
    std::vector<fftw_iodim64> dims, howmany;
    auto add = [&](std::vector<fftw_iodim64>& v, long long n, long long real, long long cplx) {
      fftw_iodim64 d = strides(real, cplx);
      d.n = n;
      v.push_back(d);
    };
    if (p.shape == Shape::batched1d) {
      add(dims, p.nx, 1, 1);
      add(howmany, p.batch, real_row, half_);
    } else {
      add(dims, p.nz, real_row * p.ny, half_ * p.ny);
      add(dims, p.ny, real_row, half_);
      add(dims, p.nx, 1, 1);
    }
    unsigned flags = mode_ == TuneMode::estimate ? FFTW_ESTIMATE : mode_ == TuneMode::measure ? FFTW_MEASURE : FFTW_PATIENT;
    if (!aligned) flags |= FFTW_UNALIGNED;
    // ESTIMATE leaves the arrays alone; MEASURE needs scratch of full size.
    // (Out of place, the output starts reals/2 later: keep that 16-byte aligned.)
    const size_t reals = mode_ == TuneMode::estimate ? 8 : static_cast<size_t>(2 * rows_ * half_ * 2);
    Real* scratch = static_cast<Real*>(F::malloc(sizeof(Real) * (reals + 4)));
    if (!scratch) fail(FFT3D_ERROR_OUT_OF_MEMORY, "FFTW planning scratch");
    Real* a = aligned ? scratch : scratch + 1;
    Real* b = in_place ? a : a + reals / 2;
    typename F::plan made =
        sign < 0 ? F::guru64_r2c(static_cast<int>(dims.size()), dims.data(), static_cast<int>(howmany.size()),
                                 howmany.data(), a, reinterpret_cast<C*>(b), flags)
                 : F::guru64_c2r(static_cast<int>(dims.size()), dims.data(), static_cast<int>(howmany.size()),
                                 howmany.data(), reinterpret_cast<C*>(a), b, flags);
    F::free(scratch);
    if (!made) fail(FFT3D_ERROR_INTERNAL, "FFTW could not plan " + problem().str());
    plans_.emplace(key, made);
    return made;
  }

  TuneMode mode_;
  long long half_ = 0, rows_ = 0;
  std::map<std::tuple<int, bool, bool>, typename F::plan> plans_;
};

}  // namespace

std::unique_ptr<Plan> make_cpu_real_plan(const Problem& problem, TuneMode mode) {
  if (problem.precision() == Precision::f32) return std::make_unique<FftwRealPlan<float>>(problem, mode);
  return std::make_unique<FftwRealPlan<double>>(problem, mode);
}

}  // namespace fft3d
