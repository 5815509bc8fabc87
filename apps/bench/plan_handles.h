// Owners for an fft3d plan and a cuFFT plan, so that an error thrown half-way
// through a size still releases both (and their device work areas).
#pragma once
#include <utility>

#include <cufft.h>

#include "check.h"
#include "fft3d.h"

namespace fft3d_bench {

class Fft3dPlan {
 public:
  Fft3dPlan() = default;
  ~Fft3dPlan() {
    if (plan_) fft3d_plan_destroy(plan_);
  }
  Fft3dPlan(const Fft3dPlan&) = delete;
  Fft3dPlan& operator=(const Fft3dPlan&) = delete;

  fft3d_plan* out() { return &plan_; }  // for fft3d_plan_create_*
  fft3d_plan get() const { return plan_; }

 private:
  fft3d_plan plan_ = nullptr;
};

class CufftPlan {
 public:
  CufftPlan() { CUFFT_CHECK(cufftCreate(&handle_)); }
  ~CufftPlan() { cufftDestroy(handle_); }
  CufftPlan(const CufftPlan&) = delete;
  CufftPlan& operator=(const CufftPlan&) = delete;

  cufftHandle get() const { return handle_; }

 private:
  cufftHandle handle_ = 0;
};

}  // namespace fft3d_bench
