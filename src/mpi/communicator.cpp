#include "mpi/communicator.h"

#include "mpi/mpi_check.h"

namespace fft3d {
namespace mpi {

Comm::~Comm() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (comm_ != MPI_COMM_NULL && !finalized) MPI_Comm_free(&comm_);
}

Comm& Comm::operator=(Comm&& o) noexcept {
  if (this != &o) {
    Comm dropped(comm_);
    comm_ = o.comm_;
    o.comm_ = MPI_COMM_NULL;
  }
  return *this;
}

int Comm::rank() const {
  int r = 0;
  FFT3D_MPI_CHECK(MPI_Comm_rank(comm_, &r));
  return r;
}

int Comm::size() const {
  int s = 0;
  FFT3D_MPI_CHECK(MPI_Comm_size(comm_, &s));
  return s;
}

Comm duplicate(MPI_Comm user) {
  MPI_Comm c = MPI_COMM_NULL;
  FFT3D_MPI_CHECK(MPI_Comm_dup(user, &c));
  Comm owned(c);
  FFT3D_MPI_CHECK(MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN));
  return owned;
}

Comm split_group(const Comm& world, const ProcessGrid& pg, Group group) {
  const int r = world.rank(), r1 = r % pg.p1, r2 = r / pg.p1;
  const int color = group == Group::row ? r2 : r1;
  const int key = group == Group::row ? r1 : r2;
  MPI_Comm c = MPI_COMM_NULL;
  FFT3D_MPI_CHECK(MPI_Comm_split(world.get(), color, key, &c));
  Comm owned(c);
  FFT3D_MPI_CHECK(MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN));
  return owned;
}

}  // namespace mpi
}  // namespace fft3d
