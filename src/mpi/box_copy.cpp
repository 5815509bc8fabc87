#include "mpi/box_copy.h"

#include <algorithm>

#include "common/error.h"

namespace fft3d {
namespace mpi {

BoxCopy make_box_copy(const Box& src, long long src_base, const Box& dst, long long dst_base, const Box& region) {
  BoxCopy c;
  if (region.empty()) return c;
  Box r = region;
  r.order = src.order;
  const Index3 last{r.lo[0] + r.size[0] - 1, r.lo[1] + r.size[1] - 1, r.lo[2] + r.size[2] - 1};
  if (!src.contains(r.lo) || !dst.contains(r.lo) || !src.contains(last) || !dst.contains(last))
    fail(FFT3D_ERROR_INTERNAL, "copy region " + r.str() + " outside " + src.str() + " or " + dst.str());
  const Strides3 ss = src.strides(), ds = dst.strides();
  c.src_offset = src_base + src.offset(r.lo);
  c.dst_offset = dst_base + dst.offset(r.lo);
  for (int k = 0; k < 3; ++k) {
    const int axis = src.order[k];
    c.extent[k] = r.size[axis];
    c.src_stride[k] = ss[axis];
    c.dst_stride[k] = ds[axis];
  }
  return c;
}

namespace {

// One element type per size, so the inner loop moves whole values.
template <int Bytes>
struct Element {
  unsigned char b[Bytes];
};

template <int Bytes>
void copy_one(const void* src_base, void* dst_base, const BoxCopy& c) {
  using E = Element<Bytes>;
  const E* src = static_cast<const E*>(src_base) + c.src_offset;
  E* dst = static_cast<E*>(dst_base) + c.dst_offset;
  if (c.src_stride[0] == 1 && c.dst_stride[0] == 1) {  // contiguous runs: a pack
    for (long long k = 0; k < c.extent[2]; ++k)
      for (long long j = 0; j < c.extent[1]; ++j)
        std::memcpy(dst + k * c.dst_stride[2] + j * c.dst_stride[1], src + k * c.src_stride[2] + j * c.src_stride[1],
                    static_cast<size_t>(c.extent[0]) * Bytes);
    return;
  }
  // A transpose: reads run along loop 0, writes along the loop whose
  // destination stride is 1 (t). Tiles of both keep the lines written in
  // cache while they fill.
  const int t = c.dst_stride[1] == 1 ? 1 : c.dst_stride[2] == 1 ? 2 : 1;
  const int m = 3 - t;  // the remaining loop
  constexpr long long kTile = 8;
  for (long long im = 0; im < c.extent[m]; ++im)
    for (long long t0 = 0; t0 < c.extent[t]; t0 += kTile)
      for (long long i0 = 0; i0 < c.extent[0]; i0 += kTile) {
        const long long t1 = std::min(c.extent[t], t0 + kTile), i1 = std::min(c.extent[0], i0 + kTile);
        for (long long it = t0; it < t1; ++it) {
          const E* s = src + im * c.src_stride[m] + it * c.src_stride[t];
          E* d = dst + im * c.dst_stride[m] + it * c.dst_stride[t];
          for (long long i = i0; i < i1; ++i) d[i * c.dst_stride[0]] = s[i * c.src_stride[0]];
        }
      }
}

}  // namespace

void run_box_copies_on_host(const void* src, void* dst, const std::vector<BoxCopy>& copies, int element_bytes) {
  for (const BoxCopy& c : copies) {
    if (c.volume() == 0) continue;
    switch (element_bytes) {
      case 4: copy_one<4>(src, dst, c); break;
      case 8: copy_one<8>(src, dst, c); break;
      case 16: copy_one<16>(src, dst, c); break;
      default: fail(FFT3D_ERROR_INTERNAL, "box copy of " + std::to_string(element_bytes) + "-byte elements");
    }
  }
}

}  // namespace mpi
}  // namespace fft3d
