// A plan's fft3d_plan_describe text, as printed under each size.
#pragma once
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "check.h"
#include "fft3d.h"

namespace fft3d_bench {

// The whole description, without trailing newlines or spaces.
inline std::string describe_plan(fft3d_plan plan) {
  std::vector<char> buf(4096);
  size_t needed = 0;
  FFT3D_CHECK(fft3d_plan_describe(plan, buf.data(), buf.size(), &needed));
  if (needed > buf.size()) {
    buf.resize(needed);
    FFT3D_CHECK(fft3d_plan_describe(plan, buf.data(), buf.size(), &needed));
  }
  std::string text(buf.data());
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// Passes over memory as the plan tells them: one line "  pass AXIS: ..." per
// pass (not notes such as "  pass order from wisdom: ..."); -1 (unknown)
// when the description has no such lines.
inline int count_passes(const std::string& description) {
  int passes = 0;
  std::istringstream lines(description);
  for (std::string line; std::getline(lines, line);) {
    const size_t axis_end = line.find_first_of(" :", 7);
    if (line.rfind("  pass ", 0) == 0 && axis_end != std::string::npos && line[axis_end] == ':') ++passes;
  }
  return passes > 0 ? passes : -1;
}

// A real plan's passes in one direction, in place: its "in-place forward in
// N passes" (or inverse) line where the plan fuses that direction, else
// every pass line (count_passes).
inline int count_real_passes(const std::string& description, bool forward) {
  const std::string key = forward ? "in-place forward in " : "in-place inverse in ";
  const size_t at = description.find(key);
  if (at == std::string::npos) return count_passes(description);
  return std::atoi(description.c_str() + at + key.size());
}

// "plan: " followed by the description, continuation lines indented to match,
// so plan blocks stay readable between sizes.
inline std::string plan_block(const std::string& description) {
  const std::string indent(6, ' ');
  std::string text = "plan: " + description;
  for (size_t pos = 0; (pos = text.find('\n', pos)) != std::string::npos; pos += 1 + indent.size())
    text.insert(pos + 1, indent);
  return text;
}

}  // namespace fft3d_bench
