#include "engine/event_queue.h"

#include <algorithm>

namespace warpsim::engine {

void EventQueue::push(Cycle time, uint32_t kind, uint32_t target) {
  heap_.push_back(Event{time, next_seq_++, kind, target});
  std::push_heap(heap_.begin(), heap_.end(), later);
}

Event EventQueue::pop() {
  std::pop_heap(heap_.begin(), heap_.end(), later);
  Event e = heap_.back();
  heap_.pop_back();
  return e;
}

}  // namespace warpsim::engine
