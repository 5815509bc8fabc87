// fft3d.hpp: a header-only C++17 wrapper over the C API in fft3d.h.
//
// It adds ownership (a movable, non-copyable Plan), exceptions instead of
// status codes, and typed std::complex / View overloads that catch a
// precision or size mismatch before the data is touched. It adds no other
// behaviour: every transform is the C API's call. No CUDA headers are needed;
// a stream is a CUstream_st* (that is, a cudaStream_t), as in fft3d.h.
#ifndef FFT3D_HPP
#define FFT3D_HPP

#include <fft3d.h>

#include <complex>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace fft3d {

// A failed call: the status, and a message built from fft3d_error_string and
// the detail the C API kept for this thread.
class Error : public std::runtime_error {
 public:
  // Reads fft3d_last_error_message(), so construct it on the failing thread
  // right after the failing call (check() does).
  explicit Error(fft3d_status status) : Error(status, fft3d_last_error_message()) {}
  Error(fft3d_status status, const std::string& detail)
      : std::runtime_error(detail.empty() ? std::string(fft3d_error_string(status))
                                          : std::string(fft3d_error_string(status)) + ": " + detail),
        status_(status) {}

  fft3d_status status() const noexcept { return status_; }

 private:
  fft3d_status status_;
};

inline void check(fft3d_status status) {
  if (status != FFT3D_SUCCESS) throw Error(status);
}

inline std::string version() { return fft3d_version_string(); }

// A minimal span (C++17 has no std::span): contiguous elements, not owned.
template <class T>
class View {
 public:
  View() noexcept = default;
  View(T* data, std::size_t size) noexcept : data_(data), size_(size) {}
  // Any contiguous container whose data() converts to T*, e.g. std::vector.
  template <class C, class = std::enable_if_t<std::is_convertible<decltype(std::declval<C&>().data()), T*>::value>,
            class = decltype(std::declval<C&>().size())>
  View(C& container) noexcept(noexcept(container.data()) && noexcept(container.size()))
      : data_(container.data()), size_(container.size()) {}

  T* data() const noexcept { return data_; }
  std::size_t size() const noexcept { return size_; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

// So that View(vec) names View<std::complex<float>> for a vector of them.
template <class C>
View(C&) -> View<std::remove_pointer_t<decltype(std::declval<C&>().data())>>;

class Plan {
 public:
  // An empty plan, as a moved-from one is; operator bool says which.
  Plan() noexcept = default;

  static Plan grid3d(int nx, int ny, int nz, fft3d_type type, unsigned flags = FFT3D_ESTIMATE) {
    fft3d_plan p = nullptr;
    check(fft3d_plan_create_3d(&p, nx, ny, nz, type, flags));
    return Plan(p, type, static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny) * static_cast<std::size_t>(nz));
  }

  static Plan batched1d(int n, long long batch, fft3d_type type, unsigned flags = FFT3D_ESTIMATE) {
    fft3d_plan p = nullptr;
    check(fft3d_plan_create_1d_batched(&p, n, batch, type, flags));
    return Plan(p, type, static_cast<std::size_t>(n) * static_cast<std::size_t>(batch));
  }

  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;

  Plan(Plan&& other) noexcept
      : plan_(std::exchange(other.plan_, nullptr)), type_(other.type_), elements_(std::exchange(other.elements_, 0)) {}

  Plan& operator=(Plan&& other) noexcept {
    if (this != &other) {
      reset();
      plan_ = std::exchange(other.plan_, nullptr);
      type_ = other.type_;
      elements_ = std::exchange(other.elements_, 0);
    }
    return *this;
  }

  // A destructor must not throw; destroying a live plan cannot fail anyway.
  ~Plan() { reset(); }

  // Typed host data: the precision (and for a View, the length) is checked
  // first, so a mismatch throws with the data untouched.
  template <class Real>
  void forward(std::complex<Real>* data) { check(fft3d_forward(plan_, checked(data))); }
  template <class Real>
  void inverse(std::complex<Real>* data) { check(fft3d_inverse(plan_, checked(data))); }
  template <class Real>
  void forward(View<std::complex<Real>> v) { check(fft3d_forward(plan_, checked(v))); }
  template <class Real>
  void inverse(View<std::complex<Real>> v) { check(fft3d_inverse(plan_, checked(v))); }

  // Raw pointers (device memory, or any layout): only the C API's checks.
  void forward(void* data) { check(fft3d_forward(plan_, data)); }
  void inverse(void* data) { check(fft3d_inverse(plan_, data)); }

  // Several threads may run one plan at once, each on its own stream.
  template <class Real>
  void forward_on_stream(std::complex<Real>* data, CUstream_st* stream) {
    check(fft3d_forward_on_stream(plan_, checked(data), stream));
  }
  template <class Real>
  void inverse_on_stream(std::complex<Real>* data, CUstream_st* stream) {
    check(fft3d_inverse_on_stream(plan_, checked(data), stream));
  }
  void forward_on_stream(void* data, CUstream_st* stream) { check(fft3d_forward_on_stream(plan_, data, stream)); }
  void inverse_on_stream(void* data, CUstream_st* stream) { check(fft3d_inverse_on_stream(plan_, data, stream)); }

  void set_stream(CUstream_st* stream) { check(fft3d_set_stream(plan_, stream)); }

  // FFT3D_BACKEND_CPU or FFT3D_BACKEND_GPU.
  unsigned backend() const {
    unsigned b = 0;
    check(fft3d_plan_get_backend(plan_, &b));
    return b;
  }

  std::string describe() const {
    std::size_t needed = 0;
    check(fft3d_plan_describe(plan_, nullptr, 0, &needed));
    std::string text(needed, '\0');
    check(fft3d_plan_describe(plan_, &text[0], text.size(), nullptr));
    if (!text.empty()) text.pop_back();  // the terminating NUL
    return text;
  }

  fft3d_plan native() const noexcept { return plan_; }
  // Complex elements one transform covers: nx*ny*nz, or n*batch.
  std::size_t elements() const noexcept { return elements_; }
  fft3d_type type() const noexcept { return type_; }
  explicit operator bool() const noexcept { return plan_ != nullptr; }

 private:
  Plan(fft3d_plan plan, fft3d_type type, std::size_t elements) noexcept
      : plan_(plan), type_(type), elements_(elements) {}

  void reset() noexcept {
    if (plan_) fft3d_plan_destroy(plan_);
    plan_ = nullptr;
    elements_ = 0;
  }

  template <class Real>
  void* checked(std::complex<Real>* data) const {
    static_assert(std::is_same<Real, float>::value || std::is_same<Real, double>::value,
                  "fft3d transforms std::complex<float> or std::complex<double>");
    if (!plan_) return data;  // an empty plan: let the C API say so
    // Only C2C for now: an R2C plan's input is real, not complex.
    if (type_ != FFT3D_C2C_F32 && type_ != FFT3D_C2C_F64)
      throw Error(FFT3D_ERROR_INVALID_ARGUMENT,
                  "real-to-complex plans take real data; the std::complex overloads are for C2C plans only");
    const fft3d_type want = std::is_same<Real, float>::value ? FFT3D_C2C_F32 : FFT3D_C2C_F64;
    if (type_ != want)
      throw Error(FFT3D_ERROR_INVALID_ARGUMENT,
                  std::is_same<Real, float>::value ? "std::complex<float> data given to a double-precision plan"
                                                   : "std::complex<double> data given to a single-precision plan");
    return data;
  }

  template <class Real>
  void* checked(View<std::complex<Real>> v) const {
    void* data = checked(v.data());
    if (v.size() < elements_)
      throw Error(FFT3D_ERROR_INVALID_ARGUMENT, "view holds " + std::to_string(v.size()) +
                                                    " elements but the plan transforms " + std::to_string(elements_));
    return data;
  }

  fft3d_plan plan_ = nullptr;
  fft3d_type type_ = FFT3D_C2C_F32;
  std::size_t elements_ = 0;
};

}  // namespace fft3d

#endif  // FFT3D_HPP
