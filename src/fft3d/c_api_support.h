// What every file of the C API shares: the exception-to-status guard and the
// lookup of live plan handles. Entry points live in c_api*.cpp files.
#pragma once
#include <algorithm>
#include <cstring>
#include <new>
#include <string>

#include "common/error.h"
#include "fft3d.h"

struct fft3d_plan_st;

namespace fft3d {

class Plan;

// Runs body; turns any exception into a status and records its message for
// fft3d_last_error_message(). Nothing escapes into C callers.
template <class F>
fft3d_status guarded(F&& body) {
  try {
    body();
    return FFT3D_SUCCESS;
  } catch (const Error& e) {
    set_last_error_message(e.what());
    return e.status();
  } catch (const std::bad_alloc&) {
    set_last_error_message("out of host memory");
    return FFT3D_ERROR_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    set_last_error_message(std::string("internal error: ") + e.what());
    return FFT3D_ERROR_INTERNAL;
  } catch (...) {
    set_last_error_message("internal error: unknown exception");
    return FFT3D_ERROR_INTERNAL;
  }
}

// Text out to a caller's buffer, snprintf-style: *needed (if given) gets
// the size with the terminating NUL; at most len - 1 characters are copied
// and terminated. buf NULL with len 0 only asks for the size.
inline void copy_text_out(const std::string& text, char* buf, size_t len, size_t* needed) {
  if (needed) *needed = text.size() + 1;
  if (!buf) {
    if (len) fail(FFT3D_ERROR_INVALID_ARGUMENT, "buf is NULL but len is not 0");
    return;
  }
  if (!len) return;
  const size_t n = std::min(len - 1, text.size());
  std::memcpy(buf, text.data(), n);
  buf[n] = '\0';
}

// The plan behind a handle; fails with INVALID_ARGUMENT for NULL, destroyed
// or foreign handles instead of dereferencing them.
Plan& live_plan(fft3d_plan plan);

}  // namespace fft3d
