// h5fft end to end: the program run on the committed inputs and on files the
// tests write; its outputs read back with HDF5 and checked against known
// spectra, FFTW and the inputs (round trips); and each error case (status,
// message, no output left behind, input untouched).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <complex>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "h5_test_files.h"
#include "oracle.h"
#include "scratch_folder_test.h"

namespace {

namespace fs = std::filesystem;
using cplx = std::complex<double>;
using h5fft_test::read_dataset;

const std::string kInputs = H5FFT_INPUTS_DIR;

using h5fft_test::Result;
using h5fft_test::slurp;

class H5fft : public h5fft_test::ScratchFolderTest {
 protected:
  // Runs h5fft with `args` (forced to the CPU unless they name a backend).
  Result h5fft(std::string args) const {
    if (args.find("--backend") == std::string::npos) args += " --backend cpu";
    return run(std::string(H5FFT_EXE) + " " + args);
  }
};

// ---- transforms ----------------------------------------------------------

// The plane wave exp(2 pi i (kx x/nx + ky y/ny + kz z/nz)) has all of its
// energy, nx*ny*nz, at (kx, ky, kz): dataset dims [nz][ny][nx] taken as the
// grid (nx, ny, nz) with x fastest put it there, and nowhere else.
TEST_F(H5fft, PlaneWaveHasItsSinglePeakWhereItBelongs) {
  const std::string in = kInputs + "/plane_wave.h5", out = path("spectrum.h5");
  const Result r = h5fft("--input " + in + " --dataset field --output " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto k = h5fft_test::read_ints_attribute(in, "field", "wave_vector");
  ASSERT_EQ(k.size(), 3u);
  const auto s = read_dataset(out, "field");
  ASSERT_EQ(s.dims, (std::vector<hsize_t>{16, 24, 32}));
  ASSERT_TRUE(s.compound);
  const long long nx = 32, ny = 24, nz = 16, n = nx * ny * nz;
  auto wrap = [](long long k, long long m) { return ((k % m) + m) % m; };
  const size_t peak = size_t((wrap(k[2], nz) * ny + wrap(k[1], ny)) * nx + wrap(k[0], nx));
  EXPECT_NEAR(s.z[peak].real(), double(n), 1e-9 * n);
  EXPECT_NEAR(s.z[peak].imag(), 0.0, 1e-9 * n);
  double rest = 0;
  for (size_t i = 0; i < s.z.size(); ++i)
    if (i != peak) rest = std::max(rest, std::abs(s.z[i]));
  EXPECT_LT(rest, 1e-9 * n);
  // The printed check names the signed frequency.
  EXPECT_NE(r.out.find("(kx, ky, kz) = (3, -5, 2)"), std::string::npos) << r.out;

  // The attributes say what was done.
  EXPECT_EQ(h5fft_test::read_ints_attribute(out, "field", "grid_size"), (std::vector<long long>{32, 24, 16}));
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "transform_type"), "c2c");
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "direction"), "forward");
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "normalization"), "none");
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "backend"), "cpu");
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "device"), "CPU (FFTW)");
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "precision"), "f64");
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "library_version").rfind("fft3d ", 0), 0u);
  EXPECT_NE(h5fft_test::read_string_attribute(out, "field", "layout").find("[nz][ny][nx]"), std::string::npos);
  EXPECT_GE(h5fft_test::read_double_attribute(out, "field", "transform_seconds"), 0.0);
  EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "source_file"), in);
}

TEST_F(H5fft, ComplexRoundTripRestoresTheInput) {
  const std::string in = kInputs + "/plane_wave.h5", mid = path("k.h5"), back = path("back.h5");
  ASSERT_EQ(h5fft("--input " + in + " --dataset field --output " + mid).status, 0);
  const Result r = h5fft("--input " + mid + " --dataset field --output " + back + " --inverse --normalize");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto a = read_dataset(in, "field"), b = read_dataset(back, "field");
  ASSERT_EQ(a.dims, b.dims);
  double err = 0;
  for (size_t i = 0; i < a.z.size(); ++i) err = std::max(err, std::abs(a.z[i] - b.z[i]));
  EXPECT_LT(err, 1e-12);
  EXPECT_EQ(h5fft_test::read_string_attribute(back, "field", "normalization"), "1/N, N = nx*ny*nz");
}

// A real f32 input through c2c: complex f32 out, and back to the input with
// a zero imaginary part.
TEST_F(H5fft, RealInputThroughC2CKeepsSinglePrecision) {
  const std::string in = kInputs + "/gaussian_blob.h5", mid = path("k.h5"), back = path("back.h5");
  const Result f = h5fft("--input " + in + " --dataset /field --output " + mid);
  ASSERT_EQ(f.status, 0) << f.err;
  EXPECT_NE(f.out.find("(kx, ky, kz) = (0, 0, 0)"), std::string::npos) << f.out;  // a Gaussian peaks at k = 0
  const auto k = read_dataset(mid, "field");
  EXPECT_EQ(k.element_bytes, 4u);
  ASSERT_EQ(h5fft("--input " + mid + " --dataset field --output " + back + " --inverse --normalize").status, 0);
  const auto a = read_dataset(in, "field"), b = read_dataset(back, "field");
  ASSERT_EQ(b.z.size(), a.x.size());
  double err = 0;
  for (size_t i = 0; i < a.x.size(); ++i) err = std::max(err, std::abs(b.z[i] - cplx(a.x[i], 0)));
  EXPECT_LT(err, 1e-6);
}

// sin(2 pi 2x/nx) sin(2 pi 3y/ny) sin(2 pi z/nz) through r2c: nx/2+1 values
// along x, |X| = N/8 at the four points (2, +-3, +-1) of the half spectrum,
// zero elsewhere; the inverse (nx from the grid_size attribute) gives it back.
TEST_F(H5fft, RealToComplexSpectrumAndRoundTrip) {
  const std::string in = kInputs + "/sine_product.h5", mid = path("half.h5"), back = path("back.h5");
  const Result f = h5fft("--input " + in + " --dataset field --output " + mid + " --type r2c");
  ASSERT_EQ(f.status, 0) << f.err;
  const auto s = read_dataset(mid, "field");
  const long long nx = 32, ny = 16, nz = 24, half = nx / 2 + 1, n = nx * ny * nz;
  ASSERT_EQ(s.dims, (std::vector<hsize_t>{hsize_t(nz), hsize_t(ny), hsize_t(half)}));
  EXPECT_EQ(h5fft_test::read_ints_attribute(mid, "field", "grid_size"), (std::vector<long long>{nx, ny, nz}));
  int peaks = 0;
  for (long long z = 0; z < nz; ++z)
    for (long long y = 0; y < ny; ++y)
      for (long long x = 0; x < half; ++x) {
        const double m = std::abs(s.z[size_t((z * ny + y) * half + x)]);
        const bool at_peak = x == 2 && (y == 3 || y == ny - 3) && (z == 1 || z == nz - 1);
        if (at_peak) {
          ++peaks;
          EXPECT_NEAR(m, n / 8.0, 1e-9 * n);
        } else {
          EXPECT_LT(m, 1e-9 * n) << x << " " << y << " " << z;
        }
      }
  EXPECT_EQ(peaks, 4);

  const Result b = h5fft("--input " + mid + " --dataset field --output " + back + " --inverse --type r2c --normalize");
  ASSERT_EQ(b.status, 0) << b.err;
  const auto a = read_dataset(in, "field"), r = read_dataset(back, "field");
  ASSERT_EQ(r.dims, a.dims);
  double err = 0;
  for (size_t i = 0; i < a.x.size(); ++i) err = std::max(err, std::abs(a.x[i] - r.x[i]));
  EXPECT_LT(err, 1e-13);
  // --nx gives the same; one that does not fit the half spectrum is refused.
  ASSERT_EQ(h5fft("--input " + mid + " --dataset field --output " + path("b2.h5") +
                  " --inverse --type r2c --normalize --nx 32")
                .status,
            0);
  const Result bad = h5fft("--input " + mid + " --dataset field --output " + path("b3.h5") + " --inverse --type r2c --nx 30");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("nx/2+1"), std::string::npos) << bad.err;
}

// A non-cubic f32 field stored with a trailing dimension of 2, against FFTW
// on the same memory as a [nz][ny][nx] array: the axes map as documented,
// and the output keeps the trailing-pair storage.
TEST_F(H5fft, TrailingPairComplexMatchesFftw) {
  const int nx = 10, ny = 6, nz = 4, n = nx * ny * nz;
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> values(2 * n);
  for (auto& v : values) v = u(rng);
  const std::string in = path("pair.h5"), out = path("pair_k.h5");
  h5fft_test::write_dataset(in, "/data/pairs", {hsize_t(nz), hsize_t(ny), hsize_t(nx), 2}, H5T_IEEE_F32LE,
                            H5T_NATIVE_FLOAT, values.data());
  const Result r = h5fft("--input " + in + " --dataset /data/pairs --output " + out + " --out-dataset /spectra/k");
  ASSERT_EQ(r.status, 0) << r.err;
  const auto s = read_dataset(out, "/spectra/k");
  ASSERT_EQ(s.dims, (std::vector<hsize_t>{hsize_t(nz), hsize_t(ny), hsize_t(nx), 2}));
  EXPECT_EQ(s.element_bytes, 4u);

  std::vector<cplx> x(n);
  for (int i = 0; i < n; ++i) x[i] = {values[2 * i], values[2 * i + 1]};
  EXPECT_LT(fft3d_test::relative_l2_error(s.z, fft3d_test::fftw_3d(x, nx, ny, nz, -1)), 1e-6);
}

// --force replaces the input itself, which then holds the result.
TEST_F(H5fft, ForceReplacesTheInput) {
  const std::string file = path("field.h5");
  fs::copy_file(kInputs + "/plane_wave.h5", file);
  const Result r = h5fft("--input " + file + " --dataset field --output " + file + " --force");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(h5fft_test::read_string_attribute(file, "field", "direction"), "forward");
  expect_no_output(path("nothing.h5"));  // and no temporary left behind
}

// The committed inputs are what inputs/make_inputs.cpp makes.
TEST_F(H5fft, CommittedInputsMatchTheirGenerator) {
  const Result r = run(std::string(H5FFT_MAKE_INPUTS_EXE) + " " + dir_.string());
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* name : {"gaussian_blob.h5", "plane_wave.h5", "sine_product.h5"}) {
    const auto a = read_dataset(kInputs + "/" + name, "field"), b = read_dataset(path(name), "field");
    EXPECT_EQ(a.dims, b.dims) << name;
    EXPECT_EQ(a.x, b.x) << name;
    EXPECT_EQ(a.z, b.z) << name;
    EXPECT_EQ(a.element_bytes, b.element_bytes) << name;
  }
}

// ---- errors: clear message, non-zero status, nothing written ---------------

TEST_F(H5fft, MissingFile) {
  const Result r = h5fft("--input " + path("nope.h5") + " --dataset field --output " + path("out.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("missing file"), std::string::npos) << r.err;
  expect_no_output(path("out.h5"));
}

TEST_F(H5fft, NotAnHdf5File) {
  std::ofstream(path("text.h5")) << "not hdf5\n";
  const Result r = h5fft("--input " + path("text.h5") + " --dataset field --output " + path("out.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("not an HDF5 file"), std::string::npos) << r.err;
  expect_no_output(path("out.h5"));
}

TEST_F(H5fft, MissingDataset) {
  for (const char* dataset : {"nope", "/a/b/c", "field/deeper"}) {
    const Result r = h5fft("--input " + kInputs + "/plane_wave.h5 --dataset " + dataset + " --output " + path("out.h5"));
    EXPECT_EQ(r.status, 1) << dataset;
    EXPECT_NE(r.err.find("missing dataset"), std::string::npos) << r.err;
  }
  h5fft_test::write_group(path("group.h5"), "/g");
  const Result r = h5fft("--input " + path("group.h5") + " --dataset g --output " + path("out.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("is not a dataset"), std::string::npos) << r.err;
  expect_no_output(path("out.h5"));
}

TEST_F(H5fft, WrongRank) {
  const std::vector<double> v(24, 1.0);
  h5fft_test::write_dataset(path("flat.h5"), "field", {4, 6}, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, v.data());
  Result r = h5fft("--input " + path("flat.h5") + " --dataset field --output " + path("out.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("wrong rank"), std::string::npos) << r.err;
  // Rank 4 whose last extent is not 2 is not a complex field either.
  h5fft_test::write_dataset(path("four.h5"), "field", {2, 2, 2, 3}, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, v.data());
  r = h5fft("--input " + path("four.h5") + " --dataset field --output " + path("out.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("wrong rank"), std::string::npos) << r.err;
  expect_no_output(path("out.h5"));
}

TEST_F(H5fft, UnsupportedType) {
  const std::vector<int> v(27, 1);
  h5fft_test::write_dataset(path("ints.h5"), "field", {3, 3, 3}, H5T_STD_I32LE, H5T_NATIVE_INT, v.data());
  const Result r = h5fft("--input " + path("ints.h5") + " --dataset field --output " + path("out.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("unsupported type"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("integers"), std::string::npos) << r.err;
  expect_no_output(path("out.h5"));
}

TEST_F(H5fft, OutputEqualToInputWithoutForce) {
  const std::string file = path("field.h5");
  fs::copy_file(kInputs + "/plane_wave.h5", file);
  const std::string before = slurp(file);
  Result r = h5fft("--input " + file + " --dataset field --output " + file);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("is the input file"), std::string::npos) << r.err;
  // The same file by another name.
  r = h5fft("--input " + file + " --dataset field --output " + dir_.string() + "/./field.h5");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("is the input file"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(file), before);
  // Any other existing file is not replaced either.
  std::ofstream(path("other.h5")) << "keep me\n";
  r = h5fft("--input " + file + " --dataset field --output " + path("other.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("exists"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(path("other.h5")), "keep me\n");
}

TEST_F(H5fft, CommandLinesThatCannotWork) {
  const std::string pw = kInputs + "/plane_wave.h5", out = path("out.h5");
  Result r = h5fft("--input " + pw + " --dataset field --output " + out + " --type r2c");  // complex input
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("takes a real dataset"), std::string::npos) << r.err;
  r = h5fft("--input " + pw + " --dataset field --output " + out + " --normalize");  // forward
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--normalize"), std::string::npos) << r.err;
  r = h5fft("--input " + pw + " --dataset field --output " + out + " --type r2c --inverse");  // no nx known
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("pass --nx"), std::string::npos) << r.err;
  r = h5fft("--input " + pw + " --dataset field --output " + out + " --type fancy");
  EXPECT_EQ(r.status, 2);
  r = h5fft("--input " + pw + " --output " + out);  // no --dataset
  EXPECT_EQ(r.status, 2);
  r = h5fft("--input " + pw + " --dataset field --output " + path("no/such/dir/out.h5"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
  expect_no_output(out);
}

// --backend gpu works where there is a GPU and fails cleanly where there is none.
TEST_F(H5fft, GpuBackendRunsOrSaysWhyNot) {
  const std::string out = path("out.h5");
  const Result r = h5fft("--input " + kInputs + "/plane_wave.h5 --dataset field --output " + out + " --backend gpu");
  if (r.status == 0) {
    EXPECT_EQ(h5fft_test::read_string_attribute(out, "field", "backend"), "gpu");
    EXPECT_NE(r.out.find("(kx, ky, kz) = (3, -5, 2)"), std::string::npos) << r.out;
    return;
  }
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("fft3d_plan_create_3d failed"), std::string::npos) << r.err;
  expect_no_output(out);
}

}  // namespace
