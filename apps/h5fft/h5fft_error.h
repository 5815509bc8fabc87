// Errors h5fft reports: a message for the user and the exit status.
#pragma once
#include <stdexcept>
#include <string>

namespace h5fft {

enum ExitStatus { kOk = 0, kFailed = 1, kUsage = 2 };

class H5fftError : public std::runtime_error {
 public:
  explicit H5fftError(const std::string& message, int exit_status = kFailed)
      : std::runtime_error(message), exit_status_(exit_status) {}
  int exit_status() const { return exit_status_; }

 private:
  int exit_status_;
};

// A command line that cannot work (exit 2, like a CLI11 parse error).
inline H5fftError usage_error(const std::string& message) { return H5fftError(message, kUsage); }

}  // namespace h5fft
