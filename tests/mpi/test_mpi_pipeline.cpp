// Pipelined reshapes (fft3d_mpi_options.pipeline_chunks) on the CPU backend:
// only data movement changes, so every pipelined transform must equal the
// unpipelined one bit for bit, forward and inverse, for any pieces per peer
// (more than a message has planes too), slab and pencil, C2C and R2C,
// natural and transposed, in and out of place, odd sizes and ranks that own
// nothing; and match the serial FFTW transform. Also the option's errors,
// its agreement across ranks, describe() and the timings.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "mpi/transport.h"
#include "mpi_test_util.h"
#include "transform_cases.h"

namespace fft3d_mpi_test {
namespace {

// Forward then inverse of one field with one pipeline setting; the two
// results as bytes, and the errors against FFTW (max over ranks).
template <typename Real>
struct Outcome {
  std::vector<std::complex<Real>> spectrum, back;
  double forward_error = 0, inverse_error = 0;
  long long bytes_sent = 0;
  std::string text;
};

template <typename Real>
Outcome<Real> transform(const Case& c, int pipeline_chunks, const Global& g, const Global& want) {
  Outcome<Real> r;
  const bool real = c.type == FFT3D_R2C_F32 || c.type == FFT3D_R2C_F64;
  const double n = static_cast<double>(c.nx) * c.ny * c.nz;
  const fft3d_mpi_options o = options_for(c, pipeline_chunks);
  fft3d_mpi_plan plan = nullptr;
  const fft3d_status made =
      fft3d_mpi_plan_create_3d(&plan, MPI_COMM_WORLD, c.nx, c.ny, c.nz, c.type, FFT3D_BACKEND_CPU, &o);
  EXPECT_EQ(made, FFT3D_SUCCESS) << fft3d_last_error_message();
  if (made != FFT3D_SUCCESS) return r;
  fft3d_mpi_box in{}, out{};
  long long alloc = 0;
  EXPECT_EQ(fft3d_mpi_local_size(plan, &in, &out, &alloc), FFT3D_SUCCESS);
  const int pitch = c.in_place ? 2 * (c.nx / 2 + 1) : c.nx;
  r.spectrum.assign(static_cast<size_t>(alloc), std::complex<Real>(0));
  std::vector<std::complex<Real>> input(static_cast<size_t>(alloc), std::complex<Real>(0));
  void* src = c.in_place ? static_cast<void*>(r.spectrum.data()) : input.data();
  fill_box<Real>(src, in, g, real, pitch);
  const fft3d_status fwd = c.in_place ? fft3d_mpi_forward(plan, r.spectrum.data(), alloc)
                                      : fft3d_mpi_forward_out(plan, input.data(), r.spectrum.data(), alloc);
  EXPECT_EQ(fwd, FFT3D_SUCCESS) << fft3d_last_error_message();
  r.forward_error = global_error<Real>(r.spectrum.data(), out, want, 1.0, false, 0);
  // The inverse from a copy of the spectrum, so that both are kept.
  r.back = r.spectrum;
  std::vector<std::complex<Real>> result(static_cast<size_t>(alloc), std::complex<Real>(0));
  const fft3d_status inv = c.in_place ? fft3d_mpi_inverse(plan, r.back.data(), alloc)
                                      : fft3d_mpi_inverse_out(plan, r.spectrum.data(), result.data(), alloc);
  EXPECT_EQ(inv, FFT3D_SUCCESS) << fft3d_last_error_message();
  if (!c.in_place) r.back = result;
  r.inverse_error = global_error<Real>(r.back.data(), in, g, n, real, pitch);
  // Only the box holds data; the rest of the buffers is scratch.
  auto keep_box = [&](std::vector<std::complex<Real>>& v, const fft3d_mpi_box& b, bool reals) {
    const long long used = reals ? (static_cast<long long>(pitch) * b.size[1] * b.size[2] + 1) / 2
                                 : static_cast<long long>(b.size[0]) * b.size[1] * b.size[2];
    v.resize(static_cast<size_t>(std::min<long long>(used, alloc)));
    if (!reals) return;
    const long long rows = static_cast<long long>(b.size[1]) * b.size[2];
    Real* r = reinterpret_cast<Real*>(v.data());
    for (long long row = 0; row < rows; ++row)  // in-place padding is scratch too
      for (int x = c.nx; x < pitch; ++x) r[row * pitch + x] = 0;
    if (rows * pitch % 2) r[rows * pitch] = 0;  // the half of the last value past the reals
  };
  keep_box(r.spectrum, out, false);
  keep_box(r.back, in, real);
  fft3d_mpi_timings t{};
  EXPECT_EQ(fft3d_mpi_get_timings(plan, &t, 0), FFT3D_SUCCESS);
  EXPECT_GE(t.pack, 0.0);
  EXPECT_GE(t.exchange, 0.0);
  r.bytes_sent = t.bytes_sent;
  r.text = describe(plan);
  EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
  return r;
}

template <typename Real>
bool same_bits(const std::vector<std::complex<Real>>& a, const std::vector<std::complex<Real>>& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](auto x, auto y) {
           return std::memcmp(&x, &y, sizeof x) == 0;
         });
}

template <typename Real>
void run_case(const Case& c) {
  const bool real = c.type == FFT3D_R2C_F32 || c.type == FFT3D_R2C_F64;
  const double tol = fft3d_test::fft_error_bound(sizeof(Real) == 4, static_cast<double>(c.nx) * c.ny * c.nz);
  const Global g = random_global(c.nx, c.ny, c.nz, real, 4321u + static_cast<unsigned>(c.nx * c.ny));
  const Global want = serial_forward(g, real);
  const Outcome<Real> off = transform<Real>(c, 1, g, want);
  EXPECT_LT(off.forward_error, tol);
  EXPECT_LT(off.inverse_error, 2 * tol);
  for (int chunks : {2, 3, 7}) {
    SCOPED_TRACE("pipeline_chunks " + std::to_string(chunks));
    const Outcome<Real> on = transform<Real>(c, chunks, g, want);
    EXPECT_TRUE(all_ranks(same_bits(on.spectrum, off.spectrum))) << "forward differs from the unpipelined one";
    EXPECT_TRUE(all_ranks(same_bits(on.back, off.back))) << "inverse differs from the unpipelined one";
    EXPECT_LT(on.forward_error, tol);
    EXPECT_LT(on.inverse_error, 2 * tol);
    EXPECT_EQ(on.bytes_sent, off.bytes_sent);
    if (world_size() > 1)
      EXPECT_NE(on.text.find("(" + std::to_string(chunks) + " per peer)"), std::string::npos) << on.text;
  }
}

class MpiPipeline : public testing::TestWithParam<Case> {};

TEST_P(MpiPipeline, EqualsTheUnpipelinedTransformBitForBit) {
  const Case& c = GetParam();
  if (c.type == FFT3D_C2C_F32 || c.type == FFT3D_R2C_F32)
    run_case<float>(c);
  else
    run_case<double>(c);
}

std::vector<Case> all_cases() {
  std::vector<Case> out;
  // Odd sizes; nz = 2 leaves slab ranks without planes from 3 ranks on, and
  // 3 x 3 x 1 leaves a rank of 4 with nothing in either slab layout.
  const int sizes[][3] = {{7, 5, 9}, {5, 4, 2}, {12, 10, 6}, {3, 3, 1}};
  for (const auto& s : sizes)
    for (Grid grid : {Grid::slab, Grid::pencil_auto, Grid::pencil_rows, Grid::pencil_columns})
      for (fft3d_type t : {FFT3D_C2C_F32, FFT3D_R2C_F64})
        for (bool transposed : {false, true})
          for (bool in_place : {true, false}) out.push_back({s[0], s[1], s[2], grid, t, transposed, in_place});
  // The other two types once each.
  out.push_back({9, 6, 5, Grid::pencil_auto, FFT3D_C2C_F64, false, true});
  out.push_back({9, 6, 5, Grid::slab, FFT3D_R2C_F32, true, false});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Cases, MpiPipeline, testing::ValuesIn(all_cases()), name);

// The host MPI pipeline on its own: pieces of uneven sizes (some empty) in
// three chunks per peer, sent in MPI messages of at most 2 elements, each
// unpacked once, in order, with the values its sender packed, and each
// piece packed before the previous one is unpacked.
TEST(MpiPipelineTransport, HostPipelineDeliversEveryPieceInOrder) {
  using namespace fft3d::mpi;
  const int P = world_size(), me = world_rank(), chunks = 3;
  auto count = [](int from, int to, int chunk) { return static_cast<long long>((from + 2 * to + chunk) % 5); };
  std::vector<PieceTraffic> pieces;
  for (int round = 1; round < P; ++round)
    for (int c = 0; c < chunks; ++c) {
      const int to = (me + round) % P, from = (me - round + P) % P;
      pieces.push_back({to, from, count(me, to, c), count(from, me, c)});
    }
  struct Element {
    int from, to, piece, k;
  };
  static_assert(sizeof(Element) == 16, "one 16-byte MPI element");
  std::vector<Element> send(2 * 5), recv(2 * 5);
  struct Work final : PieceWork {
    const std::vector<PieceTraffic>* pieces = nullptr;
    int me = 0, own = 0;
    std::vector<std::string> calls;
    bool values_ok = true;
    void pack(int i, void* slot) override {
      const PieceTraffic& p = (*pieces)[static_cast<size_t>(i)];
      for (int k = 0; k < p.send_count; ++k) static_cast<Element*>(slot)[k] = {me, p.send_to, i, k};
      calls.push_back("pack " + std::to_string(i));
    }
    void unpack(int i, const void* slot) override {
      const PieceTraffic& p = (*pieces)[static_cast<size_t>(i)];
      for (int k = 0; k < p.recv_count; ++k) {
        const Element e = static_cast<const Element*>(slot)[k];
        values_ok = values_ok && e.from == p.recv_from && e.to == me && e.piece == i && e.k == k;
      }
      calls.push_back("unpack " + std::to_string(i));
    }
    void copy_own() override { ++own; }
    void wait() override {}
  } work;
  work.pieces = &pieces;
  work.me = me;
  for (bool pairwise : {false, true}) {
    work.calls.clear();
    work.own = 0;
    auto t = make_mpi_transport(MPI_COMM_WORLD, 16, false, pairwise, 2);
    t->exchange_pieces(pieces, {send.data(), recv.data(), 5}, work, nullptr);
    std::vector<std::string> want;
    for (size_t i = 0; i < pieces.size(); ++i) {
      want.push_back("pack " + std::to_string(i));
      if (i > 0) want.push_back("unpack " + std::to_string(i - 1));
    }
    if (!pieces.empty()) want.push_back("unpack " + std::to_string(pieces.size() - 1));
    EXPECT_EQ(work.calls, want);
    EXPECT_EQ(work.own, 1);
  }
  EXPECT_TRUE(all_ranks(work.values_ok));
}

fft3d_status create(fft3d_mpi_plan* plan, int pipeline_chunks) {
  fft3d_mpi_options o{};
  o.decomposition = FFT3D_MPI_SLAB;
  o.pipeline_chunks = pipeline_chunks;
  return fft3d_mpi_plan_create_3d(plan, MPI_COMM_WORLD, 8, 6, 4, FFT3D_C2C_F64, FFT3D_BACKEND_CPU, &o);
}

TEST(MpiPipelineOption, BadValuesAndDisagreementAreRefusedOnEveryRank) {
  for (int bad : {-1, -7, 1025}) {
    fft3d_mpi_plan plan = reinterpret_cast<fft3d_mpi_plan>(&bad);
    EXPECT_EQ(create(&plan, bad), FFT3D_ERROR_INVALID_ARGUMENT);
    EXPECT_EQ(plan, nullptr);
    EXPECT_NE(std::string(fft3d_last_error_message()).find("pipeline_chunks"), std::string::npos)
        << fft3d_last_error_message();
  }
  if (world_size() == 1) return;
  fft3d_mpi_plan plan = nullptr;
  EXPECT_EQ(create(&plan, world_rank() == 0 ? 2 : 3), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("ranks disagree on pipeline_chunks"), std::string::npos)
      << fft3d_last_error_message();
  EXPECT_EQ(plan, nullptr);
}

TEST(MpiPipelineOption, DescribeSaysWhetherReshapesArePipelined) {
  for (int chunks : {0, 1, 4}) {
    fft3d_mpi_plan plan = nullptr;
    ASSERT_EQ(create(&plan, chunks), FFT3D_SUCCESS) << fft3d_last_error_message();
    const std::string text = describe(plan);
    const std::string pieces = std::to_string(4 * (world_size() - 1));
    const std::string expected = world_size() == 1 ? "pipeline: off (no exchange crosses ranks)"
                                 : chunks == 4     ? "pipelined: " + pieces + " pieces (4 per peer)"
                                 : chunks == 1     ? "pipeline: off (pipeline_chunks 1)"
                                                   : "pipeline: off (pipeline_chunks 0: chosen off for MPI transports)";
    EXPECT_NE(text.find(expected), std::string::npos) << text;
    if (world_size() > 1 && chunks != 4) EXPECT_NE(text.find("one all-to-all"), std::string::npos) << text;
    EXPECT_EQ(fft3d_mpi_plan_destroy(plan), FFT3D_SUCCESS);
  }
}

}  // namespace
}  // namespace fft3d_mpi_test
