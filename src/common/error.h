// Errors inside the library are C++ exceptions carrying an fft3d_status and a
// message; every extern "C" entry point catches them (c_api.cpp), stores the
// message for fft3d_last_error_message() and returns the status.
#pragma once
#include <stdexcept>
#include <string>

#include "fft3d.h"

namespace fft3d {

class Error : public std::runtime_error {
 public:
  Error(fft3d_status status, const std::string& message)
      : std::runtime_error(message), status_(status) {}
  fft3d_status status() const { return status_; }

 private:
  fft3d_status status_;
};

[[noreturn]] inline void fail(fft3d_status status, const std::string& message) {
  throw Error(status, message);
}

// The calling thread's last error detail, kept for fft3d_last_error_message().
void set_last_error_message(const std::string& message);
const char* last_error_message();

}  // namespace fft3d
