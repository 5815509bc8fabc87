#include "rank_agreement.h"

#include <vector>

namespace h5fft {

void check_mpi(int result, const char* call) {
  if (result == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = "";
  int length = 0;
  MPI_Error_string(result, text, &length);
  throw H5fftError(std::string(call) + " failed: " + std::string(text, size_t(length)));
}

RankAgreement::RankAgreement(MPI_Comm comm) : comm_(comm) {
  check_mpi(MPI_Comm_rank(comm, &rank_), "MPI_Comm_rank");
  check_mpi(MPI_Comm_size(comm, &size_), "MPI_Comm_size");
}

void RankAgreement::require(bool ok, const H5fftError& failure) const {
  int first_failed = ok ? size_ : rank_;
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &first_failed, 1, MPI_INT, MPI_MIN, comm_), "MPI_Allreduce");
  if (first_failed == size_) return;
  int status = failure.exit_status();
  std::string message = ok ? std::string() : std::string(failure.what());
  long long length = static_cast<long long>(message.size());
  check_mpi(MPI_Bcast(&status, 1, MPI_INT, first_failed, comm_), "MPI_Bcast");
  check_mpi(MPI_Bcast(&length, 1, MPI_LONG_LONG, first_failed, comm_), "MPI_Bcast");
  message.resize(size_t(length));
  check_mpi(MPI_Bcast(message.data(), int(length), MPI_CHAR, first_failed, comm_), "MPI_Bcast");
  throw AgreedError(message, status);
}

double RankAgreement::max(double value) const {
  check_mpi(MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, comm_), "MPI_Allreduce");
  return value;
}

long long RankAgreement::from_root(long long value) const {
  check_mpi(MPI_Bcast(&value, 1, MPI_LONG_LONG, 0, comm_), "MPI_Bcast");
  return value;
}

std::string RankAgreement::from_root(const std::string& value) const {
  std::string text = value;
  text.resize(size_t(from_root(static_cast<long long>(value.size()))));
  check_mpi(MPI_Bcast(text.data(), int(text.size()), MPI_CHAR, 0, comm_), "MPI_Bcast");
  return text;
}

}  // namespace h5fft
