// The order of work in a distributed transform, as data: local FFTs in a
// layout and reshapes between layouts, for the forward and the inverse.
#pragma once
#include <string>
#include <vector>

namespace fft3d {
namespace mpi {

struct Step {
  enum Kind { fft, reshape } kind;
  int layout;      // fft: where the FFT runs; reshape: the source layout
  int to = -1;     // reshape: the destination layout
};

struct Schedule {
  std::vector<Step> forward, inverse;
  int in_layout = 0;   // the forward's input (and the inverse's output)
  int out_layout = 0;  // the forward's output (and the inverse's input)
};

// For layouts 0..n-1: the forward transforms in layout 0, then reshapes to
// and transforms in each next layout; with natural output it reshapes back
// to layout 0. The inverse undoes it in reverse order.
Schedule make_schedule(int num_layouts, bool transposed_out);

std::string describe_steps(const std::vector<Step>& steps);

}  // namespace mpi
}  // namespace fft3d
