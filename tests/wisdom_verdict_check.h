// The wisdom entry of one whole-plan choice (plan source, dependent launch,
// pass order, side planes) through JSON, as each choice's tests check it.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "tune/wisdom.h"

namespace fft3d_test {

// `good` remembered under `key` comes back from the exported JSON under
// `key` and under none of `absent`; the same JSON with `bad` in its place is
// refused whole.
inline void expect_verdict_round_trip(const fft3d::DeviceSignature& gpu, const fft3d::PassKey& key,
                                      const std::string& good, const std::string& bad,
                                      const std::vector<fft3d::PassKey>& absent) {
  fft3d::Wisdom w;
  w.remember({gpu, key, good, 1.0});
  fft3d::Wisdom back;
  back.import_json(w.export_json());
  EXPECT_EQ(back.lookup(gpu, key), good) << key.kind;
  for (const fft3d::PassKey& other : absent) EXPECT_FALSE(back.lookup(gpu, other).has_value()) << key.kind;

  std::string text = w.export_json();
  const std::string quoted = "\"" + good + "\"";
  const size_t at = text.find(quoted);
  ASSERT_NE(at, std::string::npos) << text;
  text.replace(at, quoted.size(), "\"" + bad + "\"");
  fft3d::Wisdom kept;
  EXPECT_THROW(kept.import_json(text), fft3d::Error) << key.kind << ": " << bad;
  EXPECT_EQ(kept.size(), 0u);
}

}  // namespace fft3d_test
