// A local FFT made of the library's batched 1-D plans, one per axis, on
// contiguous rows: the GPU engine's way (fft3d_plan_create_1d_batched with
// FFT3D_BACKEND_GPU), also run on the CPU backend so that the tests check
// this sequencing (transposes, real rows, out-of-place rules) without a GPU.
// An axis that is not the fastest of its layout is copied to scratch with
// that axis fastest, transformed there and copied back.
#pragma once
#include <memory>

#include "mpi/local_engine.h"

namespace fft3d {
namespace mpi {

// backend: FFT3D_BACKEND_GPU or FFT3D_BACKEND_CPU for the batched plans;
// data, copies and scratch go through engine (which must outlive the FFT).
std::unique_ptr<LocalFft> make_rows_local_fft(const LocalFftSpec& spec, LocalEngine& engine, unsigned backend);

}  // namespace mpi
}  // namespace fft3d
