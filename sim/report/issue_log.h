// The issue log of `warpsim run --issue-log` and `--issue-timeline`: every instruction issued and
// every run of idle issue slots with the reason the SM charged it to (the stall columns), which is
// Volkov 2016 Figure 4.7 as a table and as text.
#pragma once

#include <string>
#include <vector>

#include "config/hw_config.h"
#include "device/result.h"
#include "isa/kernel.h"

namespace warpsim::report {

// One CSV line per instruction issued (`warps_per_sm,sm,scheduler,cycle,block,warp,pc,opcode,line`)
// and per run of idle slots of one scheduler (those columns up to `cycle`, then `idle_reason` and
// `idle_cycles`), in cycle order, then SM, then scheduler.
std::string issue_log_csv(const std::vector<device::Result>& results, const isa::Kernel& kernel);

// The same as readable text: per occupancy and SM, one line per issue slot with a column per
// scheduler holding what it issued ("b3.w0 FADD": block 3's warp 0), "idle: REASON", or "busy"
// (a slot taken by the issue cost of the instruction before, counted as issued, §4.7); consecutive
// slots in which nothing issued and every scheduler did the same share one line ("12-23").
std::string issue_timeline_text(const std::vector<device::Result>& results, const isa::Kernel& kernel, const config::HwConfig& cfg);

}  // namespace warpsim::report
