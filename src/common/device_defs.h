// Definitions shared by every kernel header. Kernel headers are compiled three
// ways: by the host compiler (CPU block executor, tests), by NVRTC at plan
// time, and never by nvcc ahead of time. They include nothing from the
// standard library so that NVRTC needs no system headers.
#pragma once

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
#define FFT3D_HD __host__ __device__ __forceinline__
#define FFT3D_UNROLL _Pragma("unroll")
#else
#define FFT3D_HD inline
#define FFT3D_UNROLL
#endif

#if defined(__CUDA_ARCH__)
#define FFT3D_ON_DEVICE 1
#else
#define FFT3D_ON_DEVICE 0
#include <cmath>
#endif

namespace fft3d {
namespace kern {

// Stops the compiler from keeping values it stored to memory in registers
// across this point (it must load them again), and from moving memory
// accesses over it; no hardware fence.
FFT3D_HD void compiler_memory_fence() { asm volatile("" ::: "memory"); }

// Interleaved complex value, laid out as CUDA's float2/double2 (re, im) so
// that one global load moves a whole element.
template <typename Real>
struct alignas(2 * sizeof(Real)) Complex {
  Real re, im;
};

// A global load and store whose L2 lines are the first to be evicted
// (createpolicy ... evict_first; sm_80 and later). A pass whose output no
// later pass of the transform reads streams through L2 this way, so that
// it does not evict what the pass before it left there (x_kernel.h,
// FFT3D_L2_STREAMING). A hit keeps the line's own priority. The CPU
// executors and host compiles take plain accesses.
#if defined(__CUDACC_RTC__) || defined(__CUDA_ARCH__)
__device__ __forceinline__ unsigned long long evict_first_policy() {
  unsigned long long policy;
  asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
  return policy;
}
#endif
template <typename Real>
FFT3D_HD Complex<Real> load_evict_first(const Complex<Real>* p) {
#if defined(__CUDACC_RTC__) || defined(__CUDA_ARCH__)
  const unsigned long long policy = evict_first_policy();
  Complex<Real> v;
  if constexpr (sizeof(Real) == 4)
    asm volatile("ld.global.L2::cache_hint.v2.f32 {%0, %1}, [%2], %3;"
                 : "=f"(v.re), "=f"(v.im) : "l"(p), "l"(policy) : "memory");
  else
    asm volatile("ld.global.L2::cache_hint.v2.f64 {%0, %1}, [%2], %3;"
                 : "=d"(v.re), "=d"(v.im) : "l"(p), "l"(policy) : "memory");
  return v;
#else
  return *p;
#endif
}
template <typename Real>
FFT3D_HD void store_evict_first(Complex<Real>* p, Complex<Real> v) {
#if defined(__CUDACC_RTC__) || defined(__CUDA_ARCH__)
  const unsigned long long policy = evict_first_policy();
  if constexpr (sizeof(Real) == 4)
    asm volatile("st.global.L2::cache_hint.v2.f32 [%0], {%1, %2}, %3;" ::"l"(p), "f"(v.re), "f"(v.im), "l"(policy)
                 : "memory");
  else
    asm volatile("st.global.L2::cache_hint.v2.f64 [%0], {%1, %2}, %3;" ::"l"(p), "d"(v.re), "d"(v.im), "l"(policy)
                 : "memory");
#else
  *p = v;
#endif
}

template <typename Real>
FFT3D_HD Complex<Real> make_complex(Real re, Real im) {
  Complex<Real> c;
  c.re = re;
  c.im = im;
  return c;
}
template <typename Real>
FFT3D_HD Complex<Real> operator+(Complex<Real> a, Complex<Real> b) {
  return make_complex(a.re + b.re, a.im + b.im);
}
template <typename Real>
FFT3D_HD Complex<Real> operator-(Complex<Real> a, Complex<Real> b) {
  return make_complex(a.re - b.re, a.im - b.im);
}
template <typename Real>
FFT3D_HD Complex<Real> operator*(Complex<Real> a, Complex<Real> b) {
  return make_complex(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
template <typename Real>
FFT3D_HD Complex<Real> scale(Complex<Real> a, Real s) {
  return make_complex(a.re * s, a.im * s);
}
// Multiplies by i * sign: (re, im) -> (-sign*im, sign*re).
template <int Sign, typename Real>
FFT3D_HD Complex<Real> times_i(Complex<Real> a) {
  return Sign > 0 ? make_complex(-a.im, a.re) : make_complex(a.im, -a.re);
}

// sin(pi x) and cos(pi x). On the device the CUDA math library's sincospi;
// on the host double (or long double for double) precision, so the executor
// never loses accuracy the GPU keeps.
FFT3D_HD void sincos_pi(float x, float* s, float* c) {
#if FFT3D_ON_DEVICE
  sincospif(x, s, c);
#else
  const double a = 3.14159265358979323846264338327950288 * static_cast<double>(x);
  *s = static_cast<float>(std::sin(a));
  *c = static_cast<float>(std::cos(a));
#endif
}
FFT3D_HD void sincos_pi(double x, double* s, double* c) {
#if FFT3D_ON_DEVICE
  sincospi(x, s, c);
#else
  const long double a = 3.14159265358979323846264338327950288L * static_cast<long double>(x);
  *s = static_cast<double>(std::sin(a));
  *c = static_cast<double>(std::cos(a));
#endif
}

// exp(Sign * 2*pi*i * m / L) for 0 <= m < L. The angle is reduced to
// (-pi, pi] and formed as m * (2/L) in double, so it is rounded once (to half
// an ulp of a float) and no division by the non-power-of-two L is executed.
template <int Sign, typename Real>
FFT3D_HD Complex<Real> unit_root(int m, int L) {
  const int mm = 2 * m > L ? m - L : m;
  Real s, c;
  sincos_pi(static_cast<Real>(static_cast<double>(mm) * (2.0 / L)), &s, &c);
  return make_complex(c, Sign > 0 ? s : -s);
}

#if defined(__CUDACC__) || defined(__CUDACC_RTC__)
// Programmatic dependent launch (compute capability 9.0 and later; the host
// side is gpu/dependent_launch.h). Every fft3d kernel calls this first: it
// waits until the grid before it in the stream has finished and its memory
// is visible, then lets the grid after it begin launching, so that grid's
// launch and block start-up overlap this grid's tail. Both instructions
// are no-ops for a kernel launched without the attribute.
__device__ __forceinline__ void await_previous_grid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// threadIdx.x of a block of Threads threads; Bounded: as an int the
// compiler knows lies in [0, Threads). Unbounded it is any int to the
// compiler, and every signed division or remainder of an index derived from
// it (a row's tid / threads, a butterfly's j / P in stockham_read_index)
// carries a sign fix-up of three more instructions: the f32 C2R rows of
// 16384 reals compiled to 3688 SASS instructions a thread against 3000.
// Fewer instructions were not always faster: each kernel family has a rule
// (x_bounds_thread_index_by_rule, ...), and a tuned variant may name the
// other form (docs/BENCHMARKS.md, "The thread-index form as a tuner choice").
template <int Threads, bool Bounded = true>
__device__ __forceinline__ int thread_index() {
  const int tid = static_cast<int>(threadIdx.x);
  if constexpr (Bounded) __builtin_assume(tid >= 0 && tid < Threads);
  return tid;
}
#endif

// The thread-index form a kernel's source names (Cfg::kThreadIndex, one of
// these; the host's ThreadIndex), where its variant was tuned to one: the
// tuner times both forms, since which is faster depends on the kernel.
constexpr int kIndexByRule = 0, kIndexBounded = 1, kIndexPlain = 2;
template <class Cfg, class = int>
struct NamedThreadIndex {
  static constexpr int value = kIndexByRule;
};
template <class Cfg>
struct NamedThreadIndex<Cfg, decltype(static_cast<int>(Cfg::kThreadIndex))> {
  static constexpr int value = Cfg::kThreadIndex;
};
// Whether a kernel of thread-index form `form` (kIndex...) bounds its
// index: as the form names, else as `rule` (its family's default) says.
FFT3D_HD constexpr bool index_form_bounds(int form, bool rule) {
  return form == kIndexByRule ? rule : form == kIndexBounded;
}
// The same for Cfg's kernel, of the form its source names.
template <class Cfg>
FFT3D_HD constexpr bool bounds_thread_index(bool rule) {
  return index_form_bounds(NamedThreadIndex<Cfg>::value, rule);
}

template <typename T>
FFT3D_HD constexpr T min_of(T a, T b) { return a < b ? a : b; }
template <typename T>
FFT3D_HD constexpr T max_of(T a, T b) { return a > b ? a : b; }

}  // namespace kern
}  // namespace fft3d
