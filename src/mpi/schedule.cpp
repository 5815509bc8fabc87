#include "mpi/schedule.h"

#include <algorithm>

namespace fft3d {
namespace mpi {

Schedule make_schedule(int num_layouts, bool transposed_out) {
  Schedule s;
  const int last = num_layouts - 1;
  s.out_layout = transposed_out ? last : 0;
  s.forward.push_back({Step::fft, 0});
  for (int k = 1; k <= last; ++k) {
    s.forward.push_back({Step::reshape, k - 1, k});
    s.forward.push_back({Step::fft, k});
  }
  if (!transposed_out)
    for (int k = last; k >= 1; --k) s.forward.push_back({Step::reshape, k, k - 1});
  // The inverse: each step of the forward undone, last first.
  for (auto it = s.forward.rbegin(); it != s.forward.rend(); ++it)
    s.inverse.push_back(it->kind == Step::fft ? Step{Step::fft, it->layout} : Step{Step::reshape, it->to, it->layout});
  return s;
}

std::string describe_steps(const std::vector<Step>& steps) {
  std::string out;
  for (const Step& st : steps) {
    if (!out.empty()) out += ", ";
    out += st.kind == Step::fft ? "fft@" + std::to_string(st.layout)
                                : "reshape " + std::to_string(st.layout) + "->" + std::to_string(st.to);
  }
  return out;
}

}  // namespace mpi
}  // namespace fft3d
