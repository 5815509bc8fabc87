// A strided copy of a 3-D region between two dense layouts: the unit of
// packing (box -> contiguous message) and unpacking (message -> box, with
// the axes permuted). Descriptors are plain data made at plan time; the CPU
// engine runs them with loops here, the GPU engine with one kernel.
#pragma once
#include <cstring>
#include <vector>

#include "mpi/box.h"

namespace fft3d {
namespace mpi {

// Copies extent[0] x extent[1] x extent[2] elements (extent[0] innermost):
// dst[dst_offset + sum_k i_k dst_stride[k]] = src[src_offset + sum_k i_k src_stride[k]].
struct BoxCopy {
  long long src_offset = 0, dst_offset = 0;
  Strides3 extent{0, 0, 0};
  Strides3 src_stride{0, 0, 0}, dst_stride{0, 0, 0};
  long long volume() const { return extent[0] * extent[1] * extent[2]; }
};

// The copy of `region` (a sub-box of both) from a buffer laid out as `src`
// starting at element src_base to one laid out as `dst` from dst_base. The
// loop runs in src's memory order, so reads are sequential.
BoxCopy make_box_copy(const Box& src, long long src_base, const Box& dst, long long dst_base, const Box& region);

// Runs copies on host memory of elements of `element_bytes` bytes.
void run_box_copies_on_host(const void* src, void* dst, const std::vector<BoxCopy>& copies, int element_bytes);

}  // namespace mpi
}  // namespace fft3d
