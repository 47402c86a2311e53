// The process's SimGrid engine and platform (SimGrid thread only, engine_thread.h).
//
// SimGrid seals its platform when the simulation first runs and its clock never goes back, so
// one platform serves every run of the process: a star zone with a pool of SM hosts and channel
// hosts, each with its link; a run reconfigures the links it uses from its PlatformSpec (the
// others stay idle). Each run starts at a fresh epoch inside one binade of doubles, [64 s, 128 s):
// there every time is a multiple of the same ulp (2^-46 s), so SimGrid's float arithmetic on
// epoch + t rounds exactly as for any other epoch, and a run's results do not depend on what ran
// before it in the process (determinism).
//
// Flow model: CM02 without corrections (latency and bandwidth factors 1, no TCP window bound,
// no cross-traffic of acknowledgements), so a lone flow of B bytes over links of bandwidth W and
// total latency L takes L + B / W, and concurrent flows share a link max-min fairly.
#pragma once

#include <functional>
#include <vector>

#include "mem/simgrid/platform_spec.h"

namespace simgrid::s4u {
class Activity;
class Host;
class Link;
}  // namespace simgrid::s4u

namespace warpsim::mem::simgrid {

struct ActivePlatform {
  std::vector<::simgrid::s4u::Host*> sm_hosts;
  std::vector<::simgrid::s4u::Host*> channel_hosts;
  std::vector<::simgrid::s4u::Link*> sm_ports;
  std::vector<::simgrid::s4u::Link*> channel_links;
};

class SimGridWorld {
 public:
  static constexpr int kMaxSms = 1024;
  static constexpr int kMaxChannels = 256;

  static SimGridWorld& get();  // creates the engine and the platform pool on first use

  // Claims the platform for one run (one run at a time) and starts its epoch; `on_done` is
  // called for every activity that completes until release().
  ActivePlatform claim(const PlatformSpec& spec, std::function<void(const ::simgrid::s4u::Activity&)> on_done);
  void release();
  double epoch() const { return epoch_; }

  double clock() const;
  void run_until(double date) const;
  // Date of SimGrid's next internal event (a flow's latency paid, a flow done), always after
  // its clock (so run_until reaches it), or -1 if none.
  double next_event_date() const;

 private:
  SimGridWorld();
  void build_pool();

  std::vector<::simgrid::s4u::Host*> sm_hosts_, channel_hosts_;
  std::vector<::simgrid::s4u::Link*> sm_ports_, channel_links_;
  std::function<void(const ::simgrid::s4u::Activity&)> on_done_;
  bool claimed_ = false;
  double epoch_ = 0;
};

}  // namespace warpsim::mem::simgrid
