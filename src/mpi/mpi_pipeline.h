// The pipeline of a reshape's pieces on MPI point-to-point messages from the
// host (the MPI transport, on host memory or with GPU-aware MPI on device
// memory).
#pragma once
#include <mpi.h>

#include <vector>

#include "mpi/transport.h"

namespace fft3d {
namespace mpi {

// Receives for the next pieces are posted ahead (one per slot); each piece
// is packed, sent with MPI_Isend while the next is packed, and unpacked when
// it has arrived, after which its slot takes the receive of a later piece.
// Messages longer than max_count elements go in several parts (MPI counts
// are ints; parts between two ranks arrive in the order sent).
void run_mpi_pipeline(MPI_Comm group, MPI_Datatype element, int element_bytes, long long max_count,
                      const std::vector<PieceTraffic>& pieces, const PieceSlots& slots, PieceWork& work);

}  // namespace mpi
}  // namespace fft3d
