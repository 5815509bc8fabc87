// The transform of a field spread over the ranks of an MPI communicator, with
// fft3d_mpi (include/fft3d_mpi.h) in its natural layout: each rank holds one
// box of the input and receives one box of the output, x fastest, as h5fft
// reads and writes them. The plan chooses the decomposition (slab or
// pencil); GPU plans get device copies of the boxes.
#pragma once
#include <mpi.h>

#include <vector>

#include "fft3d_mpi.h"
#include "field.h"
#include "step_check.h"
#include "transform_support.h"

namespace h5fft {

class DistributedTransform {
 public:
  // Collective: plans the request on `input`'s grid (validate_request first).
  // Throws an H5fftError (the fft3d message) on every rank if planning fails.
  DistributedTransform(MPI_Comm comm, const Field& input, const TransformRequest& request);
  ~DistributedTransform() { fft3d_mpi_plan_destroy(plan_); }  // collective
  DistributedTransform(const DistributedTransform&) = delete;
  DistributedTransform& operator=(const DistributedTransform&) = delete;

  // This rank's boxes of the input and of the output (output_shape's grid).
  const Box& input_box() const { return input_box_; }
  const Box& output_box() const { return output_box_; }

  // Collective: the output box's values from the input box's (complex ones
  // as (re, im) pairs, as Field holds them). Each rank's own work (copies,
  // device buffers) is agreed through `check` before and after the exchange.
  std::vector<double> execute(const std::vector<double>& input_values, const StepCheck& check);

  // This rank's view: the grid, backend, device, plan description and times.
  TransformFacts facts() const;

 private:
  template <typename Real>
  std::vector<double> execute_in(const std::vector<double>& input_values, const StepCheck& check);

  fft3d_mpi_plan plan_ = nullptr;
  Field input_;  // the shape only
  TransformRequest request_;
  Box input_box_, output_box_;
  long long alloc_elements_ = 0;  // complex values the output buffer holds
  unsigned backend_ = 0;
  double plan_seconds_ = 0, transform_seconds_ = 0;
};

}  // namespace h5fft
