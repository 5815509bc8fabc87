// Shared by the FFTW plans (complex and real) of the CPU backend.
#pragma once
#include <memory>
#include <mutex>

#include "fft3d/plan.h"

namespace fft3d {

// FFTW's planner is not thread-safe; execution of a finished plan is.
std::mutex& fftw_planner_mutex();

std::unique_ptr<Plan> make_cpu_real_plan(const Problem& problem, TuneMode mode);

}  // namespace fft3d
