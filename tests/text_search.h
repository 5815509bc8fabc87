// Small text searches for tests that read generated code or plan descriptions.
#pragma once
#include <string>

namespace fft3d_test {

// How often `part` occurs in `text`, counting non-overlapping occurrences.
inline int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + part.size())) ++n;
  return n;
}

}  // namespace fft3d_test
