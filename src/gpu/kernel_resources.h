// What ptxas reports of each kernel a source compiles to: registers, stack
// frame and spill traffic. NVRTC compiles for any architecture without a
// GPU, so register pressure can be checked offline (fft3d-kernel-resources).
#pragma once
#include <string>
#include <vector>

namespace fft3d {

struct KernelResources {
  std::string entry;  // the kernel's name
  int registers = 0;
  int stack_bytes = 0;  // the stack frame (spills and arrays placed in local memory)
  int spill_store_bytes = 0;
  int spill_load_bytes = 0;
};

// The kernels (entry functions) of a ptxas -v log, as NVRTC returns it with
// --ptxas-options=-v, in the log's order. Lines of device functions that
// were not inlined are not counted as kernels.
std::vector<KernelResources> parse_ptxas_report(const std::string& log);

// Compiles source for arch ("sm_90") with ptxas -v and reports its kernels.
// Throws Error(NVRTC) with the compile log on failure.
std::vector<KernelResources> kernel_resources(const std::string& source, const std::string& arch);

}  // namespace fft3d
