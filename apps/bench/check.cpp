#include "check.h"

#include <sstream>

namespace fft3d_bench {
namespace {

[[noreturn]] void fail(const char* call, const std::string& what, const char* file, int line) {
  std::ostringstream msg;
  msg << call << " failed: " << what << " (" << file << ":" << line << ")";
  throw BenchError(msg.str());
}

}  // namespace

// cuFFT has no error-string function.
const char* cufft_result_name(cufftResult result) {
  switch (result) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "unknown cufftResult";
  }
}

void check_cuda(cudaError_t err, const char* call, const char* file, int line) {
  if (err == cudaSuccess) return;
  fail(call, std::string(cudaGetErrorName(err)) + ": " + cudaGetErrorString(err), file, line);
}

void check_cufft(cufftResult result, const char* call, const char* file, int line) {
  if (result == CUFFT_SUCCESS) return;
  fail(call, std::string(cufft_result_name(result)) + " (" + std::to_string(int(result)) + ")", file,
       line);
}

void check_fft3d(fft3d_status status, const char* call, const char* file, int line) {
  if (status == FFT3D_SUCCESS) return;
  // The detail (NVRTC log, failing CUDA call) is only kept for this thread
  // until the next failure, so read it now.
  std::string what = fft3d_error_string(status);
  const char* detail = fft3d_last_error_message();
  if (detail && *detail) what += std::string(": ") + detail;
  fail(call, what, file, line);
}

}  // namespace fft3d_bench
