// The plan's own communicators: a duplicate of the user's (so our messages
// never mix with theirs) that returns errors instead of aborting, and the
// row and column groups of the process grid.
#pragma once
#include <mpi.h>

#include "mpi/decomposition.h"

namespace fft3d {
namespace mpi {

// An owned communicator, freed on destruction (unless MPI is finalised).
class Comm {
 public:
  Comm() = default;
  explicit Comm(MPI_Comm c) : comm_(c) {}
  ~Comm();
  Comm(const Comm&) = delete;
  Comm& operator=(const Comm&) = delete;
  Comm(Comm&& o) noexcept : comm_(o.comm_) { o.comm_ = MPI_COMM_NULL; }
  Comm& operator=(Comm&& o) noexcept;
  MPI_Comm get() const { return comm_; }
  int rank() const;
  int size() const;

 private:
  MPI_Comm comm_ = MPI_COMM_NULL;
};

// Collective over user: duplicates it, sets MPI_ERRORS_RETURN.
Comm duplicate(MPI_Comm user);
// Collective over world: the row (ranks of equal r2, ordered by r1) or
// column (equal r1, ordered by r2) group of the rank in pg.
Comm split_group(const Comm& world, const ProcessGrid& pg, Group group);

}  // namespace mpi
}  // namespace fft3d
