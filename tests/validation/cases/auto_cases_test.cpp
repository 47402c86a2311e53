// Cases derived from a user's measurement file: each runnable row becomes a case of the
// right extraction, with the documented tolerance; rows that cannot be simulated are listed with
// the reason instead.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "common/user_error.h"
#include "support/test_support.h"
#include "validation/cases/auto_cases.h"
#include "validation/measurements/measurements.h"

namespace warpsim::validation {
namespace {

const char* kUserCsv = R"(# gpu_name: GeForce GTX 680
id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note
lab.add.w16,kepler,throughput,homogeneous,op=add,16,14,ops_per_cycle_per_scheduler,mylab run 3,
lab.add.peak,kepler,throughput,homogeneous,op=add,,31.9,ops_per_cycle_per_scheduler,mylab run 3,
lab.add.lat,kepler,latency,homogeneous,op=add,,9,cycles,mylab run 3,
lab.stream.w90,kepler,warps_needed,homogeneous,op=stream threshold=90,,56,warps_per_sm,mylab run 3,
lab.stream.p50,kepler,latency_percentile,homogeneous,op=stream percentile=50,32,330,cycles,mylab run 3,
lab.stream.p95.g80,kepler,latency_percentile,homogeneous,op=stream percentile=95 gbps=80,,700,cycles,mylab run 3,
lab.launch,kepler,latency,,kind=block_replacement,,201,cycles,mylab run 3,
lab.add.ns,kepler,latency,homogeneous,op=add,,8,ns,mylab run 3,
lab.other,maxwell,throughput,homogeneous,op=add,,32,ops_per_cycle_per_scheduler,mylab run 3,
lab.random.lat,kepler,latency,homogeneous,op=random warps_per_device=1,,1213,cycles,mylab run 3,
lab.random.lat.half,kepler,latency,homogeneous,op=random warps_per_device=0.5,,1213,cycles,mylab run 3,
)";

DerivedCases derive_from_user_file(const std::string& gpu_arg, const std::string& gpu_name, const std::vector<std::string>& sets = {}) {
  static const std::string path = test::write_temp_file("auto/user.csv", kUserCsv);
  const MeasurementSet ms = load_measurements(path);
  SimulationCache sims(sets);
  return derive_cases(ms, {0}, gpu_arg, gpu_name, sims);
}

// The cases derived from a file of `rows` (the measurement header first) on `gpu`.
DerivedCases derive_rows(const std::string& name, const std::string& rows, const std::string& gpu) {
  const std::string path =
      test::write_temp_file("auto/" + name, "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n" + rows);
  SimulationCache sims(std::vector<std::string>{});
  return derive_cases(load_measurements(path), {0}, gpu, gpu, sims);
}

const CaseSpec* find(const DerivedCases& d, const std::string& id) {
  for (const auto& c : d.cases)
    if (c.id == id) return &c;
  return nullptr;
}

}  // namespace

TEST(AutoCases, ThroughputAtAnOccupancySimulatesThatOccupancy) {
  const auto d = derive_from_user_file("kepler", "kepler");
  const CaseSpec* c = find(d, "auto.lab.add.w16");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->quantity.extract.kind, ExtractKind::ThroughputAt);
  EXPECT_EQ(c->quantity.extract.metric, "ops_per_cycle_per_scheduler");
  EXPECT_DOUBLE_EQ(c->quantity.extract.warps, 16);
  EXPECT_EQ(c->quantity.run.warps, std::vector<int>{16});
  EXPECT_EQ(c->quantity.run.params, (ParamSet{{"op", "add"}}));
  EXPECT_EQ(c->compare.measurements, std::vector<std::string>{"lab.add.w16"});
  EXPECT_TRUE(c->tolerance.relative);
  EXPECT_DOUBLE_EQ(c->tolerance.amount, 0.10);
  EXPECT_FALSE(c->tolerance_reason.empty());
}

TEST(AutoCases, PeakLatencyNeededOccupancyAndPercentileGetTheirExtractions) {
  const auto d = derive_from_user_file("kepler", "kepler");
  ASSERT_NE(find(d, "auto.lab.add.peak"), nullptr);
  EXPECT_EQ(find(d, "auto.lab.add.peak")->quantity.extract.kind, ExtractKind::Peak);
  const CaseSpec* lat = find(d, "auto.lab.add.lat");
  ASSERT_NE(lat, nullptr);
  EXPECT_EQ(lat->quantity.extract.kind, ExtractKind::Latency);
  EXPECT_EQ(lat->quantity.run.warps, (std::vector<int>{1, 4}));  // the smallest occupancies
  const CaseSpec* w = find(d, "auto.lab.stream.w90");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->quantity.extract.kind, ExtractKind::OccupancyAt);
  EXPECT_DOUBLE_EQ(w->quantity.extract.fraction, 0.9);
  EXPECT_EQ(w->quantity.run.params, (ParamSet{{"op", "stream"}}));  // threshold is a condition, not a parameter
  EXPECT_FALSE(w->tolerance.relative);
  EXPECT_DOUBLE_EQ(w->tolerance.amount, 4);  // one warp per scheduler on Kepler, in warps per SM
  const CaseSpec* p = find(d, "auto.lab.stream.p50");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->quantity.extract.metric, "access_latency_p50");
  // Kepler's config uses `servers`, whose latencies spread: the percentile runs on it. Under
  // `fixed`, which has no latency distribution, it runs on `queue`.
  EXPECT_EQ(p->quantity.run.sets, std::vector<std::string>{});
  const auto fixed = derive_from_user_file("kepler", "kepler", {"memory.model=fixed"});
  EXPECT_EQ(find(fixed, "auto.lab.stream.p50")->quantity.run.sets, (std::vector<std::string>{"memory.model=queue"}));
  EXPECT_EQ(find(fixed, "auto.lab.stream.w90")->quantity.run.sets, std::vector<std::string>{});  // other rows: the config's model
}

TEST(AutoCases, APercentileAtAThroughputLevelSweepsTheGridForIt) {
  const auto d = derive_from_user_file("kepler", "kepler");
  const CaseSpec* p = find(d, "auto.lab.stream.p95.g80");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->quantity.extract.metric, "access_latency_p95");
  EXPECT_EQ(p->quantity.extract.at_metric, "gbps");
  EXPECT_DOUBLE_EQ(p->quantity.extract.at_value, 80);
  EXPECT_TRUE(p->quantity.run.warps.empty());                       // the whole occupancy grid
  EXPECT_EQ(p->quantity.run.params, (ParamSet{{"op", "stream"}}));  // gbps is a condition
}

// A condition validate reads must hold a value it can use: the row is bad input at its params
// column, not a case with a different meaning (a threshold of 500%) or a silent skip.
TEST(AutoCases, AConditionValueValidateCannotUseIsAnErrorAtItsColumn) {
  const std::string header = "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n";
  for (const char* params :
       {"op=stream percentile=95 gbps=fast", "op=stream threshold=500", "op=stream threshold=-10", "op=stream target_gbps=-5",
        "op=stream percentile=101", "op=stream bound=sideways", "op=stream block_warps=abc", "op=stream block_warps=33"}) {
    const std::string path = test::write_temp_file(
        "auto/bad_condition.csv", header + "lab.x,kepler,warps_needed,homogeneous," + std::string(params) + ",,56,warps_per_sm,mylab,\n");
    try {
      (void)load_measurements(path);
      ADD_FAILURE() << params << " was accepted";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("bad_condition.csv:2:"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("params: "), std::string::npos) << e.what();
    }
  }
}

// A measurement's block size (block_warps=N, README "Parameter keys") is simulated, as in a case file.
TEST(AutoCases, ARowsBlockWarpsFixesTheCasesBlockSize) {
  const std::string path = test::write_temp_file("auto/bw.csv",
                                                 "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                 "lab.bw,kepler,throughput,homogeneous,op=add block_warps=4,32,3,ipc_per_sm,mylab,\n");
  const MeasurementSet ms = load_measurements(path);
  SimulationCache sims(std::vector<std::string>{});
  const DerivedCases d = derive_cases(ms, {0}, "kepler", "kepler", sims);
  ASSERT_EQ(d.cases.size(), 1u);
  EXPECT_EQ(d.cases[0].quantity.run.params, (ParamSet{{"op", "add"}, {"block_warps", "4"}}));
  EXPECT_EQ(case_kernel(d.cases[0].quantity.run, d.cases[0].quantity.run.params).launch.threads_per_block, 128);
  EXPECT_TRUE(d.warnings.empty());
}

// The row's grid (blocks=) becomes the case's device grid, shared out as the simulated SMs are; a
// grid that is no positive integer is listed with the reason.
TEST(AutoCases, ARowsGridIsTheCasesDeviceGrid) {
  const DerivedCases d = derive_rows("grid.csv",
                                     "lab.st,kepler,throughput,homogeneous,op=store blocks=4096 block_warps=4,8,100,gbps,mylab,\n"
                                     "lab.bad,kepler,throughput,homogeneous,op=store blocks=-2 block_warps=4,8,100,gbps,mylab,\n",
                                     "kepler");
  ASSERT_EQ(d.cases.size(), 1u);
  EXPECT_EQ(d.cases[0].quantity.run.device_blocks, 4096);
  EXPECT_EQ(case_kernel(d.cases[0].quantity.run, d.cases[0].quantity.run.params).launch.device_blocks, 4096);
  ASSERT_EQ(d.skipped.size(), 1u);
  EXPECT_NE(d.skipped[0].find("lab.bad: blocks is not a positive integer"), std::string::npos) << d.skipped[0];
}

// A grid of N waves of the resident blocks (the suite's --waves) is the case's at every occupancy,
// a peak's sweep included.
TEST(AutoCases, ARowsWavesAreTheCasesWaves) {
  const DerivedCases d = derive_rows("waves.csv",
                                     "lab.r,kepler,throughput,homogeneous,op=random count=32 waves=10,8,100,gbps,mylab,\n"
                                     "lab.rp,kepler,throughput,homogeneous,op=random count=32 waves=10,,100,gbps,mylab,\n"
                                     "lab.bad,kepler,throughput,homogeneous,op=random count=32 waves=0,8,100,gbps,mylab,\n",
                                     "kepler");
  ASSERT_EQ(d.cases.size(), 2u);
  for (const auto& c : d.cases) {
    EXPECT_EQ(c.quantity.run.waves, 10) << c.id;
    EXPECT_EQ(case_kernel(c.quantity.run, c.quantity.run.params).launch.blocks_per_slot, 10) << c.id;
  }
  ASSERT_EQ(d.skipped.size(), 1u);
  EXPECT_NE(d.skipped[0].find("lab.bad: waves is not an integer from 1 to 1000"), std::string::npos) << d.skipped[0];
}

// The warpsim suite's rows ran its occupancy plan (blocks filling the SM's shared memory), which
// their cases run too: a sample's note names its allocation, zero where the experiment left the
// array to the L1; the suite's rows read off a sweep name none; another lab's rows run the
// simulator's own launch.
TEST(AutoCases, TheSuitesRowsRunTheSuitesLaunch) {
  const DerivedCases d =
      derive_rows("suite.csv",
                  "mb.r.w64,kepler,throughput,homogeneous,op=random count=32,64,100,gbps,measured: warpsim microbench (§6.7),"
                  "\"target 64 warps/SM; 21120 blocks of 4 warps, 13568 B dynamic smem, oversubscribed (§5.9)\"\n"
                  "mb.c.w64,kepler,throughput,homogeneous,op=stream count=32,64,100,gbps,measured: warpsim microbench (cache),"
                  "\"target 64 warps/SM; 2112 blocks of 4 warps, 0 B dynamic smem, persistent (§5.9)\"\n"
                  "mb.r.peak,kepler,throughput,homogeneous,op=random count=32,,100,gbps,measured: warpsim microbench (§6.7),peak\n"
                  "lab.r.w64,kepler,throughput,homogeneous,op=random count=32,64,100,gbps,mylab run 3,\n",
                  "kepler");
  ASSERT_EQ(d.cases.size(), 4u);
  EXPECT_TRUE(find(d, "auto.mb.r.w64")->quantity.run.fill_shared_memory);
  EXPECT_FALSE(find(d, "auto.mb.c.w64")->quantity.run.fill_shared_memory);
  EXPECT_TRUE(find(d, "auto.mb.r.peak")->quantity.run.fill_shared_memory);
  EXPECT_FALSE(find(d, "auto.lab.r.w64")->quantity.run.fill_shared_memory);
  const CaseSpec& c = *find(d, "auto.mb.r.w64");
  EXPECT_TRUE(case_kernel(c.quantity.run, c.quantity.run.params).launch.fill_shared_memory);
}

// Random loads at 1-2 warps/SM run on the whole device (a one-SM share queues a warp's 32 random
// sectors in its one channel); at 4 warps/SM, the peak, and other loads at 1 warp/SM, a share.
TEST(AutoCases, RandomLoadsAtOneOrTwoWarpsPerSmRunOnTheWholeDevice) {
  const DerivedCases d = derive_rows("random.csv",
                                     "r.w1,kepler,throughput,homogeneous,op=random count=32,1,10,gbps,lab,\n"
                                     "r.w2,kepler,throughput,homogeneous,op=random count=32,2,20,gbps,lab,\n"
                                     "r.w4,kepler,throughput,homogeneous,op=random count=32,4,40,gbps,lab,\n"
                                     "r.peak,kepler,throughput,homogeneous,op=random count=32,,40,gbps,lab,\n"
                                     "s.w1,kepler,throughput,homogeneous,op=stream count=32,1,10,gbps,lab,\n",
                                     "kepler");
  ASSERT_EQ(d.cases.size(), 5u);
  EXPECT_EQ(find(d, "auto.r.w1")->quantity.run.sms, 0);
  EXPECT_EQ(find(d, "auto.r.w2")->quantity.run.sms, 0);
  EXPECT_NE(find(d, "auto.r.w1")->tolerance_reason.find("whole device"), std::string::npos);
  EXPECT_EQ(find(d, "auto.r.w4")->quantity.run.sms, 1);
  EXPECT_EQ(find(d, "auto.r.peak")->quantity.run.sms, 1);
  EXPECT_EQ(find(d, "auto.s.w1")->quantity.run.sms, 1);
}

// A sample that attained 47 of its 48 warps/SM (4-warp blocks) is no whole number of blocks: no
// launch realises it, so the case simulates the launch the row names (12 blocks of 4 warps); an
// attained occupancy of whole blocks is simulated as it is, with the row's block size.
TEST(AutoCases, AFlagRowsAttainedOccupancyOfNoWholeBlocksIsSimulatedAtItsLaunch) {
  const std::string path = test::write_temp_file("auto/flag.csv",
                                                 "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                 "lab.w48,h100_sxm,throughput,homogeneous,op=add block_warps=4 blocks_per_sm=12,47,31,"
                                                 "ops_per_cycle_per_scheduler,mylab,FLAG\n"
                                                 "lab.w44,h100_sxm,throughput,homogeneous,op=add block_warps=4 blocks_per_sm=12,44,31,"
                                                 "ops_per_cycle_per_scheduler,mylab,FLAG\n");
  const MeasurementSet ms = load_measurements(path);
  SimulationCache sims(std::vector<std::string>{});
  const DerivedCases d = derive_cases(ms, {0}, "h100_sxm", "h100_sxm", sims);
  ASSERT_EQ(d.cases.size(), 2u);
  EXPECT_EQ(d.cases[0].quantity.run.warps, std::vector<int>{48});
  EXPECT_EQ(d.cases[0].quantity.extract.warps, 48);
  EXPECT_NE(d.cases[0].tolerance_reason.find("12 blocks of 4 warps per SM (47 warps attained"), std::string::npos)
      << d.cases[0].tolerance_reason;
  EXPECT_EQ(d.cases[0].quantity.run.params, (ParamSet{{"op", "add"}, {"block_warps", "4"}}));
  EXPECT_EQ(d.cases[1].quantity.run.warps, std::vector<int>{44});
  EXPECT_TRUE(d.warnings.empty());
  EXPECT_EQ(sims.occupancies(d.cases[0].quantity.run, d.cases[0].quantity.run.params), std::vector<int>{48});
}

// A NUL or an escape in a field would be copied into report.md and cases.csv.
TEST(AutoCases, AControlCharacterInAFieldIsAnErrorAtItsColumn) {
  std::string row = "lab.x,kepler,throughput,homogeneous,op=add,8,1,ipc_per_sm,my lab,a note\n";
  row[row.find("my lab") + 2] = '\0';
  const std::string path =
      test::write_temp_file("auto/nul.csv", "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n" + row);
  try {
    (void)load_measurements(path);
    ADD_FAILURE() << "a NUL byte was accepted";
  } catch (const UserError& e) {
    EXPECT_NE(std::string(e.what()).find("nul.csv:2:"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("source: contains a control character"), std::string::npos) << e.what();
  }
}

// A params key neither the workload's nor a documented condition (a typo) derives its case, but
// is said: `treshold=90` would otherwise leave the case at its default 99% without a word.
TEST(AutoCases, AKeyNeitherTheWorkloadsNorAConditionIsWarnedAbout) {
  const std::string path =
      test::write_temp_file("auto/typo.csv",
                            "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                            "lab.typo,kepler,warps_needed,homogeneous,op=stream treshold=90,,56,warps_per_sm,mylab,\n"
                            "lab.fine,kepler,warps_needed,homogeneous,op=stream threshold=90,,56,warps_per_sm,mylab,\n");
  const MeasurementSet ms = load_measurements(path);
  SimulationCache sims(std::vector<std::string>{});
  const DerivedCases d = derive_cases(ms, {0}, "kepler", "kepler", sims);
  ASSERT_EQ(d.warnings.size(), 1u);
  EXPECT_NE(d.warnings[0].find("typo.csv:2: lab.typo: params key 'treshold'"), std::string::npos) << d.warnings[0];
  EXPECT_NE(find(d, "auto.lab.typo"), nullptr);  // still derived, at the default fraction
}

// A workload warpsim does not have (a misspelt name) or parameter values its workload rejects are
// bad input, at the row's workload or params column, not a row left out with a note.
TEST(AutoCases, AnUnknownWorkloadOrParametersItRejectsAreAnErrorAtTheirColumn) {
  const std::string header = "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n";
  for (const auto& [workload, params, column, said] :
       {std::tuple{"homogenous", "op=add", "workload", "did you mean 'homogeneous'"},
        std::tuple{"homogeneous", "op=addd", "params", "op: "}, std::tuple{"homogeneous", "op=add count=-1", "params", "count"}}) {
    const std::string path = test::write_temp_file(
        "auto/bad_workload.csv", header + "lab.x,kepler,throughput," + workload + "," + params + ",8,1,ipc_per_sm,mylab,\n");
    const MeasurementSet ms = load_measurements(path);
    SimulationCache sims(std::vector<std::string>{});
    try {
      (void)derive_cases(ms, {0}, "kepler", "kepler", sims);
      ADD_FAILURE() << workload << " " << params << " was accepted";
    } catch (const UserError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find("bad_workload.csv:2: " + std::string(column) + ": lab.x: "), std::string::npos) << what;
      EXPECT_NE(what.find(said), std::string::npos) << what;
      EXPECT_EQ(what.find("<cli>"), std::string::npos) << what;
    }
  }
}

TEST(AutoCases, APercentileKeepsAConfigsDramModel) {
  const MeasurementSet ms = load_measurements(test::write_temp_file("auto/user_dram.csv", kUserCsv));
  SimulationCache sims({"memory.model=dram"});
  const DerivedCases d = derive_cases(ms, {0}, "kepler", "kepler", sims);
  const CaseSpec* p = find(d, "auto.lab.stream.p50");
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->quantity.run.sets.empty());
}

TEST(AutoCases, RowsThatCannotBeSimulatedAreListedWithTheReason) {
  const auto d = derive_from_user_file("kepler", "kepler");
  EXPECT_EQ(find(d, "auto.lab.launch"), nullptr);
  EXPECT_EQ(find(d, "auto.lab.add.ns"), nullptr);
  std::string all;
  for (const auto& s : d.skipped) all += s + "\n";
  EXPECT_NE(all.find("lab.launch: no workload to simulate"), std::string::npos) << all;
  EXPECT_NE(all.find("lab.add.ns: latency in ns"), std::string::npos) << all;
}

TEST(AutoCases, ALatencyOnOneWarpOfTheDeviceRunsOneOneWarpBlockOnTheWholeDevice) {
  // §6.7's random latency is measured with one warp on the device; on a one-SM share the memory
  // would see that SM's share of the other SMs' load instead (and `servers` a share of its servers).
  const auto d = derive_from_user_file("kepler", "kepler");
  const CaseSpec* c = find(d, "auto.lab.random.lat");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->quantity.extract.kind, ExtractKind::Latency);
  EXPECT_EQ(c->quantity.run.sms, 0);  // all
  EXPECT_EQ(c->quantity.run.blocks, 1);
  EXPECT_EQ(c->quantity.run.warps, std::vector<int>{1});
  EXPECT_EQ(c->quantity.run.params, (ParamSet{{"op", "random"}}));  // a condition, not a parameter
  EXPECT_EQ(find(d, "auto.lab.random.lat.half"), nullptr);
  std::string all;
  for (const auto& s : d.skipped) all += s + "\n";
  EXPECT_NE(all.find("lab.random.lat.half: warps_per_device: only 1 (one warp on the whole device, §6.7) is simulated"), std::string::npos)
      << all;
}

TEST(AutoCases, GpuFilterKeepsOnlyThatGpusRows) {
  const auto d = derive_from_user_file("kepler", "kepler");
  EXPECT_EQ(find(d, "auto.lab.other"), nullptr);
  const auto all = derive_from_user_file("", "");
  ASSERT_NE(find(all, "auto.lab.other"), nullptr);
  EXPECT_EQ(find(all, "auto.lab.other")->gpu, "maxwell");
}

TEST(AutoCases, AConfigPathRunsTheRowsOfItsGpuName) {
  const auto d = derive_from_user_file(std::string(WARPSIM_SOURCE_DIR) + "/hw_configs/kepler.yaml", "kepler");
  const CaseSpec* c = find(d, "auto.lab.add.w16");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->quantity.run.gpu, std::string(WARPSIM_SOURCE_DIR) + "/hw_configs/kepler.yaml");
  EXPECT_EQ(c->gpu, "kepler");
}

// A row validation/not_compared.yaml holds for gives no case; the skip says why.
TEST(AutoCases, ARowNotComparedIsSkippedWithItsReason) {
  const std::string path = test::write_temp_file("auto/not_compared/measurements.csv",
                                                 "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                 "lab.add,kepler,throughput,homogeneous,op=add,8,32,ops_per_cycle_per_scheduler,mylab,\n"
                                                 "lab.mix,kepler,throughput,homogeneous,op=sfu,8,8,ops_per_cycle_per_scheduler,mylab,\n");
  SimulationCache sims(std::vector<std::string>{});
  const std::vector<NotCompared> reasons{{{"lab.mix"}, "a bad build", {"*not_compared/measurements.csv"}}};
  const DerivedCases d = derive_cases(load_measurements(path), {0}, "kepler", "kepler", sims, reasons);
  ASSERT_EQ(d.cases.size(), 1u);
  EXPECT_EQ(d.cases[0].id, "auto.lab.add");
  ASSERT_EQ(d.skipped.size(), 1u);
  EXPECT_NE(d.skipped[0].find("lab.mix: not compared: a bad build"), std::string::npos) << d.skipped[0];
}

TEST(AutoCases, ABadSetIsAnErrorWhileAGpuWithoutAConfigIsSkipped) {
  // A bad --set must not make every row look like one of a GPU without a config, with `validate`
  // saying only that no case matched.
  EXPECT_THROW(derive_from_user_file("", "", {"scheduler.issue_cycles.load=4"}), UserError);
  EXPECT_THROW(derive_from_user_file("kepler", "kepler", {"memory.dram.trcd_ns=5000"}), UserError);
  const std::string path = test::write_temp_file("auto/no_config.csv",
                                                 "id,gpu,quantity,workload,params,warps_per_sm,value,unit,source,note\n"
                                                 "lab.x,quadro_x,throughput,homogeneous,op=add,,32,ops_per_cycle_per_scheduler,mylab,\n");
  SimulationCache sims({"scheduler.policy=gto"});
  const DerivedCases d = derive_cases(load_measurements(path), {0}, "", "", sims);
  EXPECT_TRUE(d.cases.empty());
  ASSERT_EQ(d.skipped.size(), 1u);
  EXPECT_NE(d.skipped[0].find("no config for GPU 'quadro_x'"), std::string::npos) << d.skipped[0];
}

}  // namespace warpsim::validation
