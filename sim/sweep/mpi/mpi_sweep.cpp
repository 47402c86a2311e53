#include "sweep/mpi/mpi_sweep.h"

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "common/user_error.h"
#include "sweep/ordered_pool.h"

namespace warpsim::sweep::mpi {
namespace {

// Message tags from a worker rank to rank 0: a point's line, or why it failed (exit 2 or 1).
constexpr int kLineTag = 1;
constexpr int kUserErrorTag = 2;
constexpr int kBugTag = 3;

[[noreturn]] void abort_job(const std::string& what, int tag) {
  std::fprintf(stderr, "warpsim: %s%s\n", tag == kUserErrorTag ? "error: " : "internal error: ", what.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, tag == kUserErrorTag ? 2 : 1);
  std::abort();
}

// The next message from `source`. Polls with short sleeps: Open MPI's blocking receive spins,
// and rank 0's core is needed by its own worker threads.
std::pair<int, std::string> receive(int source) {
  MPI_Status status;
  for (int flag = 0;;) {
    MPI_Iprobe(source, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
    if (flag) break;
    std::this_thread::sleep_for(std::chrono::microseconds(500));
  }
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  std::string text(static_cast<size_t>(count), '\0');
  MPI_Recv(text.data(), count, MPI_CHAR, source, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return {status.MPI_TAG, std::move(text)};
}

// The next line of the local pool, or the tag and text of its failure.
std::pair<int, std::string> next_line(OrderedPool<std::string>& pool) {
  try {
    return {kLineTag, pool.next()};
  } catch (const UserError& e) {
    return {kUserErrorTag, e.what()};
  } catch (const std::exception& e) {
    return {kBugTag, e.what()};
  }
}

}  // namespace

Session::Session() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() { MPI_Finalize(); }

std::optional<std::vector<size_t>> share_todo(const Session& s, const std::optional<std::vector<size_t>>& todo) {
  int64_t count = s.rank() == 0 && todo ? static_cast<int64_t>(todo->size()) : -1;
  MPI_Bcast(&count, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  if (count < 0) return std::nullopt;
  std::vector<uint64_t> buf(static_cast<size_t>(count));
  if (s.rank() == 0) buf.assign(todo->begin(), todo->end());
  MPI_Bcast(buf.data(), static_cast<int>(count), MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return std::vector<size_t>(buf.begin(), buf.end());
}

void run_distributed(const Session& s, const std::vector<size_t>& todo, int jobs, const LineFn& line, const EmitFn& emit) {
  std::vector<size_t> mine;
  for (size_t k = static_cast<size_t>(s.rank()); k < todo.size(); k += static_cast<size_t>(s.size())) mine.push_back(todo[k]);
  OrderedPool<std::string> pool(mine.size(), jobs, [&](size_t j) { return line(mine[j]); });
  if (s.rank() != 0) {
    for (size_t j = 0; j < mine.size(); ++j) {
      const auto [tag, text] = next_line(pool);
      MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, tag, MPI_COMM_WORLD);
      if (tag != kLineTag) break;  // rank 0 aborts the job when it reaches this point
    }
    return;
  }
  for (size_t k = 0; k < todo.size(); ++k) {
    const int owner = static_cast<int>(k % static_cast<size_t>(s.size()));
    const auto [tag, text] = owner == 0 ? next_line(pool) : receive(owner);
    if (tag != kLineTag) abort_job(text, tag);
    try {
      emit(todo[k], text);
    } catch (const std::exception& e) {
      abort_job(e.what(), dynamic_cast<const UserError*>(&e) ? kUserErrorTag : kBugTag);
    }
  }
}

}  // namespace warpsim::sweep::mpi
