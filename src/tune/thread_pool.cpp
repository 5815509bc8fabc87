#include "tune/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace fft3d {

int default_compile_threads() {
  const unsigned hw = std::thread::hardware_concurrency();
  return static_cast<int>(std::clamp(hw, 1u, 32u));
}

void parallel_for(size_t count, int threads, const std::function<void(size_t)>& job,
                  const std::function<void(size_t)>& on_done) {
  if (count == 0) return;
  const size_t workers = std::min(count, static_cast<size_t>(threads > 0 ? threads : default_compile_threads()));
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable changed;
  size_t finished = 0;
  std::exception_ptr error;

  auto work = [&] {
    for (size_t i; !stop && (i = next++) < count;) {
      try {
        job(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(mutex);
        if (!error) error = std::current_exception();
        stop = true;
      }
      std::lock_guard<std::mutex> lock(mutex);
      ++finished;
      changed.notify_all();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 0; t < workers; ++t) pool.emplace_back(work);
  {
    // Report progress until every index has been taken and finished (or a
    // failure stopped the rest).
    std::unique_lock<std::mutex> lock(mutex);
    size_t reported = 0;
    while (true) {
      changed.wait(lock, [&] { return finished != reported || stop; });
      if (finished != reported) {
        reported = finished;
        if (on_done) {
          lock.unlock();
          try {
            on_done(reported);
          } catch (...) {  // stop the workers; rethrown after they are joined
            lock.lock();
            if (!error) error = std::current_exception();
            stop = true;
            break;
          }
          lock.lock();
        }
      }
      // (Jobs may have finished while on_done ran unlocked: the last of
      // them is reported before the loop ends.)
      if (reported == count || stop) break;
    }
  }
  for (std::thread& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace fft3d
