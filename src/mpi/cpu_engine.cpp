// The CPU engine: FFTW guru plans over the strided lines of a box (no copies
// for strided axes), host loops for packing. In the `rows` method its local
// FFTs are the GPU engine's (batched 1-D plans, here on the CPU backend).
#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>
#include <tuple>

#include "common/error.h"
#include "fft3d/cpu_fftw_common.h"
#include "fft3d/fftw_traits.h"
#include "mpi/local_engine.h"
#include "mpi/rows_local_fft.h"

namespace fft3d {
namespace mpi {

namespace {

template <typename Real>
class CpuLocalFft final : public LocalFft {
  using F = Fftw<Real>;
  using C = typename F::complex;

 public:
  explicit CpuLocalFft(const LocalFftSpec& spec) : spec_(spec) {
    if (spec_.real && (spec_.axes.empty() || spec_.axes[0] != kX || spec_.box.order[0] != kX))
      fail(FFT3D_ERROR_INTERNAL, "a real stage must transform x first with x fastest");
    if (!spec_.box.empty()) plan(-1, true, true, true);  // fail at plan time if FFTW cannot
  }
  ~CpuLocalFft() override {
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    for (auto& entry : plans_) F::destroy(entry.second);
  }

  void run(const void* in, void* out, int sign, bool padded) override {
    if (spec_.box.empty()) return;
    const bool in_place = in == out;
    if (spec_.real && in_place && !padded) fail(FFT3D_ERROR_INTERNAL, "in-place real FFT on unpadded rows");
    const bool aligned = F::alignment_of(static_cast<Real*>(const_cast<void*>(in))) == 0 &&
                         F::alignment_of(static_cast<Real*>(out)) == 0;
    typename F::plan p = plan(sign, in_place, padded || !spec_.real, aligned);
    void* src = const_cast<void*>(in);
    if (!spec_.real)
      F::execute_dft(p, static_cast<C*>(src), static_cast<C*>(out));
    else if (sign < 0)
      F::execute_r2c(p, static_cast<Real*>(src), static_cast<C*>(out));
    else
      F::execute_c2r(p, static_cast<C*>(src), static_cast<Real*>(out));
    if (sign > 0 && spec_.normalize) scale(static_cast<Real*>(out), padded);
  }

  bool prefers_in_place() const override { return false; }  // FFTW reads one buffer and writes the other

  std::string describe() const override {
    std::ostringstream s;
    s << "FFTW " << (spec_.real ? "r2c/c2r" : "c2c") << " along";
    for (int a : spec_.axes) s << ' ' << "xyz"[a];
    s << " of " << spec_.box.str();
    return s.str();
  }

 private:
  long long real_row(bool padded) const { return padded ? 2LL * spec_.box.size[kX] : spec_.nx; }
  long long length(int axis) const { return spec_.real && axis == kX ? spec_.nx : spec_.box.size[axis]; }

  // Multiplies the output by 1 / (product of the transform lengths); on the
  // real side only the nx values of each row, never the padding.
  void scale(Real* out, bool padded) const {
    long long n = 1;
    for (int a : spec_.axes) n *= length(a);
    const Real s = Real(1) / static_cast<Real>(n);
    if (!spec_.real) {
      for (long long i = 0; i < 2 * spec_.box.volume(); ++i) out[i] *= s;
      return;
    }
    const long long rows = spec_.box.volume() / spec_.box.size[kX], pitch = real_row(padded);
    for (long long r = 0; r < rows; ++r)
      for (long long x = 0; x < spec_.nx; ++x) out[r * pitch + x] *= s;
  }

  // FFTW's dimension (length, input stride, output stride) for an axis; the
  // real side counts reals (x rows of real_row), the complex side values.
  fftw_iodim64 dim(int axis, int sign, bool padded) const {
    const long long c = spec_.box.strides()[axis];
    long long r = c;
    if (spec_.real) r = axis == kX ? 1 : c / spec_.box.size[kX] * real_row(padded);
    const bool real_in = spec_.real && sign < 0, real_out = spec_.real && sign > 0;
    return fftw_iodim64{length(axis), real_in ? r : c, real_out ? r : c};
  }

  typename F::plan plan(int sign, bool in_place, bool padded, bool aligned) {
    const auto key = std::make_tuple(sign, in_place, padded, aligned);
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    if (auto it = plans_.find(key); it != plans_.end()) return it->second;
    // Transformed axes with x last (FFTW halves the last dimension of a
    // real transform); the others are the batch.
    std::vector<fftw_iodim64> dims, howmany;
    std::vector<int> axes(spec_.axes.rbegin(), spec_.axes.rend());
    for (int a : axes) dims.push_back(dim(a, sign, padded));
    for (int a = 0; a < 3; ++a)
      if (std::find(axes.begin(), axes.end(), a) == axes.end()) howmany.push_back(dim(a, sign, padded));
    unsigned flags = spec_.mode == TuneMode::estimate ? FFTW_ESTIMATE
                     : spec_.mode == TuneMode::measure ? FFTW_MEASURE
                                                      : FFTW_PATIENT;
    if (!aligned) flags |= FFTW_UNALIGNED;
    // ESTIMATE leaves the arrays alone; MEASURE transforms scratch of full
    // size (each side at most 2 * volume reals, padded real rows included).
    const long long reals = spec_.mode == TuneMode::estimate ? 8 : 2 * spec_.box.volume();
    const long long second = (reals + 2 + 3) / 4 * 4;  // keeps the second array 16-byte aligned
    Real* scratch = static_cast<Real*>(F::malloc(sizeof(Real) * static_cast<size_t>(2 * second + 4)));
    if (!scratch) fail(FFT3D_ERROR_OUT_OF_MEMORY, "FFTW planning scratch");
    Real* a = aligned ? scratch : scratch + 1;
    Real* b = in_place ? a : a + second;
    const int rank = static_cast<int>(dims.size()), hm = static_cast<int>(howmany.size());
    typename F::plan made =
        !spec_.real ? F::guru64_dft(rank, dims.data(), hm, howmany.data(), reinterpret_cast<C*>(a),
                                    reinterpret_cast<C*>(b), sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD, flags)
        : sign < 0  ? F::guru64_r2c(rank, dims.data(), hm, howmany.data(), a, reinterpret_cast<C*>(b), flags)
                    : F::guru64_c2r(rank, dims.data(), hm, howmany.data(), reinterpret_cast<C*>(a), b, flags);
    F::free(scratch);
    if (!made) fail(FFT3D_ERROR_INTERNAL, "FFTW could not plan the local " + describe());
    plans_.emplace(key, made);
    return made;
  }

  LocalFftSpec spec_;
  std::map<std::tuple<int, bool, bool, bool>, typename F::plan> plans_;
};

class HostCopies final : public BoxCopies {
 public:
  HostCopies(const std::vector<BoxCopy>& copies, int element_bytes) : copies_(copies), bytes_(element_bytes) {}
  void run(const void* src, void* dst) override { run_box_copies_on_host(src, dst, copies_, bytes_); }

 private:
  std::vector<BoxCopy> copies_;
  int bytes_;
};

template <typename Real>
class FftwBuffer final : public Buffer {
 public:
  explicit FftwBuffer(long long bytes) {
    data_ = Fftw<Real>::malloc(static_cast<size_t>(std::max(bytes, 1LL)));
    if (!data_) fail(FFT3D_ERROR_OUT_OF_MEMORY, "work buffer of " + std::to_string(bytes) + " bytes");
  }
  ~FftwBuffer() override { Fftw<Real>::free(data_); }
  void* data() const override { return data_; }

 private:
  void* data_ = nullptr;
};

template <typename Real>
class CpuEngine final : public LocalEngine {
 public:
  explicit CpuEngine(CpuLocalMethod method) : method_(method) {}
  MemoryKind memory() const override { return MemoryKind::host; }
  std::string name() const override {
    return method_ == CpuLocalMethod::fftw_guru ? "CPU (FFTW)" : "CPU (batched 1-D plans, as on the GPU)";
  }
  Precision precision() const override { return precision_of<Real>(); }

  std::unique_ptr<LocalFft> make_fft(const LocalFftSpec& spec) override {
    if (method_ == CpuLocalMethod::rows) return make_rows_local_fft(spec, *this, FFT3D_BACKEND_CPU);
    return std::make_unique<CpuLocalFft<Real>>(spec);
  }
  std::unique_ptr<BoxCopies> make_copies(const std::vector<BoxCopy>& copies) override {
    return std::make_unique<HostCopies>(copies, element_bytes());
  }
  std::unique_ptr<Buffer> allocate(long long bytes) override { return std::make_unique<FftwBuffer<Real>>(bytes); }
  void copy(void* dst, const void* src, long long bytes) override {
    if (bytes > 0) std::memcpy(dst, src, static_cast<size_t>(bytes));
  }
  void check_pointer(const void* p, const std::string& what) const override {
    if (pointer_is_on_device(p))
      fail(FFT3D_ERROR_INVALID_POINTER, what + " is device memory, but the plan runs on the CPU");
  }
  void set_stream(CUstream_st*) override {}
  CUstream_st* stream() const override { return nullptr; }
  void synchronize() override {}

 private:
  CpuLocalMethod method_;
};

}  // namespace

std::unique_ptr<LocalEngine> make_cpu_engine(Precision precision, CpuLocalMethod method) {
  if (precision == Precision::f32) return std::make_unique<CpuEngine<float>>(method);
  return std::make_unique<CpuEngine<double>>(method);
}

}  // namespace mpi
}  // namespace fft3d
