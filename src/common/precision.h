// Floating-point precision of a transform.
#pragma once

namespace fft3d {

enum class Precision { f32, f64 };

inline int real_bytes(Precision p) { return p == Precision::f32 ? 4 : 8; }
inline int complex_bytes(Precision p) { return 2 * real_bytes(p); }
// The precision of a real type (float or double).
template <typename Real>
constexpr Precision precision_of() {
  return sizeof(Real) == 4 ? Precision::f32 : Precision::f64;
}
inline const char* precision_name(Precision p) { return p == Precision::f32 ? "f32" : "f64"; }
// Shared-memory banks seen by one access phase, in elements of one real:
// 32 banks of 4 bytes; 8-byte words are served in two half-warp phases.
inline int shared_banks(Precision p) { return p == Precision::f32 ? 32 : 16; }

}  // namespace fft3d
