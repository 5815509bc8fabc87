// A progress bar on stderr for the tuner's progress callback: redrawn in
// place on a terminal, one line per tenth otherwise (logs stay readable).
#pragma once
#include <string>

class ProgressBar {
 public:
  ProgressBar();
  void update(double fraction, const std::string& text);
  void finish();  // ends the line

 private:
  bool tty_;
  int last_tenth_ = -1;
  bool drawn_ = false;
};
