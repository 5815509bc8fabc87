// Distributed transforms on the CPU backend against the serial FFTW
// transform of the same global field: every decomposition, odd sizes, ranks
// that own nothing, real and complex, single and double, natural and
// transposed output, in and out of place, and the round trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "mpi_test_util.h"
#include "transform_cases.h"

namespace fft3d_mpi_test {
namespace {

// Boxes of all ranks tile the grid: volumes add up and no two overlap.
void expect_tiling(const fft3d_mpi_box& mine, long long total) {
  const int P = world_size();
  std::vector<fft3d_mpi_box> all(static_cast<size_t>(P));
  MPI_Allgather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine, MPI_BYTE, MPI_COMM_WORLD);
  long long sum = 0;
  for (int r = 0; r < P; ++r) {
    const fft3d_mpi_box& a = all[static_cast<size_t>(r)];
    sum += static_cast<long long>(a.size[0]) * a.size[1] * a.size[2];
    for (int q = 0; q < r; ++q) {
      const fft3d_mpi_box& b = all[static_cast<size_t>(q)];
      bool overlap = true;
      for (int k = 0; k < 3; ++k)
        overlap = overlap && std::max(a.start[k], b.start[k]) < std::min(a.start[k] + a.size[k], b.start[k] + b.size[k]);
      EXPECT_FALSE(overlap) << "ranks " << q << " and " << r;
    }
  }
  EXPECT_EQ(sum, total);
}

class MpiTransform : public testing::TestWithParam<Case> {};

template <typename Real>
void run_case(const Case& c) {
  const bool real = c.type == FFT3D_R2C_F32 || c.type == FFT3D_R2C_F64;
  const double n = static_cast<double>(c.nx) * c.ny * c.nz;
  const double tol = fft3d_test::fft_error_bound(sizeof(Real) == 4, n);
  const fft3d_mpi_options o = options_for(c);
  fft3d_mpi_plan plan = nullptr;
  ASSERT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, c.nx, c.ny, c.nz, c.type, FFT3D_BACKEND_CPU, &o),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  ASSERT_EQ(fft3d_mpi_local_size(plan, &in, &out, &alloc), FFT3D_SUCCESS);
  const int half = c.nx / 2 + 1, cnx = real ? half : c.nx;
  expect_tiling(in, static_cast<long long>(c.nx) * c.ny * c.nz);
  expect_tiling(out, static_cast<long long>(cnx) * c.ny * c.nz);
  const int want_order[2][3] = {{0, 1, 2}, {2, 0, 1}};
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(in.order[k], want_order[0][k]);
    EXPECT_EQ(out.order[k], want_order[c.transposed ? 1 : 0][k]);
  }

  const Global g = random_global(c.nx, c.ny, c.nz, real, 1234u + static_cast<unsigned>(c.nx * c.nz));
  const Global want = serial_forward(g, real);
  // Real rows are padded in place (2*(nx/2+1) reals), nx reals out of place.
  const int pitch = c.in_place ? 2 * half : c.nx;
  std::vector<std::complex<Real>> a(static_cast<size_t>(alloc));
  std::vector<std::complex<Real>> input(static_cast<size_t>(std::max(alloc, 1LL)));
  void* src = c.in_place ? static_cast<void*>(a.data()) : input.data();
  fill_box<Real>(src, in, g, real, pitch);
  const auto saved = input;
  if (c.in_place)
    ASSERT_EQ(fft3d_mpi_forward(plan, a.data(), alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  else
    ASSERT_EQ(fft3d_mpi_forward_out(plan, input.data(), a.data(), alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  EXPECT_LT(global_error<Real>(a.data(), out, want, 1.0, false, 0), tol);
  if (!c.in_place) EXPECT_TRUE(all_ranks(input == saved)) << "the input of an out-of-place forward changed";

  // The inverse takes the forward's output and returns n times the input.
  std::vector<std::complex<Real>> back(static_cast<size_t>(alloc));
  void* result = c.in_place ? static_cast<void*>(a.data()) : back.data();
  if (c.in_place)
    ASSERT_EQ(fft3d_mpi_inverse(plan, a.data(), alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  else
    ASSERT_EQ(fft3d_mpi_inverse_out(plan, a.data(), back.data(), alloc), FFT3D_SUCCESS) << fft3d_last_error_message();
  EXPECT_LT(global_error<Real>(result, in, g, n, real, pitch), 2 * tol);
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
}

TEST_P(MpiTransform, MatchesSerialFftwAndRoundTrips) {
  const Case& c = GetParam();
  if (c.type == FFT3D_C2C_F32 || c.type == FFT3D_R2C_F32)
    run_case<float>(c);
  else
    run_case<double>(c);
}

std::vector<Case> all_cases() {
  std::vector<Case> out;
  const int sizes[][3] = {{7, 5, 9}, {12, 10, 6}, {5, 4, 2}, {2, 3, 2}};
  for (const auto& s : sizes)
    for (Grid grid : {Grid::slab, Grid::pencil_auto, Grid::pencil_rows, Grid::pencil_columns})
      for (fft3d_type t : {FFT3D_C2C_F32, FFT3D_C2C_F64, FFT3D_R2C_F32, FFT3D_R2C_F64})
        for (bool transposed : {false, true})
          for (bool in_place : {true, false}) out.push_back({s[0], s[1], s[2], grid, t, transposed, in_place});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Cases, MpiTransform, testing::ValuesIn(all_cases()), name);

TEST(MpiTransformExtra, NormalizedRoundTripOnAutoDecompositionReturnsTheInput) {
  fft3d_mpi_plan plan = nullptr;
  ASSERT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, 9, 6, 5, FFT3D_C2C_F64,
                                     FFT3D_BACKEND_CPU | FFT3D_NORMALIZE | FFT3D_MEASURE, nullptr),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  ASSERT_EQ(fft3d_mpi_local_size(plan, &in, &out, &alloc), FFT3D_SUCCESS);
  const Global g = random_global(9, 6, 5, false, 77);
  std::vector<std::complex<double>> a(static_cast<size_t>(alloc));
  fill_box<double>(a.data(), in, g, false, 0);
  // Twice, so plans made on first use are reused.
  for (int i = 0; i < 2; ++i) {
    ASSERT_EQ(fft3d_mpi_forward(plan, a.data(), alloc), FFT3D_SUCCESS);
    ASSERT_EQ(fft3d_mpi_inverse(plan, a.data(), alloc), FFT3D_SUCCESS);
  }
  EXPECT_LT(global_error<double>(a.data(), in, g, 1.0, false, 0), 1e-13);
  fft3d_mpi_timings t{};
  ASSERT_EQ(fft3d_mpi_get_timings(plan, &t, 1), FFT3D_SUCCESS);
  EXPECT_EQ(t.transforms, 4);
  EXPECT_GE(t.local, 0.0);
  EXPECT_GE(t.exchange, 0.0);
  ASSERT_EQ(fft3d_mpi_get_timings(plan, &t, 0), FFT3D_SUCCESS);
  EXPECT_EQ(t.transforms, 0);
  const std::string text = describe(plan);
  // Auto: the slab's boxes (as a slab, or as the pencil 1 x P where local
  // FFTs run on rows only) while every rank gets planes, else a pencil.
  const char* rows = std::getenv("FFT3D_MPI_CPU_LOCAL");
  const bool rows_only = rows && std::string(rows) == "rows";
  const std::string expected = world_size() > 5 ? "pencil" : rows_only ? "pencil 1x" : "slab";
  EXPECT_NE(text.find(expected), std::string::npos) << text;
  unsigned backend = 0;
  ASSERT_EQ(fft3d_mpi_plan_get_backend(plan, &backend), FFT3D_SUCCESS);
  EXPECT_EQ(backend, FFT3D_BACKEND_CPU);
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
}

// Rank 0 gathers every rank's output box into the global spectrum and
// compares it with the serial transform; with nz = 2 over 3 or 4 ranks a
// slab leaves ranks without planes, which still take part.
TEST(MpiTransformExtra, GatheredResultEqualsSerialTransformWithEmptyRanks) {
  const int nx = 5, ny = 4, nz = 2, half = nx / 2 + 1;
  fft3d_mpi_options o{};
  o.decomposition = FFT3D_MPI_SLAB;
  fft3d_mpi_plan plan = nullptr;
  ASSERT_EQ(fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, nx, ny, nz, FFT3D_R2C_F64, FFT3D_BACKEND_CPU, &o),
            FFT3D_SUCCESS)
      << fft3d_last_error_message();
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  ASSERT_EQ(fft3d_mpi_local_size(plan, &in, &out, &alloc), FFT3D_SUCCESS);
  int empty = in.size[2] == 0;
  MPI_Allreduce(MPI_IN_PLACE, &empty, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  EXPECT_EQ(empty, std::max(0, world_size() - nz));
  EXPECT_GE(alloc, 1);
  const Global g = random_global(nx, ny, nz, true, 8);
  std::vector<std::complex<double>> a(static_cast<size_t>(alloc));
  fill_box<double>(a.data(), in, g, true, 2 * half);
  ASSERT_EQ(fft3d_mpi_forward(plan, a.data(), alloc), FFT3D_SUCCESS);
  // Gather boxes and their values.
  const int P = world_size();
  const int mine = out.size[0] * out.size[1] * out.size[2];
  std::vector<int> counts(static_cast<size_t>(P)), displs(static_cast<size_t>(P));
  std::vector<fft3d_mpi_box> boxes(static_cast<size_t>(P));
  MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gather(&out, sizeof out, MPI_BYTE, boxes.data(), sizeof out, MPI_BYTE, 0, MPI_COMM_WORLD);
  int total = 0;
  for (int r = 0; r < P; ++r) displs[static_cast<size_t>(r)] = total, total += counts[static_cast<size_t>(r)];
  std::vector<std::complex<double>> all(static_cast<size_t>(std::max(total, 1)));
  MPI_Gatherv(a.data(), mine, MPI_C_DOUBLE_COMPLEX, all.data(), counts.data(), displs.data(), MPI_C_DOUBLE_COMPLEX,
              0, MPI_COMM_WORLD);
  int ok = 1;
  if (world_rank() == 0) {
    Global spectrum{half, ny, nz, std::vector<cplx>(static_cast<size_t>(half * ny * nz), cplx(NAN, NAN))};
    for (int r = 0; r < P; ++r)
      for_each_point(boxes[static_cast<size_t>(r)], [&](int x, int y, int z) {
        spectrum.v[static_cast<size_t>(x + half * (y + ny * z))] =
            all[static_cast<size_t>(displs[static_cast<size_t>(r)] + box_offset(boxes[static_cast<size_t>(r)], x, y, z))];
      });
    ok = total == half * ny * nz &&
         fft3d_test::relative_l2_error(spectrum.v, serial_forward(g, true).v) < 1e-14;
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  EXPECT_TRUE(ok);
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
}

// Plans on a communicator other than MPI_COMM_WORLD: the even and the odd
// ranks each transform their own grid at the same time.
TEST(MpiTransformExtra, SubCommunicatorsTransformIndependently) {
  MPI_Comm half;
  MPI_Comm_split(MPI_COMM_WORLD, world_rank() % 2, world_rank(), &half);
  const int nx = 6 + world_rank() % 2, ny = 4, nz = 5;  // different grids on the two halves
  fft3d_mpi_options o{};
  o.decomposition = FFT3D_MPI_PENCIL;
  fft3d_mpi_plan plan = nullptr;
  ASSERT_EQ(fft3d_mpi_plan_create_3d(&plan, half, nx, ny, nz, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, &o), FFT3D_SUCCESS)
      << fft3d_last_error_message();
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  ASSERT_EQ(fft3d_mpi_local_size(plan, &in, &out, &alloc), FFT3D_SUCCESS);
  const Global g = random_global(nx, ny, nz, false, 5);
  std::vector<std::complex<double>> a(static_cast<size_t>(alloc));
  fill_box<double>(a.data(), in, g, false, 0);
  ASSERT_EQ(fft3d_mpi_forward(plan, a.data(), alloc), FFT3D_SUCCESS);
  EXPECT_LT(global_error<double>(a.data(), out, serial_forward(g, false), 1.0, false, 0, half), 1e-13);
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
  MPI_Comm_free(&half);
}

}  // namespace
}  // namespace fft3d_mpi_test
