#include "montecarlo/mpi/trial_exchange.h"

#include <mpi.h>

#include <memory>

#include "sweep/mpi/mpi_sweep.h"

namespace warpsim::montecarlo {
namespace {

// A tally as numbers: the three levels' hits and accesses, the write-backs, then per access its
// L1 and L2 read hits and accesses.
size_t tally_size(size_t accesses) { return 7 + 4 * accesses; }

void pack(const CacheTally& t, std::vector<uint64_t>& out) {
  for (const HitCount* h : {&t.l1_read, &t.l2_read, &t.l2_write}) out.insert(out.end(), {h->hits, h->accesses});
  out.push_back(t.l2_writebacks);
  for (size_t a = 0; a < t.l1_read_by_access.size(); ++a)
    out.insert(out.end(), {t.l1_read_by_access[a].hits, t.l1_read_by_access[a].accesses, t.l2_read_by_access[a].hits,
                           t.l2_read_by_access[a].accesses});
}

CacheTally unpack(const uint64_t* v, size_t accesses) {
  CacheTally t;
  for (HitCount* h : {&t.l1_read, &t.l2_read, &t.l2_write}) {
    h->hits = *v++;
    h->accesses = *v++;
  }
  t.l2_writebacks = *v++;
  t.l1_read_by_access.resize(accesses);
  t.l2_read_by_access.resize(accesses);
  for (size_t a = 0; a < accesses; ++a) {
    t.l1_read_by_access[a] = {v[0], v[1]};
    t.l2_read_by_access[a] = {v[2], v[3]};
    v += 4;
  }
  return t;
}

}  // namespace

TrialBatch exchanged_trials(TrialBatch local, size_t accesses) {
  static const auto session = std::make_shared<sweep::mpi::Session>();  // MPI_Finalize at exit
  return [local = std::move(local), accesses](const std::vector<uint64_t>& trials) {
    const int rank = session->rank(), size = session->size();
    std::vector<uint64_t> mine;
    for (size_t i = static_cast<size_t>(rank); i < trials.size(); i += static_cast<size_t>(size)) mine.push_back(trials[i]);
    std::vector<uint64_t> packed;
    for (const CacheTally& t : local(mine)) pack(t, packed);
    const size_t per = tally_size(accesses);
    std::vector<int> counts(static_cast<size_t>(size)), offsets(static_cast<size_t>(size));
    for (int r = 0; r < size; ++r) {
      const size_t n = trials.size() > static_cast<size_t>(r)
                           ? (trials.size() - static_cast<size_t>(r) + static_cast<size_t>(size) - 1) / static_cast<size_t>(size)
                           : 0;
      counts[static_cast<size_t>(r)] = static_cast<int>(n * per);
      offsets[static_cast<size_t>(r)] = r == 0 ? 0 : offsets[static_cast<size_t>(r) - 1] + counts[static_cast<size_t>(r) - 1];
    }
    std::vector<uint64_t> all(trials.size() * per);
    MPI_Allgatherv(packed.data(), static_cast<int>(packed.size()), MPI_UINT64_T, all.data(), counts.data(), offsets.data(), MPI_UINT64_T,
                   MPI_COMM_WORLD);
    // Rank r's k-th tally is trial r + k x size of the chunk.
    std::vector<CacheTally> out(trials.size());
    for (int r = 0; r < size; ++r)
      for (size_t k = 0, i = static_cast<size_t>(r); i < trials.size(); ++k, i += static_cast<size_t>(size))
        out[i] = unpack(all.data() + static_cast<size_t>(offsets[static_cast<size_t>(r)]) + k * per, accesses);
    return out;
  };
}

}  // namespace warpsim::montecarlo
