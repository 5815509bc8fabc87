// Runs independent jobs on a few threads (the tuner's parallel NVRTC
// compiles): the calling thread only waits and reports progress, so a
// progress callback is never called from two threads at once.
#pragma once
#include <cstddef>
#include <functional>

namespace fft3d {

// Calls job(i) for every i in [0, count) on up to `threads` worker threads
// (0: one per hardware thread), taking indices in increasing order.
// on_done(finished) runs on the calling thread each time more jobs have
// finished. The first exception a job throws is rethrown after all workers
// have stopped; jobs not yet started are then skipped.
void parallel_for(size_t count, int threads, const std::function<void(size_t)>& job,
                  const std::function<void(size_t)>& on_done = {});

// The default number of compile threads: the hardware threads, at most 32.
int default_compile_threads();

}  // namespace fft3d
