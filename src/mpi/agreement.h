// Ranks agree on outcomes, so that an error on one rank is an error on all
// and none is left waiting in a collective the others never enter.
#pragma once
#include <mpi.h>

#include <functional>
#include <string>
#include <vector>

namespace fft3d {
namespace mpi {

// Runs body on this rank, then agrees with every rank of comm: if any rank
// failed, every rank throws (the failing ranks their own error, the others
// "failed on another rank" with the worst status).
void agree(MPI_Comm comm, const std::function<void()>& body);

// Every rank passes the same names; throws INVALID_ARGUMENT on every rank
// when some value differs between ranks, naming it and its range.
struct NamedValue {
  const char* name;
  long long value;
};
void agree_values(MPI_Comm comm, const std::vector<NamedValue>& values);

}  // namespace mpi
}  // namespace fft3d
