#include "mem/simgrid/simgrid_world.h"

#include <simgrid/kernel/resource/Model.hpp>
#include <simgrid/s4u.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "common/user_error.h"
#include "mem/simgrid/engine_thread.h"

namespace sg4 = ::simgrid::s4u;

namespace warpsim::mem::simgrid {

namespace {

// The binade every run's epoch lies in (see the header), and the spacing of epochs in it.
constexpr double kEpochLow = 64.0;
constexpr double kEpochHigh = 128.0;
constexpr double kEpochGrain = 1.0 / 1024;  // s; a power of two, so epochs are exact

// Engine options, as SimGrid's own command line: quiet logs (nothing on stdout, only critical
// errors on stderr), no clean-up at exit (the engine thread is parked then), and the flow model.
const char* const kEngineArgs[] = {
    "warpsim",
    "--log=root.thres:critical",
    "--cfg=debug/clean-atexit:0",
    "--cfg=debug/verbose-exit:0",
    "--cfg=network/model:CM02",            // max-min fair sharing (Casanova & Marchal 2002)
    "--cfg=network/latency-factor:1.0",    // no TCP slow-start correction
    "--cfg=network/bandwidth-factor:1.0",  // no TCP payload correction
    "--cfg=network/weight-S:0",            // sharing not weighted by RTT beyond the route latency
    "--cfg=network/TCP-gamma:0",           // no window bound on a flow's rate
    "--cfg=network/crosstraffic:0",        // no acknowledgement flows on the reverse path
    // Events closer than this are merged. SimGrid's default (1 ns) is a whole core cycle; below
    // the ulp of the epoch binade (1.4e-14 s) it means: only equal dates are merged.
    "--cfg=surf/precision:1e-15",
};

::simgrid::kernel::resource::Model* network_model() {
  static ::simgrid::kernel::resource::Model* model = [] {
    for (auto* m : sg4::Engine::get_instance()->get_all_models())
      if (m->get_name().rfind("Network", 0) == 0) return m;
    return static_cast<::simgrid::kernel::resource::Model*>(nullptr);
  }();
  WARPSIM_ASSERT(model != nullptr, "SimGrid has no network model");
  return model;
}

}  // namespace

SimGridWorld& SimGridWorld::get() {
  WARPSIM_ASSERT(on_simgrid_thread(), "SimGrid is driven from its own thread only (run_on_simgrid_thread)");
  static SimGridWorld* world = new SimGridWorld();  // lives as long as the engine: the process
  return *world;
}

SimGridWorld::SimGridWorld() {
  static std::vector<std::string> storage(std::begin(kEngineArgs), std::end(kEngineArgs));
  static std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(storage.size());
  new sg4::Engine(&argc, argv.data());  // the singleton; never deleted (it cannot be re-created)
  build_pool();
  sg4::Activity::on_completion_cb([this](const sg4::Activity& a) {
    if (on_done_) on_done_(a);
  });
}

void SimGridWorld::build_pool() {
  // Placeholders until a run configures them: every bandwidth is set by claim().
  auto* zone = sg4::create_star_zone("gpu");
  for (int i = 0; i < kMaxSms; ++i) {
    sg4::Host* h = zone->create_host(sm_host_name(i), 1.0);
    sg4::Link* port = zone->create_split_duplex_link(sm_host_name(i) + "_port", 1.0)->set_latency(0)->seal();
    zone->add_route(h->get_netpoint(), nullptr, nullptr, nullptr, {sg4::LinkInRoute(port, sg4::LinkInRoute::Direction::UP)}, true);
    sm_hosts_.push_back(h);
    sm_ports_.push_back(port);
  }
  for (int k = 0; k < kMaxChannels; ++k) {
    sg4::Host* h = zone->create_host(channel_host_name(k), 1.0);
    sg4::Link* bus = zone->create_link(channel_host_name(k) + "_dram", 1.0)
                         ->set_sharing_policy(sg4::Link::SharingPolicy::SHARED)
                         ->set_latency(0)
                         ->seal();
    zone->add_route(h->get_netpoint(), nullptr, nullptr, nullptr, {sg4::LinkInRoute(bus)}, true);
    channel_hosts_.push_back(h);
    channel_links_.push_back(bus);
  }
  zone->seal();
}

ActivePlatform SimGridWorld::claim(const PlatformSpec& spec, std::function<void(const sg4::Activity&)> on_done) {
  WARPSIM_ASSERT(!claimed_, "one simgrid memory system at a time");
  if (spec.sms > kMaxSms || spec.channels > kMaxChannels)
    throw UserError(Diagnostic{
        "", 0, 0, "memory.model",
        "the simgrid platform holds at most " + std::to_string(kMaxSms) + " SMs and " + std::to_string(kMaxChannels) + " memory channels"});
  ActivePlatform p;
  for (int i = 0; i < spec.sms; ++i) {
    sm_ports_[i]->set_bandwidth(spec.sm_ports[i].bandwidth_bytes_per_s);
    p.sm_hosts.push_back(sm_hosts_[i]);
    p.sm_ports.push_back(sm_ports_[i]);
  }
  for (int k = 0; k < spec.channels; ++k) {
    channel_links_[k]->set_bandwidth(spec.channel_links[k].bandwidth_bytes_per_s);
    p.channel_hosts.push_back(channel_hosts_[k]);
    p.channel_links.push_back(channel_links_[k]);
  }
  const double next = std::max(kEpochLow, (std::floor(clock() / kEpochGrain) + 1) * kEpochGrain);
  WARPSIM_ASSERT(next < kEpochHigh, "SimGrid's clock left the epoch binade (64 s of simulated memory time in one process)");
  run_until(next);
  epoch_ = next;
  on_done_ = std::move(on_done);
  claimed_ = true;
  return p;
}

void SimGridWorld::release() {
  on_done_ = nullptr;
  claimed_ = false;
}

double SimGridWorld::clock() const { return sg4::Engine::get_clock(); }

void SimGridWorld::run_until(double date) const {
  if (date > clock()) sg4::Engine::get_instance()->run_until(date);
}

double SimGridWorld::next_event_date() const {
  const double now = clock();
  const double delta = network_model()->next_occurring_event(now);
  if (delta < 0) return -1.0;
  // An event less than half an ulp away (a flow whose remaining bytes round to nothing) would be
  // dated at the clock itself, where run_until steps nothing: a caller waiting for it would spin
  // forever (it did: GT200, table_3_2, 3 warps/SM). One ulp on (1.4e-14 s at the run's epoch,
  // far below a cycle's tolerance) SimGrid completes it.
  return std::max(now + delta, std::nextafter(now, HUGE_VAL));
}

}  // namespace warpsim::mem::simgrid
