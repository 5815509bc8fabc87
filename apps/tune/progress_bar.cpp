#include "progress_bar.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

ProgressBar::ProgressBar() : tty_(isatty(STDERR_FILENO) != 0) {}

void ProgressBar::update(double fraction, const std::string& text) {
  fraction = std::clamp(fraction, 0.0, 1.0);
  const int percent = static_cast<int>(fraction * 100 + 0.5);
  if (!tty_) {
    const int tenth = static_cast<int>(fraction * 10);
    if (tenth == last_tenth_) return;
    last_tenth_ = tenth;
    std::fprintf(stderr, "%3d%%  %s\n", percent, text.c_str());
    return;
  }
  constexpr int kWidth = 40;
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar(static_cast<size_t>(filled), '#');
  bar.resize(kWidth, '.');
  std::string shown = text.size() > 60 ? text.substr(0, 57) + "..." : text;
  std::fprintf(stderr, "\r[%s] %3d%%  %-60s", bar.c_str(), percent, shown.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (tty_ && drawn_) std::fprintf(stderr, "\n");
  drawn_ = false;
}
