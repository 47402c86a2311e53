#include "mem/queue/inflight_table.h"

namespace warpsim::mem::queue {

uint32_t InflightTable::find(uint64_t block) const {
  if (table_.empty()) return kAbsent;
  const uint64_t key = block + 1;
  for (size_t i = home(key);; i = (i + 1) & (table_.size() - 1)) {
    if (table_[i].key == key) return table_[i].slot;
    if (table_[i].key == 0) return kAbsent;
  }
}

void InflightTable::insert(uint64_t block, uint32_t slot) {
  if (2 * (size_ + 1) > table_.size()) grow();
  const uint64_t key = block + 1;
  size_t i = home(key);
  while (table_[i].key != 0) i = (i + 1) & (table_.size() - 1);
  table_[i] = {key, slot};
  ++size_;
}

void InflightTable::erase(uint64_t block) {
  if (table_.empty()) return;
  const uint64_t key = block + 1;
  const size_t mask = table_.size() - 1;
  size_t i = home(key);
  while (table_[i].key != key) {
    if (table_[i].key == 0) return;
    i = (i + 1) & mask;
  }
  // Backward-shift deletion keeps every probe chain unbroken.
  for (size_t j = (i + 1) & mask;; j = (j + 1) & mask) {
    if (table_[j].key == 0) break;
    const size_t h = home(table_[j].key);
    if (((j - h) & mask) >= ((j - i) & mask)) {
      table_[i] = table_[j];
      i = j;
    }
  }
  table_[i] = Entry{};
  --size_;
}

void InflightTable::grow() {
  std::vector<Entry> old;
  old.swap(table_);
  table_.assign(old.empty() ? 64 : 2 * old.size(), Entry{});
  size_ = 0;
  for (const Entry& e : old)
    if (e.key != 0) insert(e.key - 1, e.slot);
}

}  // namespace warpsim::mem::queue
