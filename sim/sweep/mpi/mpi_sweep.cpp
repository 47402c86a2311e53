#include "sweep/mpi/mpi_sweep.h"

#include <fmt/format.h>
#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <thread>

#include "common/user_error.h"
#include "sweep/point_executor.h"

namespace warpsim::sweep::mpi {
namespace {

// Worker -> rank 0: a request for a point, or a point's outcome. Rank 0 -> worker: a point to
// run (its index, or -1: no more points).
constexpr int kRequestTag = 1;
constexpr int kOutcomeTag = 2;
constexpr int kAssignTag = 3;

// Open MPI's blocking calls spin on the CPU; waiting ranks poll with short sleeps instead, so
// that their cores go to the simulation threads.
void nap() { std::this_thread::sleep_for(std::chrono::milliseconds(1)); }

[[noreturn]] void abort_job(const PointOutcome& o) {
  std::fprintf(stderr, "warpsim: %s%s\n", o.status == PointOutcome::kUserError ? "error: " : "internal error: ", o.text.c_str());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, o.status);
  std::abort();
}

std::string pack(const PointOutcome& o) {
  const int64_t head[2] = {static_cast<int64_t>(o.index), o.status};
  std::string buf(sizeof head, '\0');
  std::memcpy(buf.data(), head, sizeof head);
  return buf + o.text;
}

PointOutcome unpack(const std::string& buf) {
  int64_t head[2];
  std::memcpy(head, buf.data(), sizeof head);
  return PointOutcome{static_cast<size_t>(head[0]), static_cast<int>(head[1]), buf.substr(sizeof head), {}};
}

// A pending message from `source` with `tag` (MPI_ANY_SOURCE/TAG allowed), received; or nothing.
bool try_receive(int source, int tag, MPI_Status& status, std::string& payload) {
  int flag = 0;
  MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, &status);
  if (!flag) return false;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  payload.assign(static_cast<size_t>(count), '\0');
  MPI_Recv(payload.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return true;
}

void send(int dest, int tag, const std::string& payload) {
  MPI_Send(payload.data(), static_cast<int>(payload.size()), MPI_CHAR, dest, tag, MPI_COMM_WORLD);
}

void work_for_rank_zero(int jobs, const LineFn& line) {
  PointExecutor pool(jobs, line);
  bool more = true;
  while (more || pool.in_flight() > 0) {
    bool busy = false;
    while (more && pool.in_flight() < static_cast<size_t>(pool.jobs())) {
      send(0, kRequestTag, "");
      MPI_Status status;
      std::string reply;
      while (!try_receive(0, kAssignTag, status, reply)) nap();
      int64_t index = -1;
      std::memcpy(&index, reply.data(), sizeof index);
      if (index < 0)
        more = false;
      else
        pool.submit(static_cast<size_t>(index));
    }
    for (const PointOutcome& o : pool.take_done()) send(0, kOutcomeTag, pack(o)), busy = true;
    if (!busy) nap();
  }
}

// Rank 0: runs points on its own threads, answers requests, and writes each line as it arrives.
// Points are handed out (to rank 0's threads and to requests) in `start_order`, positions into `todo`.
void coordinate(int ranks, const std::vector<size_t>& todo, const std::vector<size_t>& start_order, int jobs, const LineFn& line,
                const EmitFn& emit) {
  PointExecutor pool(jobs, line);
  size_t next_assign = 0, written = 0;
  int stopped = 0;
  auto assign = [&]() -> int64_t { return next_assign < todo.size() ? static_cast<int64_t>(todo[start_order[next_assign++]]) : -1; };
  auto write = [&](const PointOutcome& o) {
    if (o.status != PointOutcome::kOk) abort_job(o);
    try {
      emit(o.index, o.text);
    } catch (const std::exception& e) {
      abort_job(PointOutcome{o.index, dynamic_cast<const UserError*>(&e) ? PointOutcome::kUserError : PointOutcome::kBug, e.what(), {}});
    }
    ++written;
  };
  while (written < todo.size() || stopped < ranks - 1) {
    bool busy = false;
    while (next_assign < todo.size() && pool.in_flight() < static_cast<size_t>(pool.jobs()))
      pool.submit(static_cast<size_t>(assign())), busy = true;
    MPI_Status status;
    std::string msg;
    while (try_receive(MPI_ANY_SOURCE, MPI_ANY_TAG, status, msg)) {
      busy = true;
      if (status.MPI_TAG == kOutcomeTag) {
        write(unpack(msg));
        continue;
      }
      const int64_t index = assign();
      stopped += index < 0;
      send(status.MPI_SOURCE, kAssignTag, std::string(reinterpret_cast<const char*>(&index), sizeof index));
    }
    for (const PointOutcome& o : pool.take_done()) write(o), busy = true;
    if (!busy) nap();
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

void run_distributed(const Session& s, const std::vector<size_t>& todo, const std::vector<size_t>& start_order, int jobs,
                     const LineFn& line, const EmitFn& emit) {
  if (s.rank() == 0)
    coordinate(s.size(), todo, start_order, jobs, line, emit);
  else
    work_for_rank_zero(jobs, line);
}

void gather_tally(const Session& s, LawTally& tally) {
  // Each rank's two Violations as text: "count worst key" per line (a key holds no newline).
  std::string mine;
  for (const Violations* v : {&tally.littles_law, &tally.throughput_bound})
    mine += fmt::format("{} {:.17g} {}\n", v->violated, v->worst, v->worst_key);
  int length = static_cast<int>(mine.size());
  std::vector<int> lengths(static_cast<size_t>(s.size()));
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size(), 0);
  for (size_t r = 1; r < lengths.size(); ++r) offsets[r] = offsets[r - 1] + lengths[r - 1];
  std::string all(s.rank() == 0 ? static_cast<size_t>(offsets.back() + lengths.back()) : 0, '\0');
  MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (s.rank() != 0) return;
  for (size_t r = 1; r < lengths.size(); ++r) {
    std::istringstream in(all.substr(static_cast<size_t>(offsets[r]), static_cast<size_t>(lengths[r])));
    for (Violations* v : {&tally.littles_law, &tally.throughput_bound}) {
      size_t count = 0;
      double worst = 0;
      std::string line, key;
      std::getline(in, line);
      std::istringstream fields(line);
      fields >> count >> worst;
      std::getline(fields >> std::ws, key);
      if (count == 0) continue;
      v->violated += count;
      if (!(worst <= v->worst)) v->worst = worst, v->worst_key = key;
    }
  }
}

}  // namespace warpsim::sweep::mpi
