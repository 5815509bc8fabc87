// Shared by the distributed-transform tests (test_mpi_transform,
// test_mpi_pipeline): a parameter case (grid size, decomposition, type,
// output layout, in or out of place), its test name, the plan options it
// asks for, and a plan's description.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "mpi_test_util.h"

namespace fft3d_mpi_test {

enum class Grid { slab, pencil_auto, pencil_rows, pencil_columns };

struct Case {
  int nx, ny, nz;
  Grid grid;
  fft3d_type type;
  bool transposed, in_place;
};

inline std::string name(const testing::TestParamInfo<Case>& info) {
  const Case& c = info.param;
  const char* grids[] = {"slab", "pencil", "pencilPx1", "pencil1xP"};
  const char* types[] = {"c2c_f32", "c2c_f64", "r2c_f32", "r2c_f64"};
  return std::to_string(c.nx) + "x" + std::to_string(c.ny) + "x" + std::to_string(c.nz) + "_" +
         grids[static_cast<int>(c.grid)] + "_" + types[c.type] + (c.transposed ? "_transposed" : "_natural") +
         (c.in_place ? "_inplace" : "_outofplace");
}

// pipeline_chunks as fft3d_mpi_options has it (0: chosen).
inline fft3d_mpi_options options_for(const Case& c, int pipeline_chunks = 0) {
  fft3d_mpi_options o{};
  const int P = world_size();
  o.decomposition = c.grid == Grid::slab ? FFT3D_MPI_SLAB : FFT3D_MPI_PENCIL;
  if (c.grid == Grid::pencil_rows) o.p1 = P, o.p2 = 1;
  if (c.grid == Grid::pencil_columns) o.p1 = 1, o.p2 = P;
  o.transposed_out = c.transposed;
  o.pipeline_chunks = pipeline_chunks;
  return o;
}

inline std::string describe(fft3d_mpi_plan plan) {
  size_t needed = 0;
  EXPECT_EQ(fft3d_mpi_plan_describe(plan, nullptr, 0, &needed), FFT3D_SUCCESS);
  std::string text(needed, '\0');
  EXPECT_EQ(fft3d_mpi_plan_describe(plan, &text[0], needed, nullptr), FFT3D_SUCCESS);
  return text;
}

}  // namespace fft3d_mpi_test
