// FNV-1a, 64-bit: a small stable hash for cache keys and integrity checks
// (not for security).
#pragma once
#include <cstddef>
#include <string>

namespace fft3d {

class Fnv1a {
 public:
  Fnv1a& add(const void* data, size_t size) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
      h_ ^= p[i];
      h_ *= 1099511628211ULL;
    }
    return *this;
  }
  // Strings are added with their length, so ("ab","c") != ("a","bc").
  Fnv1a& add(const std::string& s) {
    const unsigned long long n = s.size();
    add(&n, sizeof n);
    return add(s.data(), s.size());
  }
  unsigned long long value() const { return h_; }

 private:
  unsigned long long h_ = 14695981039346656037ULL;
};

}  // namespace fft3d
