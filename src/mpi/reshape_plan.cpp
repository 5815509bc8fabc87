#include "mpi/reshape_plan.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

#include "common/error.h"

namespace fft3d {
namespace mpi {

long long ReshapePlan::send_total() const {
  return std::accumulate(send_counts.begin(), send_counts.end(), 0LL);
}
long long ReshapePlan::recv_total() const {
  return std::accumulate(recv_counts.begin(), recv_counts.end(), 0LL);
}

ReshapePlan make_reshape_plan(const Decomposition& d, int from, int to, int r1, int r2) {
  if (std::abs(from - to) != 1 || std::min(from, to) < 0 || std::max(from, to) >= d.num_layouts())
    fail(FFT3D_ERROR_INTERNAL, "reshape between layouts " + std::to_string(from) + " and " + std::to_string(to));
  ReshapePlan p;
  p.group = d.reshape_group[static_cast<size_t>(std::min(from, to))];
  p.from = from;
  p.to = to;
  p.member = p.group == Group::row ? r1 : r2;
  p.from_box = d.box(from, r1, r2);
  p.to_box = d.box(to, r1, r2);
  // The group member j sits at (j, r2) in a row and at (r1, j) in a column.
  auto member_box = [&](int layout, int j) {
    return p.group == Group::row ? d.box(layout, j, r2) : d.box(layout, r1, j);
  };
  const int size = d.group_size(p.group);
  long long send_at = 0, recv_at = 0;
  for (int j = 0; j < size; ++j) {
    // Sent to j: our source points that j owns after the reshape; the
    // message holds them densely in the source order (intersect keeps it).
    const Box out = intersect(p.from_box, member_box(to, j));
    p.send_boxes.push_back(out);
    p.send_counts.push_back(out.volume());
    p.send_displs.push_back(send_at);
    if (!out.empty()) p.pack.push_back(make_box_copy(p.from_box, 0, out, send_at, out));
    send_at += out.volume();
    // Received from j: j's source points that we own after the reshape,
    // packed by j in the source order (every member's source box has it).
    Box in = intersect(member_box(from, j), p.to_box);
    Box message = in;
    message.order = p.from_box.order;
    p.recv_boxes.push_back(message);
    p.recv_counts.push_back(in.volume());
    p.recv_displs.push_back(recv_at);
    if (!in.empty()) p.unpack.push_back(make_box_copy(message, recv_at, p.to_box, 0, in));
    recv_at += in.volume();
  }
  return p;
}

}  // namespace mpi
}  // namespace fft3d
