// Fresh random input on the host, uniform in [-1, 1): no structure a wrong
// kernel could get right by luck. splitmix64 rather than <random>'s engines
// and distributions, which took over a second per 256 MiB set; the values are
// fully determined by the seed, so a run is reproducible.
#pragma once
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace fft3d_bench {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

// k-bit integer -> [-1, 1), exactly representable in a k-bit significand.
inline float unit_f32(std::uint64_t bits24) { return float(bits24) * 0x1p-23f - 1.0f; }
inline double unit_f64(std::uint64_t bits53) { return double(bits53) * 0x1p-52 - 1.0; }

inline std::vector<std::complex<float>> random_complex_f32(size_t count, std::uint64_t seed) {
  SplitMix64 gen(seed);
  std::vector<std::complex<float>> v(count);
  for (auto& z : v) {  // one 64-bit draw gives both 24-bit parts
    const std::uint64_t r = gen.next();
    z = {unit_f32(r >> 40), unit_f32(r & 0xffffffULL)};
  }
  return v;
}

inline std::vector<std::complex<double>> random_complex_f64(size_t count, std::uint64_t seed) {
  SplitMix64 gen(seed);
  std::vector<std::complex<double>> v(count);
  for (auto& z : v) {
    const double re = unit_f64(gen.next() >> 11);
    z = {re, unit_f64(gen.next() >> 11)};
  }
  return v;
}

template <typename T>
std::vector<std::complex<T>> random_complex(size_t count, std::uint64_t seed);
template <>
inline std::vector<std::complex<float>> random_complex<float>(size_t count, std::uint64_t seed) {
  return random_complex_f32(count, seed);
}
template <>
inline std::vector<std::complex<double>> random_complex<double>(size_t count, std::uint64_t seed) {
  return random_complex_f64(count, seed);
}

}  // namespace fft3d_bench
