// How h5fft checks a step that can fail. Alone, a failure is thrown at once.
// Under mpirun (rank_agreement.h) every rank learns whether any rank failed
// and all throw the same error together, so that no rank is left waiting in a
// collective HDF5 or fft3d_mpi call that the others have abandoned.
//
// Steps whose outcome may differ between ranks (files, data, collective
// calls) go through a StepCheck. Local calls that fail only when memory runs
// out (building an HDF5 type or dataspace) throw directly; under mpirun such
// an error is not agreed and the program aborts the job instead (main).
#pragma once
#include <exception>
#include <optional>

#include "h5fft_error.h"

namespace h5fft {

class StepCheck {
 public:
  virtual ~StepCheck() = default;

  // Throws `failure` unless the step succeeded (everywhere, under mpirun).
  virtual void require(bool ok, const H5fftError& failure) const = 0;

  // Runs `step`; an error it throws fails the step.
  template <class Step>
  void run(Step&& step) const {
    std::optional<H5fftError> failure;
    try {
      step();
    } catch (const H5fftError& e) {
      failure = e;
    } catch (const std::exception& e) {
      failure = H5fftError(e.what());
    }
    require(!failure, failure ? *failure : H5fftError(""));
  }
};

// One process: a failed step throws its own error.
class LocalStepCheck : public StepCheck {
 public:
  void require(bool ok, const H5fftError& failure) const override {
    if (!ok) throw failure;
  }
};

}  // namespace h5fft
