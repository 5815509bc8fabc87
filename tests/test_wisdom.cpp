// Wisdom: JSON round trips, other GPUs ignored, bad files rejected without
// changing anything, concurrent writers, the C API, and wisdom's variants
// used by grid schedules.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "common/error.h"
#include "fft3d.h"
#include "fft3d/grid_schedule.h"
#include "fft3d/grid_schedule_host.h"
#include "oracle.h"
#include "tune/wisdom.h"

namespace fft3d {
namespace {

const DeviceSignature kH100{"NVIDIA H100 80GB HBM3", 132, 9, 0, 13000, 13000};
const DeviceSignature kOther{"NVIDIA H200", 132, 9, 0, 13000, 13000};

void fill(Wisdom& w) {
  w.remember({kH100, {"rows", 256, Precision::f32}, "r16-16.t16.rows16.pad-none.tw-sincos.mb0", 0.18});
  w.remember({kH100, {"columns", 256, Precision::f64}, "r16-16.t16.rows16.pad-none.tw-sincos.mb0.cols", 0.19});
  w.remember({kOther, {"rows", 256, Precision::f32}, "r16-16.t16.rows4.pad-gap.tw-sincos.mb0", 0.15});
}

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "/fft3d-wisdom-" + std::to_string(getpid()) + "-" + name;
}

TEST(Wisdom, JsonRoundTripKeepsEveryEntry) {
  Wisdom w;
  fill(w);
  Wisdom back;
  back.import_json(w.export_json());
  EXPECT_EQ(back.size(), 3u);
  EXPECT_EQ(back.lookup(kH100, {"rows", 256, Precision::f32}), "r16-16.t16.rows16.pad-none.tw-sincos.mb0");
  EXPECT_EQ(back.lookup(kOther, {"rows", 256, Precision::f32}), "r16-16.t16.rows4.pad-gap.tw-sincos.mb0");
  EXPECT_EQ(back.export_json(), w.export_json());
  const std::string path = temp_path("roundtrip.json");
  w.export_file(path);
  Wisdom file;
  file.import_file(path);
  EXPECT_EQ(file.export_json(), w.export_json());
  std::remove(path.c_str());
}

TEST(Wisdom, OtherGpusAndOtherProblemsAreNotUsed) {
  Wisdom w;
  fill(w);
  DeviceSignature newer_driver = kH100;
  newer_driver.driver = 13010;
  EXPECT_FALSE(w.lookup(newer_driver, {"rows", 256, Precision::f32}));
  EXPECT_FALSE(w.lookup(kH100, {"rows", 256, Precision::f64}));
  EXPECT_FALSE(w.lookup(kH100, {"columns", 256, Precision::f32}));
  EXPECT_FALSE(w.lookup(kH100, {"rows", 512, Precision::f32}));
}

TEST(Wisdom, BadInputIsRejectedAndChangesNothing) {
  Wisdom w;
  fill(w);
  const std::string before = w.export_json();
  const std::string good = before;
  for (const std::string& bad :
       {std::string("{not json"), good.substr(0, good.size() / 2), std::string("{\"fft3d_wisdom\": 2, \"entries\": []}"),
        std::string("{\"entries\": []}"), std::string("[1, 2, 3]"),
        std::string("{\"fft3d_wisdom\": 1, \"entries\": [{\"device\": {}}]}")}) {
    try {
      w.import_json(bad);
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const Error& e) {
      EXPECT_EQ(e.status(), FFT3D_ERROR_WISDOM);
      EXPECT_NE(std::string(e.what()).find("nothing imported"), std::string::npos);
    }
    EXPECT_EQ(w.export_json(), before);
  }
  // A bad entry after good ones: none of them is taken.
  std::string mixed = good;
  mixed.replace(mixed.find("\"f64\""), 5, "\"f16\"");
  EXPECT_THROW(w.import_json(mixed), Error);
  EXPECT_EQ(w.export_json(), before);
  EXPECT_THROW(w.import_file(temp_path("does-not-exist.json")), Error);
}

TEST(Wisdom, ConcurrentWritersNeverLeaveATornFile) {
  const std::string path = temp_path("concurrent.json");
  std::vector<std::thread> writers;
  for (int t = 0; t < 8; ++t)
    writers.emplace_back([&, t] {
      Wisdom w;
      for (int i = 0; i <= t * 10; ++i)
        w.remember({kH100, {"rows", 2 + i, Precision::f32}, "r2.t1.rows1.pad-none.tw-sincos.mb0", 0});
      for (int i = 0; i < 20; ++i) w.export_file(path);
    });
  std::thread reader([&] {
    for (int i = 0; i < 200; ++i) {
      Wisdom r;
      try {
        r.import_file(path);
      } catch (const Error& e) {
        // Only "not there yet" is acceptable, never a parse error.
        EXPECT_NE(std::string(e.what()).find("cannot read"), std::string::npos) << e.what();
      }
    }
  });
  for (auto& w : writers) w.join();
  reader.join();
  Wisdom last;
  EXPECT_NO_THROW(last.import_file(path));
  EXPECT_GT(last.size(), 0u);
  std::remove(path.c_str());
}

// Keys carry the element stride of the pass (0: any geometry) and may be
// five-step verdicts; files written before strides were kept import as 0.
TEST(Wisdom, StridesFiveStepAndOlderFiles) {
  Wisdom w;
  w.remember({kH100, {"columns", 256, Precision::f32}, "r16-16.t16.rows32.pad-none.tw-sincos.mb0.cols", 0.2});
  w.remember({kH100, {"columns", 256, Precision::f32, 65536}, "r16-16.t16.rows16.pad-none.tw-sincos.mb0.cols", 0.1});
  w.remember({kH100, {"five-step", 256, Precision::f32}, "fivestep16x16.cols32.tw-sincos", 0.3});
  EXPECT_EQ(w.size(), 3u);
  EXPECT_EQ(w.lookup(kH100, {"columns", 256, Precision::f32, 65536}), "r16-16.t16.rows16.pad-none.tw-sincos.mb0.cols");
  EXPECT_EQ(w.lookup(kH100, {"columns", 256, Precision::f32}), "r16-16.t16.rows32.pad-none.tw-sincos.mb0.cols");
  EXPECT_FALSE(w.lookup(kH100, {"columns", 256, Precision::f32, 256}));
  Wisdom back;
  back.import_json(w.export_json());
  EXPECT_EQ(back.export_json(), w.export_json());
  back.erase(kH100, {"five-step", 256, Precision::f32});
  EXPECT_FALSE(back.lookup(kH100, {"five-step", 256, Precision::f32}));
  EXPECT_EQ(back.size(), 2u);
  back.erase(kOther, {"columns", 256, Precision::f32});  // another GPU's key: nothing to erase
  EXPECT_EQ(back.size(), 2u);

  const std::string older = R"({"fft3d_wisdom": 1, "entries": [{"device": {"name": "NVIDIA H100 80GB HBM3",
      "sm_count": 132, "compute_capability": "9.0", "driver": 13000, "runtime": 13000},
      "pass": {"kind": "rows", "n": 64, "precision": "f64"}, "variant": "r8-8.t8.rows16.pad-gap.tw-sincos.mb0",
      "ms": 0.18}]})";
  Wisdom old;
  old.import_json(older);
  EXPECT_EQ(old.lookup(kH100, {"rows", 64, Precision::f64, 0}), "r8-8.t8.rows16.pad-gap.tw-sincos.mb0");
  for (const std::string& bad : {std::string(R"("n": 64, "precision": "f64", "stride": -4})"),
                                 std::string(R"("n": 64, "precision": "f64", "stride": "wide"})")}) {
    std::string text = older;
    text.replace(text.find(R"("n": 64, "precision": "f64"})"), 28, bad);
    EXPECT_THROW(old.import_json(text), Error) << text;
  }
  std::string unknown_kind = older;
  unknown_kind.replace(unknown_kind.find("\"rows\""), 6, "\"diagonal\"");
  EXPECT_THROW(old.import_json(unknown_kind), Error);
  EXPECT_EQ(old.size(), 1u);
}

// A 3-D plan's XY verdict: keyed by the whole plane problem (nx, ny, the
// number of planes, precision), round-tripped with its fields, and rejected
// without them.
TEST(Wisdom, XYPlaneVerdicts) {
  Wisdom w;
  const PassKey plane{"xy-plane", 256, Precision::f32, 0, 256, 256};
  PassKey fewer = plane;
  fewer.planes = 64;
  const std::string fused = "xy.c8.mb0|r16-16.t16.rows16.pad-gap.tw-sincos.mb0|r16-16.t16.rows16.pad-none.tw-sincos.mb0.cols";
  w.remember({kH100, plane, fused, 0.2});
  w.remember({kH100, fewer, kSeparateXY, 0.05});
  Wisdom back;
  back.import_json(w.export_json());
  EXPECT_EQ(back.lookup(kH100, plane), fused);
  EXPECT_EQ(back.lookup(kH100, fewer), std::string(kSeparateXY));
  EXPECT_FALSE(back.lookup(kOther, plane));
  PassKey other_ny = plane;
  other_ny.ny = 128;
  EXPECT_FALSE(back.lookup(kH100, other_ny));
  // Without ny and planes the entry is malformed, and nothing changes.
  std::string text = w.export_json();
  const size_t at = text.find("\"planes\"");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 8, "\"plane_\"");
  Wisdom kept;
  kept.remember({kH100, {"rows", 64, Precision::f32}, "r8-8.t8.rows32.pad-none.tw-sincos.mb0", 0.01});
  EXPECT_THROW(kept.import_json(text), Error);
  EXPECT_EQ(kept.size(), 1u);
}

// A real grid's XY verdicts, one per direction: keyed like xy-plane, apart
// from each other and from the complex plan's verdict of the same grid.
TEST(Wisdom, RealXYVerdicts) {
  Wisdom w;
  const PassKey forward{"xy-real-forward", 256, Precision::f32, 0, 256, 256};
  PassKey inverse = forward, complex = forward;
  inverse.kind = "xy-real-inverse";
  complex.kind = "xy-plane";
  const std::string fused = "xy.c8.mb0.yx|r8-16.t16.rows8.pad-gap.tw-sincos.mb0.real-half|"
                            "r16-16.t16.rows8.pad-none.tw-sincos.mb0.cols";
  w.remember({kH100, forward, kSeparateXY, 0.14});
  w.remember({kH100, inverse, fused, 0.14});
  Wisdom back;
  back.import_json(w.export_json());
  EXPECT_EQ(back.lookup(kH100, forward), std::string(kSeparateXY));
  EXPECT_EQ(back.lookup(kH100, inverse), fused);
  EXPECT_FALSE(back.lookup(kH100, complex));
  PassKey fewer = inverse;
  fewer.planes = 128;
  EXPECT_FALSE(back.lookup(kH100, fewer));
}

TEST(Wisdom, CApi) {
  const std::string path = temp_path("capi.json");
  EXPECT_EQ(fft3d_wisdom_forget(), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_wisdom_export(path.c_str()), FFT3D_SUCCESS);
  EXPECT_EQ(fft3d_wisdom_import(path.c_str()), FFT3D_SUCCESS);
  {
    std::ofstream bad(path);
    bad << "{\"fft3d_wisdom\": 1, \"entries\": [";
  }
  EXPECT_EQ(fft3d_wisdom_import(path.c_str()), FFT3D_ERROR_WISDOM);
  EXPECT_NE(std::string(fft3d_last_error_message()).find("wisdom"), std::string::npos);
  EXPECT_EQ(fft3d_wisdom_import(nullptr), FFT3D_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(fft3d_wisdom_export("/nonexistent-dir/x.json"), FFT3D_ERROR_WISDOM);
  std::remove(path.c_str());
}

// A schedule takes wisdom's variants where they are valid for the pass, and
// the transform stays right.
TEST(Wisdom, SchedulesUseValidPreferences) {
  const XVariant rows = parse_x_variant("r3-16.t16.rows4.pad-gap.tw-table.mb0");
  const XVariant cols = parse_x_variant("r5-4.t4.rows8.pad-none.tw-sincos.mb0.cols");
  const VariantPreference pref = [&](const std::string& kind, int n, long long) -> std::optional<XVariant> {
    if (kind == "rows" && n == 48) return rows;
    if (kind == "columns" && n == 20) return cols;
    if (kind == "columns" && n == 35) return rows;  // wrong length and layout: ignored
    return std::nullopt;
  };
  const auto passes = make_grid_schedule(48, 20, 35, Precision::f64, DeviceLimits{}, ColumnMethod::automatic, pref);
  EXPECT_EQ(passes[0].variant, rows);
  EXPECT_EQ(passes[1].variant, cols);
  EXPECT_EQ(passes[2].variant, estimate_column_variant(35, Precision::f64, DeviceLimits{}));
  const auto in = fft3d_test::random_complex(48 * 20 * 35, 1);
  std::vector<kern::Complex<double>> data(in.size());
  for (size_t i = 0; i < in.size(); ++i) data[i] = kern::make_complex(in[i].real(), in[i].imag());
  run_grid_schedule_on_cpu<double>(passes, data.data(), -1);
  std::vector<fft3d_test::cplx> got(in.size());
  for (size_t i = 0; i < in.size(); ++i) got[i] = {data[i].re, data[i].im};
  EXPECT_LE(fft3d_test::relative_l2_error(got, fft3d_test::fftw_3d(in, 48, 20, 35, -1)),
            fft3d_test::fft_error_bound(false, 48. * 20 * 35));
}

}  // namespace
}  // namespace fft3d
