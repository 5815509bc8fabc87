// h5fft under mpirun, end to end: files with odd sizes written here, run
// through `mpiexec -np P h5fft --backend cpu` (P from H5FFT_TEST_RANKS, 1-4),
// the outputs read back with HDF5 and checked against FFTW in double
// precision, against h5fft run alone, and against the inputs (round trips);
// failures leave no output behind. Where h5fft was built without the
// parallel HDF5, it must refuse to start as several ranks instead.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <complex>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "h5_test_files.h"
#include "oracle.h"
#include "real_oracle.h"
#include "scratch_folder_test.h"

namespace {

namespace fs = std::filesystem;
using cplx = std::complex<double>;
using h5fft_test::read_dataset;

int ranks() {
  const char* text = std::getenv("H5FFT_TEST_RANKS");
  return text ? std::atoi(text) : 2;
}

using h5fft_test::Result;

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// The line of h5fft's summary that starts with `start` (after the indent).
std::string line_starting(const std::string& text, const std::string& start) {
  std::istringstream s(text);
  for (std::string line; std::getline(s, line);)
    if (line.find(start) != std::string::npos) return line.substr(line.find(start));
  return "";
}

// The complex case is fft3d_test::relative_l2_error (oracle.h).
double relative_l2(const std::vector<double>& a, const std::vector<double>& b) {
  double num = 0, den = 0;
  for (size_t i = 0; i < a.size(); ++i) num += (a[i] - b[i]) * (a[i] - b[i]), den += b[i] * b[i];
  return std::sqrt(num / den);
}

// HDF5 types for the test files: {r, i} compounds of doubles in memory, of
// `component` in the file.
struct Compound {
  explicit Compound(hid_t component) : id(H5Tcreate(H5T_COMPOUND, 2 * H5Tget_size(component))) {
    H5Tinsert(id, "r", 0, component);
    H5Tinsert(id, "i", H5Tget_size(component), component);
  }
  ~Compound() { H5Tclose(id); }
  hid_t id;
};

class H5fftMpi : public h5fft_test::ScratchFolderTest {
 protected:
  static void SetUpTestSuite() {
    // Open MPI refuses more ranks than cores (CI has 2), and root, unless
    // asked; the same settings as tests/mpi, unless the caller made others.
    for (const char* name : {"OMPI_MCA_rmaps_base_oversubscribe", "OMPI_ALLOW_RUN_AS_ROOT",
                             "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"})
      setenv(name, "1", 0);
  }

  // h5fft on the CPU backend as ranks() MPI ranks, and alone.
  Result mpirun(const std::string& args) const {
    return run(std::string(H5FFT_MPIEXEC) + " " + std::to_string(ranks()) + " " + H5FFT_MPIEXEC_PREFLAGS + " " +
               H5FFT_EXE + " " + args + " --backend cpu");
  }
  Result alone(const std::string& args) const { return run(std::string(H5FFT_EXE) + " " + args + " --backend cpu"); }

  // A complex f64 field as a compound {r, i}, dims [nz][ny][nx].
  std::vector<cplx> write_complex_f64(const std::string& file, int nx, int ny, int nz, unsigned seed) const {
    const std::vector<double> v = fft3d_test::random_reals(2 * size_t(nx) * ny * nz, seed);
    const Compound type(H5T_IEEE_F64LE), memory(H5T_NATIVE_DOUBLE);
    h5fft_test::write_dataset(file, "field", {hsize_t(nz), hsize_t(ny), hsize_t(nx)}, type.id, memory.id, v.data());
    std::vector<cplx> z(v.size() / 2);
    for (size_t i = 0; i < z.size(); ++i) z[i] = {v[2 * i], v[2 * i + 1]};
    return z;
  }
};

#if H5FFT_TEST_DISTRIBUTED

// The attributes that do not depend on how many processes ran.
const char* const kSameAttributes[] = {"layout",        "transform_type", "direction", "sign_convention",
                                       "normalization", "precision",      "backend",   "device",
                                       "library_version", "source_file",  "source_dataset"};

TEST_F(H5fftMpi, ComplexDoubleMatchesFftwAndTheOneProcessRun) {
  const int nx = 12, ny = 10, nz = 7;
  const std::string in = path("in.h5"), k = path("k.h5"), k1 = path("k1.h5");
  const std::vector<cplx> x = write_complex_f64(in, nx, ny, nz, 11);
  const Result r = mpirun("--input " + in + " --dataset field --output " + k);
  ASSERT_EQ(r.status, 0) << r.err;
  const Result r1 = alone("--input " + in + " --dataset field --output " + k1);
  ASSERT_EQ(r1.status, 0) << r1.err;

  const auto s = read_dataset(k, "field"), s1 = read_dataset(k1, "field");
  ASSERT_EQ(s.dims, (std::vector<hsize_t>{hsize_t(nz), hsize_t(ny), hsize_t(nx)}));
  EXPECT_TRUE(s.compound);
  EXPECT_EQ(s.element_bytes, 8u);
  EXPECT_LT(fft3d_test::relative_l2_error(s.z, fft3d_test::fftw_3d(x, nx, ny, nz, -1)), 1e-12);
  EXPECT_LT(fft3d_test::relative_l2_error(s.z, s1.z), 1e-12);

  for (const char* name : kSameAttributes)
    EXPECT_EQ(h5fft_test::read_string_attribute(k, "field", name), h5fft_test::read_string_attribute(k1, "field", name))
        << name;
  EXPECT_EQ(h5fft_test::read_ints_attribute(k, "field", "grid_size"), (std::vector<long long>{nx, ny, nz}));
  EXPECT_FALSE(h5fft_test::read_string_attribute(k, "field", "plan").empty());
  EXPECT_GE(h5fft_test::read_double_attribute(k, "field", "transform_seconds"), 0.0);
  EXPECT_GE(h5fft_test::read_double_attribute(k, "field", "plan_seconds"), 0.0);

  // Printed once (rank 0), with the rank count; the same peak as alone.
  EXPECT_EQ(count(r.out, "h5fft: "), 1u) << r.out;
  EXPECT_NE(r.out.find("over " + std::to_string(ranks()) + " MPI rank"), std::string::npos) << r.out;
  EXPECT_EQ(line_starting(r.out, "peak |X|"), line_starting(r1.out, "peak |X|")) << r.out << r1.out;
}

TEST_F(H5fftMpi, ComplexRoundTripRestoresTheInput) {
  const int nx = 12, ny = 10, nz = 7;
  const std::string in = path("in.h5"), k = path("k.h5"), back = path("back.h5");
  const std::vector<cplx> x = write_complex_f64(in, nx, ny, nz, 12);
  ASSERT_EQ(mpirun("--input " + in + " --dataset field --output " + k).status, 0);
  const Result r = mpirun("--input " + k + " --dataset field --output " + back + " --inverse --normalize");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto b = read_dataset(back, "field");
  ASSERT_EQ(b.z.size(), x.size());
  EXPECT_LT(fft3d_test::relative_l2_error(b.z, x), 1e-13);
  EXPECT_EQ(h5fft_test::read_string_attribute(back, "field", "normalization"), "1/N, N = nx*ny*nz");
}

// Real f32 with an odd nx through r2c: nx/2+1 complex f32 values along x,
// and back to nx reals with nx from the grid_size attribute.
TEST_F(H5fftMpi, RealFloatR2CMatchesFftwAndRoundTrips) {
  const int nx = 9, ny = 10, nz = 7, half = nx / 2 + 1;
  const std::string in = path("real.h5"), k = path("half.h5"), back = path("back.h5");
  const std::vector<double> v = fft3d_test::random_reals(size_t(nx) * ny * nz, 13);
  const std::vector<float> f(v.begin(), v.end());
  h5fft_test::write_dataset(in, "/data/real", {hsize_t(nz), hsize_t(ny), hsize_t(nx)}, H5T_IEEE_F32LE,
                            H5T_NATIVE_FLOAT, f.data());
  const Result r = mpirun("--input " + in + " --dataset /data/real --output " + k + " --type r2c");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto s = read_dataset(k, "/data/real");
  ASSERT_EQ(s.dims, (std::vector<hsize_t>{hsize_t(nz), hsize_t(ny), hsize_t(half)}));
  EXPECT_EQ(s.element_bytes, 4u);
  const std::vector<double> real_input(f.begin(), f.end());
  EXPECT_LT(fft3d_test::relative_l2_error(s.z, fft3d_test::fftw_r2c_3d(real_input, nx, ny, nz)), 1e-5);
  EXPECT_EQ(h5fft_test::read_ints_attribute(k, "/data/real", "grid_size"), (std::vector<long long>{nx, ny, nz}));

  const Result b =
      mpirun("--input " + k + " --dataset /data/real --output " + back + " --inverse --type r2c --normalize");
  ASSERT_EQ(b.status, 0) << b.err;
  const auto x = read_dataset(back, "/data/real");
  ASSERT_EQ(x.dims, (std::vector<hsize_t>{hsize_t(nz), hsize_t(ny), hsize_t(nx)}));
  EXPECT_EQ(x.element_bytes, 4u);
  EXPECT_LT(relative_l2(x.x, real_input), 1e-5);
}

// Complex f32 stored with a trailing dimension of 2 keeps that storage; a real
// f64 field through c2c is taken as complex.
TEST_F(H5fftMpi, TrailingPairsAndRealInputThroughC2C) {
  const int nx = 7, ny = 6, nz = 5;
  const std::vector<double> v = fft3d_test::random_reals(2 * size_t(nx) * ny * nz, 14);
  const std::vector<float> f(v.begin(), v.end());
  const std::string pairs = path("pairs.h5"), pk = path("pairs_k.h5");
  h5fft_test::write_dataset(pairs, "field", {hsize_t(nz), hsize_t(ny), hsize_t(nx), 2}, H5T_IEEE_F32LE,
                            H5T_NATIVE_FLOAT, f.data());
  Result r = mpirun("--input " + pairs + " --dataset field --output " + pk + " --out-dataset /k/field");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto s = read_dataset(pk, "/k/field");
  ASSERT_EQ(s.dims, (std::vector<hsize_t>{hsize_t(nz), hsize_t(ny), hsize_t(nx), 2}));
  EXPECT_EQ(s.element_bytes, 4u);
  std::vector<cplx> z(f.size() / 2);
  for (size_t i = 0; i < z.size(); ++i) z[i] = {f[2 * i], f[2 * i + 1]};
  EXPECT_LT(fft3d_test::relative_l2_error(s.z, fft3d_test::fftw_3d(z, nx, ny, nz, -1)), 1e-5);

  const std::string real = path("real.h5"), rk = path("real_k.h5");
  const std::vector<double> x(v.begin(), v.begin() + std::ptrdiff_t(z.size()));
  h5fft_test::write_dataset(real, "field", {hsize_t(nz), hsize_t(ny), hsize_t(nx)}, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE,
                            x.data());
  r = mpirun("--input " + real + " --dataset field --output " + rk);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto t = read_dataset(rk, "field");
  ASSERT_TRUE(t.compound);
  std::vector<cplx> xz(x.begin(), x.end());
  EXPECT_LT(fft3d_test::relative_l2_error(t.z, fft3d_test::fftw_3d(xz, nx, ny, nz, -1)), 1e-12);
}

// A grid with fewer planes than ranks: some ranks own empty boxes, and still
// take part in every collective read and write.
TEST_F(H5fftMpi, GridSmallerThanTheRanks) {
  const int nx = 5, ny = 2, nz = 1;
  const std::string in = path("tiny.h5"), k = path("tiny_k.h5");
  const std::vector<cplx> x = write_complex_f64(in, nx, ny, nz, 18);
  const Result r = mpirun("--input " + in + " --dataset field --output " + k);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto s = read_dataset(k, "field");
  ASSERT_EQ(s.dims, (std::vector<hsize_t>{hsize_t(nz), hsize_t(ny), hsize_t(nx)}));
  EXPECT_LT(fft3d_test::relative_l2_error(s.z, fft3d_test::fftw_3d(x, nx, ny, nz, -1)), 1e-13);
}

// The printed peak is found over all ranks' boxes: the plane wave's single
// frequency, and the four equal peaks of a product of sines as one plus
// three ties, as h5fft alone prints them.
TEST_F(H5fftMpi, PeakIsFoundAcrossRanks) {
  const std::string inputs = H5FFT_INPUTS_DIR;
  const Result r = mpirun("--input " + inputs + "/plane_wave.h5 --dataset field --output " + path("k.h5"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(kx, ky, kz) = (3, -5, 2)"), std::string::npos) << r.out;

  const std::string sines = "--input " + inputs + "/sine_product.h5 --dataset field --type r2c --output ";
  const Result m = mpirun(sines + path("half.h5")), a = alone(sines + path("half1.h5"));
  ASSERT_EQ(m.status, 0) << m.err;
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_NE(m.out.find("and 3 more points as large"), std::string::npos) << m.out;
  EXPECT_EQ(line_starting(m.out, "peak |X|"), line_starting(a.out, "peak |X|"));
}

// A failure: its status and message, printed once (not once per rank), and
// no output or temporary file left. (Open MPI's mpirun takes up to 2.5 s to
// end a job whose process failed, so these tests keep to few runs.)
TEST_F(H5fftMpi, FailuresBeforeWritingLeaveNoOutput) {
  const std::string in = path("in.h5"), out = path("out.h5");
  write_complex_f64(in, 6, 5, 3, 15);
  Result r = mpirun("--input " + in + " --dataset nope --output " + out);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count(r.err, "h5fft: error"), 1u) << r.err;
  EXPECT_NE(r.err.find("missing dataset"), std::string::npos) << r.err;
  expect_no_output(out);

  r = mpirun("--input " + in + " --dataset field --output " + out + " --normalize");  // a forward is never scaled
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(count(r.err, "h5fft: error"), 1u) << r.err;
  EXPECT_NE(r.err.find("--normalize"), std::string::npos) << r.err;
  expect_no_output(out);
}

// The ranks have created the (temporary) output file together when the
// dataset cannot be made: rank 0 removes it once all have closed it.
TEST_F(H5fftMpi, FailureAfterCreatingTheFileRemovesIt) {
  const std::string in = path("in.h5"), out = path("out.h5");
  write_complex_f64(in, 6, 5, 3, 16);
  const Result r = mpirun("--input " + in + " --dataset field --output " + out + " --out-dataset .");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(count(r.err, "h5fft: error"), 1u) << r.err;
  EXPECT_NE(r.err.find("cannot create dataset"), std::string::npos) << r.err;
  expect_no_output(out);
}

#else  // h5fft built with a serial HDF5 (or without fft3d_mpi)

// As several ranks it stops before touching any file, saying why, once; as
// one rank it runs as alone.
TEST_F(H5fftMpi, SerialBuildRefusesSeveralRanks) {
  const std::string in = path("in.h5"), out = path("out.h5");
  write_complex_f64(in, 6, 5, 3, 17);
  const Result r = mpirun("--input " + in + " --dataset field --output " + out);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(count(r.err, "h5fft: error"), 1u) << r.err;
  EXPECT_NE(r.err.find("one process only"), std::string::npos) << r.err;
  expect_no_output(out);

  const Result one = run(std::string(H5FFT_MPIEXEC) + " 1 " + H5FFT_MPIEXEC_PREFLAGS + " " + H5FFT_EXE + " --input " +
                         in + " --dataset field --output " + out + " --backend cpu");
  EXPECT_EQ(one.status, 0) << one.err;
  EXPECT_TRUE(fs::exists(out));
}

#endif

}  // namespace
