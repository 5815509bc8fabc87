// The ranks of an MPI communicator agreeing on each step of h5fft under
// mpirun (step_check.h): whether it failed anywhere, and if so with which
// error, so that all ranks leave together; plus the few values all ranks must
// share (the output's attributes are written collectively, identical).
#pragma once
#include <mpi.h>

#include <string>

#include "h5fft_error.h"
#include "step_check.h"

namespace h5fft {

// An error every rank throws together: the first failing rank's (message and
// exit status). main prints it once, on rank 0.
class AgreedError : public H5fftError {
 public:
  using H5fftError::H5fftError;
};

class RankAgreement : public StepCheck {
 public:
  explicit RankAgreement(MPI_Comm comm);

  // Collective: throws the lowest failing rank's error as an AgreedError on
  // every rank when any rank's step failed.
  void require(bool ok, const H5fftError& failure) const override;

  MPI_Comm comm() const { return comm_; }
  int rank() const { return rank_; }
  int size() const { return size_; }

  // Collective: the largest value over the ranks.
  double max(double value) const;
  // Collective: rank 0's value on every rank.
  std::string from_root(const std::string& value) const;
  long long from_root(long long value) const;

 private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
};

// Throws an H5fftError naming the MPI call unless it returned MPI_SUCCESS.
void check_mpi(int result, const char* call);

}  // namespace h5fft
