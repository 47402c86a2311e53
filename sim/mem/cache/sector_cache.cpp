#include "mem/cache/sector_cache.h"

#include <bit>
#include <cstring>

#include "common/bit_mix.h"
#include "common/user_error.h"

namespace warpsim::mem::cache {

SectorCache::SectorCache(uint64_t bytes, int ways) : sets_(bytes / (kLineBytes * static_cast<uint64_t>(ways))), ways_(ways) {
  WARPSIM_ASSERT(ways > 0 && ways < kNoWay && sets_ > 0 && sets_ * kLineBytes * static_cast<uint64_t>(ways) == bytes,
                 "SectorCache: capacity is not whole sets");
  const uint64_t n = sets_ * static_cast<uint64_t>(ways);
  lines_.resize(n);
  tags_.assign(n, kNoLine);
  fp_stride_ = (static_cast<uint64_t>(ways) + 3) / 4 * 4;
  prints_.assign(sets_ * fp_stride_, 0);
  newer_.resize(n);
  older_.resize(n);
  newest_.resize(sets_);
  oldest_.resize(sets_);
  present_.assign(sets_, 0);
  fetching_.assign(sets_, 0);
  if (ways <= 64) idle_.assign(sets_, 0);
  for (uint64_t s = 0; s < sets_; ++s) {  // way 0 the newest, the last way the oldest
    const uint64_t base = s * static_cast<uint64_t>(ways);
    for (int w = 0; w < ways; ++w) {
      newer_[base + w] = w == 0 ? kNoWay : static_cast<Way>(w - 1);
      older_[base + w] = w == ways - 1 ? kNoWay : static_cast<Way>(w + 1);
    }
    newest_[s] = 0;
    oldest_[s] = static_cast<Way>(ways - 1);
  }
}

// The set of a line: a hash of its address bits, as GPUs index their caches (GPGPU-Sim's configs:
// Fermi's L1 hash, IPOLY or XOR indexing for the L2s since Kepler), so that streams a power of two
// apart do not all fall into one set.
uint64_t SectorCache::set_of(uint64_t line) const { return set_of_hash(mix64(line)); }

void SectorCache::unlink(uint64_t set, Way w) {
  const uint64_t base = set * static_cast<uint64_t>(ways_);
  const Way n = newer_[base + w], o = older_[base + w];
  if (n == kNoWay)
    newest_[set] = o;
  else
    older_[base + n] = o;
  if (o == kNoWay)
    oldest_[set] = n;
  else
    newer_[base + o] = n;
}

void SectorCache::make_most_recent(uint64_t set, Way w) {
  if (newest_[set] == w) return;
  unlink(set, w);
  const uint64_t base = set * static_cast<uint64_t>(ways_);
  newer_[base + w] = kNoWay;
  older_[base + w] = newest_[set];
  newer_[base + newest_[set]] = w;
  newest_[set] = w;
}

void SectorCache::make_least_recent(uint64_t set, Way w) {
  if (oldest_[set] == w) return;
  unlink(set, w);
  const uint64_t base = set * static_cast<uint64_t>(ways_);
  older_[base + w] = kNoWay;
  newer_[base + w] = oldest_[set];
  older_[base + oldest_[set]] = w;
  oldest_[set] = w;
}

CacheLine* SectorCache::find(uint64_t line) {
  const uint64_t hash = mix64(line);
  const uint64_t set = set_of_hash(hash);
  const uint64_t base = set * static_cast<uint64_t>(ways_);
  const uint16_t* prints = &prints_[set * fp_stride_];
  // Four fingerprints a word; a lane equal to the line's becomes zero, and the word's zero lanes
  // are flagged by their top bit (a borrow may flag a lane after a zero one too: the tag decides).
  const uint64_t wanted = uint64_t{fingerprint(hash)} * 0x0001000100010001ull;
  for (uint64_t w0 = 0; w0 < fp_stride_; w0 += 4) {
    uint64_t word;
    std::memcpy(&word, prints + w0, sizeof word);
    const uint64_t x = word ^ wanted;
    for (uint64_t zero = (x - 0x0001000100010001ull) & ~x & 0x8000800080008000ull; zero != 0; zero &= zero - 1) {
      const uint64_t w = w0 + static_cast<uint64_t>(std::countr_zero(zero)) / 16;
      if (w < static_cast<uint64_t>(ways_) && tags_[base + w] == line) {
        make_most_recent(set, static_cast<Way>(w));
        return &lines_[base + w];
      }
    }
  }
  return nullptr;
}

CacheLine* SectorCache::find_at(uint32_t index, uint64_t line) {
  if (index >= lines_.size() || tags_[index] != line) return find(line);
  const uint64_t ways = static_cast<uint64_t>(ways_);
  make_most_recent(index / ways, static_cast<Way>(index % ways));
  return &lines_[index];
}

CacheLine* SectorCache::victim(uint64_t line) {
  const uint64_t set = set_of(line);
  const uint64_t base = set * static_cast<uint64_t>(ways_);
  // Empty ways are always the least recent (a taken way becomes the newest, an invalidated one the
  // oldest, and all start empty), so a set with one has it at its oldest end.
  if (present_[set] < ways_) return &lines_[base + oldest_[set]];
  if (fetching_[set] == ways_) return nullptr;
  if (!idle_.empty()) {
    // Not 0: some of the present ways are not fetching. The walk tests their bits, not the ways'
    // state, which lies apart in memory.
    const uint64_t idle = idle_[set];
    if ((idle & (idle - 1)) == 0) return &lines_[base + static_cast<uint64_t>(std::countr_zero(idle))];
    for (Way w = oldest_[set];; w = newer_[base + w])
      if (idle >> w & 1) return &lines_[base + w];
  }
  for (Way w = oldest_[set]; w != kNoWay; w = newer_[base + w])
    if (lines_[base + w].pending == 0) return &lines_[base + w];
  return nullptr;
}

CacheLine* SectorCache::take(CacheLine* v, uint64_t line, EvictedLine& evicted) {
  const auto i = static_cast<uint64_t>(v - lines_.data());
  const uint64_t set = i / static_cast<uint64_t>(ways_);
  evicted = EvictedLine{tags_[i], v->dirty};
  if (!evicted.present()) ++present_[set];
  *v = CacheLine{};
  tags_[i] = line;
  prints_[set * fp_stride_ + i % static_cast<uint64_t>(ways_)] = fingerprint(mix64(line));
  make_most_recent(set, static_cast<Way>(i % static_cast<uint64_t>(ways_)));
  set_idle(*v, true);
  return v;
}

void SectorCache::start_fetch(CacheLine& way, uint8_t sectors, uint32_t mshr) {
  WARPSIM_ASSERT(way.pending == 0 && sectors != 0 && mshr != kNoMshr, "SectorCache: a fetch starts on a way already fetching");
  way.pending = sectors;
  fetches_.insert(index_of(way), mshr);
  ++fetching_[set_holding(way)];
  set_idle(way, false);
}

void SectorCache::end_fetch(CacheLine& way) {
  WARPSIM_ASSERT(way.pending != 0, "SectorCache: a fetch ends on a way not fetching");
  way.pending = 0;
  fetches_.erase(index_of(way));
  --fetching_[set_holding(way)];
  set_idle(way, true);
}

void SectorCache::set_idle(const CacheLine& way, bool idle) {
  if (idle_.empty()) return;
  const uint64_t i = index_of(way);
  const uint64_t bit = uint64_t{1} << (i % static_cast<uint64_t>(ways_));
  uint64_t& word = idle_[i / static_cast<uint64_t>(ways_)];
  word = idle ? word | bit : word & ~bit;
}

void SectorCache::invalidate(CacheLine& way) {
  const auto i = static_cast<uint64_t>(&way - lines_.data());
  const uint64_t set = i / static_cast<uint64_t>(ways_);
  WARPSIM_ASSERT(way.pending == 0, "SectorCache: a way with a fetch outstanding is invalidated");
  if (holds(way)) --present_[set];
  set_idle(way, false);
  way = CacheLine{};
  tags_[i] = kNoLine;
  make_least_recent(set, static_cast<Way>(i % static_cast<uint64_t>(ways_)));
}

}  // namespace warpsim::mem::cache
