// The CUDA suite's driver run end to end on a CPU stand-in for the GPU (validation/microbench/
// dryrun): every row it writes must be one the validation harness can re-simulate, every chain is
// checked, and a chain that ends in the wrong place fails the run without writing a file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "common/text.h"
#include "fake_gpu.h"
#include "isa/generators.h"
#include "microbench_csv.h"
#include "options.h"
#include "suite.h"
#include "support/test_support.h"
#include "validation/measurements/measurement_vocabulary.h"
#include "validation/measurements/measurements.h"

namespace warpsim::microbench {
namespace {

struct CsvFile {
  std::map<std::string, std::string> meta;
  std::string header;
  std::vector<std::vector<std::string>> rows;
};

std::vector<std::string> parse_line(const std::string& line) {  // RFC 4180, one physical line
  std::vector<std::string> out(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
      out.back() += '"', ++i;
    else if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

CsvFile read_csv(const std::string& path) {
  CsvFile f;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      const auto colon = line.find(": ");
      f.meta[line.substr(2, colon - 2)] = line.substr(colon + 2);
    } else if (f.header.empty()) {
      f.header = line;
    } else {
      f.rows.push_back(parse_line(line));
    }
  }
  return f;
}

Options dry_options(const std::string& out) {
  Options o;
  o.out = out;
  o.quick = true;
  o.reps = 1;
  o.array_mb = 32;
  o.random_mb = {1, 4};
  o.waves = 2;
  o.warmup_s = 0;
  o.budget_s = 1e9;
  o.command = "dry run";
  return o;
}

// One dry run shared by the tests of a process (a few seconds).
const std::string& dry_run_path() {
  static const std::string path = [] {
    const std::string p = test::temp_dir() + "/dry.csv";
    EXPECT_EQ(run_suite(dry_options(p)), 0);
    return p;
  }();
  return path;
}

const CsvFile& dry_run() {
  static const CsvFile file = read_csv(dry_run_path());
  return file;
}

enum Col { kId, kGpu, kQuantity, kWorkload, kParams, kWarps, kValue, kUnit, kSource, kNote };

TEST(MicrobenchDryRun, FileHasTheMetadataAndHeaderOfTheMeasurementFormat) {
  const CsvFile& f = dry_run();
  EXPECT_EQ(f.header, validation::kMeasurementHeader);
  for (const char* key : {"gpu_name", "sms", "core_clock_mhz", "memory_clock_mhz", "driver", "cuda_toolkit", "date", "command"})
    EXPECT_TRUE(f.meta.count(key)) << key;
  EXPECT_EQ(f.meta.at("sms"), "132");
  EXPECT_EQ(f.meta.at("warpsim_gpu"), "h100_sxm");
  EXPECT_EQ(f.meta.at("skipped_groups"), "none");
  EXPECT_GT(f.rows.size(), 300u);
  // The stand-in's numbers are made up: no row may read as measured on a GPU.
  for (const auto& r : f.rows) EXPECT_EQ(r.at(8).rfind("NOT MEASURED (dry run, CPU stand-in): warpsim microbench", 0), 0u) << r.at(8);
}

TEST(MicrobenchDryRun, TheValidationHarnessLoadsTheFileAsMeasurements) {
  // The contract of validation/measurements/README.md, checked by warpsim's own loader.
  validation::MeasurementSet set;
  ASSERT_NO_THROW(set = validation::load_measurements(dry_run_path()));
  EXPECT_EQ(set.rows().size(), dry_run().rows.size());
  EXPECT_EQ(set.gpu_names(), std::vector<std::string>{"h100_sxm"});
  ASSERT_EQ(set.files().size(), 1u);
  for (const char* key : {"gpu_name", "sms", "core_clock_mhz", "memory_clock_mhz", "driver", "cuda_toolkit", "date", "command"})
    EXPECT_NE(set.files()[0].metadata_value(key), nullptr) << key;
  // Rows are found the way the harness looks them up, e.g. the Table 6.1 peak of streaming loads.
  EXPECT_FALSE(set.find("h100_sxm", "throughput", "homogeneous", {{"op", "stream"}, {"count", "64"}}).empty());
  EXPECT_FALSE(set.find("h100_sxm", "latency", "homogeneous", {{"op", "add"}, {"count", "16384"}}).empty());
  EXPECT_FALSE(set.find("h100_sxm", "warps_needed", "homogeneous", {{"op", "stream"}, {"count", "64"}, {"threshold", "90"}}).empty());
}

// `validate` on the dry run's file says in the report that its numbers are not measurements.
TEST(MicrobenchDryRun, AReportFromTheDryRunSaysItsNumbersAreNotMeasured) {
  const std::string out = test::temp_dir() + "/dry_run_report";
  const auto r =
      test::run_cli("validate --measurements " + dry_run_path() +
                    " --gpu h100_sxm --case 'auto.mb.homogeneous.add.ilp1.w1.*' --no-figures --memory-models none --out-dir " + out);
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
  std::ifstream in(out + "/report.md");
  const std::string md((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(
      md.find("comes from the microbenchmark suite's dry run (driver: CUDA driver API dry-run): its numbers are made up by a CPU stand-in"),
      std::string::npos)
      << md.substr(0, 2000);
}

TEST(MicrobenchDryRun, EveryRowNamesAWarpsimWorkloadItsParamsAndAKnownQuantity) {
  std::set<std::string> ids;
  for (const auto& r : dry_run().rows) {
    ASSERT_EQ(r.size(), 10u) << r[0];
    EXPECT_TRUE(ids.insert(r[kId]).second) << "duplicate id " << r[kId];
    EXPECT_EQ(r[kGpu], "h100_sxm");
    // Quantity and unit from the measurement vocabulary (validation/measurements/README.md).
    const validation::QuantityInfo* q = validation::find_quantity(r[kQuantity]);
    ASSERT_NE(q, nullptr) << r[kId];
    EXPECT_NE(std::find(q->units.begin(), q->units.end(), r[kUnit]), q->units.end()) << r[kId];
    const auto value = parse_double(r[kValue]);
    ASSERT_TRUE(value.has_value()) << r[kId];
    EXPECT_TRUE(std::isfinite(*value) && *value >= 0) << r[kId];
    if (r[kWorkload].empty()) {                           // no workload: block launch latency (§3.7), the §6.6 timing overhead
      if (r[kParams].rfind("kernel=", 0) == 0) continue;  // a kernel no generator builds (README "Parameter keys")
      if (r[kParams] == "kind=timing_overhead") {
        EXPECT_TRUE(r[kId].rfind("mb.homogeneous.stream.w", 0) == 0 && r[kId].ends_with(".timing_overhead")) << r[kId];
        continue;
      }
      EXPECT_TRUE(r[kId] == "mb.block_launch.latency" || r[kId] == "mb.block_launch.resident32.latency") << r[kId];
      EXPECT_EQ(r[kParams], "kind=block_replacement");
      continue;
    }
    // The harness re-simulates the row: the generator must accept its params, measurement keys aside.
    const isa::Generator* g = isa::find_generator(r[kWorkload]);
    ASSERT_NE(g, nullptr) << r[kId];
    isa::ParamMap params;
    for (const auto& kv : split(r[kParams], ' ')) {
      if (kv.empty()) continue;  // no params
      const auto eq = kv.find('=');
      ASSERT_NE(eq, std::string::npos) << r[kId];
      const std::string key = kv.substr(0, eq);
      const auto& conditions = validation::measurement_condition_keys();  // the measurement's, not the workload's
      if (std::find(conditions.begin(), conditions.end(), key) == conditions.end()) params[key] = kv.substr(eq + 1);
    }
    EXPECT_NO_THROW(isa::generate(*g, params)) << r[kId] << " " << r[kParams];
    EXPECT_NE(r[kSource].find("Volkov 2016"), std::string::npos) << r[kId];
  }
}

// The generators' parameter that holds each workload's work per warp (sim/isa/generators.cpp).
std::string work_key(const std::string& workload) {
  if (workload == "alpha_mix") return "loads";
  if (workload == "sfu_mix" || workload == "smem_mix") return "groups";
  return "count";
}

TEST(MicrobenchDryRun, EveryRowCarriesTheWorkPerWarpItsKernelRan) {
  // The derived case simulates the row's work per warp, not the generator's default: a FADD chain
  // of 64 iterations of 256 (experiments_arith.cpp), 64 streaming loads, a mix of 8192 instructions.
  int checked = 0;
  for (const auto& r : dry_run().rows) {
    if (r[kWorkload].empty()) continue;
    const std::vector<std::string> kv = split(r[kParams], ' ');
    const std::string key = r[kParams].rfind("alpha=inf", 0) == 0 ? "adds" : work_key(r[kWorkload]);
    const auto it = std::find_if(kv.begin(), kv.end(), [&](const std::string& p) { return p.rfind(key + "=", 0) == 0; });
    ASSERT_NE(it, kv.end()) << r[kId] << ": no " << key << " in '" << r[kParams] << "'";
    const std::string value = it->substr(key.size() + 1);
    if (r[kId].rfind("mb.homogeneous.add.ilp1.w", 0) == 0) {
      EXPECT_EQ(value, "16384") << r[kId];
    }
    if (r[kId].rfind("mb.homogeneous.stream.ilp1.w", 0) == 0) {
      EXPECT_EQ(value, "64") << r[kId];
    }
    if (r[kId].rfind("mb.sfu_mix.alpha1.w", 0) == 0) {
      EXPECT_EQ(value, "4096") << r[kId];  // 8192 instructions / (1 + 1) per group
    }
    ++checked;
  }
  EXPECT_GT(checked, 300);
}

TEST(MicrobenchDryRun, EveryExperimentOfChaptersFiveAndSixIsPresent) {
  std::set<std::string> series;
  for (const auto& r : dry_run().rows) {
    // A series is its workload and params less the measurement keys and the work per warp.
    std::string p;
    for (const auto& kv : split(r[kParams], ' ')) {
      const std::string key = kv.substr(0, kv.find('='));
      if (kv.empty() || key == "threshold" || key == "percentile" || key == work_key(r[kWorkload]) || key == "adds" ||
          key == "block_warps" || key == "blocks_per_sm" || key == "waves" || key == "blocks")
        continue;
      p += (p.empty() ? "" : " ") + kv;
    }
    series.insert(r[kWorkload] + " " + p);
  }
  EXPECT_TRUE(series.count(" kind=block_replacement")) << "block launch latency (§3.7)";
  for (const char* a : {"0", "1", "2", "4", "8", "16", "32", "64", "128", "256", "inf"})
    EXPECT_TRUE(series.count(std::string("alpha_mix alpha=") + a)) << a;
  for (const char* s :
       {"homogeneous op=add", "homogeneous op=add ilp=4", "homogeneous op=sfu", "homogeneous op=smem", "homogeneous op=smem2",
        "homogeneous op=stream", "stride2 ", "homogeneous op=random array=1MB", "homogeneous op=random array=4MB", "ilp k=2", "ilp k=4",
        "sfu_mix alpha=0.25", "sfu_mix alpha=32", "smem_mix alpha=0.5", "smem_mix alpha=8"})
    EXPECT_TRUE(series.count(s)) << s;
}

TEST(MicrobenchDryRun, CacheAndStoreGroupsWriteTheirRows) {
  // experiments_cache.cpp, experiments_store.cpp: the quick sweep's data sets (8 KB ... the 32 MB
  // array), two rows per latency point, bandwidth rows the `homogeneous` generator re-simulates,
  // and the wide-load, store and copy rows.
  std::map<std::string, const std::vector<std::string>*> by_id;
  for (const auto& r : dry_run().rows) by_id[r[kId]] = &r;
  for (const char* size : {"8kb", "256kb", "25mb", "32mb"}) {
    const std::string id = std::string("mb.cache.latency.") + size;
    ASSERT_TRUE(by_id.count(id + ".cycles") && by_id.count(id + ".ns")) << id;
    EXPECT_EQ(by_id.at(id + ".cycles")->at(kWorkload), "");
    EXPECT_GT(*parse_double(by_id.at(id + ".cycles")->at(kValue)), 0) << id;
  }
  ASSERT_TRUE(by_id.count("mb.cache.bandwidth.64kb.w64.gbps"));
  EXPECT_EQ(by_id.at("mb.cache.bandwidth.64kb.w64.gbps")->at(kWorkload), "homogeneous");
  EXPECT_EQ(by_id.at("mb.cache.bandwidth.64kb.w64.gbps")->at(kParams).rfind("op=stream ilp=4 array=64KB count=", 0), 0u);
  // Persistent launches (the bandwidth sweep, §5.9's rows) say so, one wave, for the harness to run.
  int persistent = 0;
  for (const auto& [id, r] : by_id)
    if (id.rfind("mb.cache.bandwidth.", 0) == 0 || id.find(".persistent.") != std::string::npos) {
      EXPECT_NE((*r)[kParams].find(" waves=1"), std::string::npos) << id;
      ++persistent;
    }
  EXPECT_GT(persistent, 4);
  // The wide-load, store and copy rows name the generator's op and the grid they ran (`blocks=`).
  const std::map<std::string, std::string> ops{{"mb.store.load.b8.w64.gbps", "op=stream bytes=8 count="},
                                               {"mb.store.load.b16.w64.gbps", "op=stream bytes=16 count="},
                                               {"mb.store.store.w64.gbps", "op=store count="},
                                               {"mb.store.copy.w64.gbps", "op=copy count="}};
  for (const auto& [id, op] : ops) {
    ASSERT_TRUE(by_id.count(id)) << id;
    EXPECT_EQ(by_id.at(id)->at(kWorkload), "homogeneous") << id;
    EXPECT_EQ(by_id.at(id)->at(kParams).rfind(op, 0), 0u) << id << ": " << by_id.at(id)->at(kParams);
    EXPECT_NE(by_id.at(id)->at(kParams).find(" blocks="), std::string::npos) << id;
  }
}

TEST(MicrobenchDryRun, NodeGroupReadsRandomNodesOf32To512Bytes) {
  // experiments_nodes.cpp: a throughput row per node size and occupancy, its grid named, the peak
  // and the latency, each naming the generator that re-simulates it (op=random node_bytes=B).
  std::map<std::string, const std::vector<std::string>*> by_id;
  for (const auto& r : dry_run().rows) by_id[r[kId]] = &r;
  for (const char* b : {"32", "64", "128", "256", "512"}) {
    const std::string id = std::string("mb.nodes.b") + b;
    for (const char* w : {".w8.gbps", ".w64.gbps", ".peak.gbps", ".latency"}) {
      ASSERT_TRUE(by_id.count(id + w)) << id + w;
      const auto& r = *by_id.at(id + w);
      EXPECT_EQ(r[kWorkload], "homogeneous") << id + w;
      EXPECT_EQ(r[kParams].rfind(std::string("op=random bytes=16 node_bytes=") + b + " array=32MB count=32 kernel=random_nodes", 0), 0u)
          << r[kParams];
      EXPECT_GT(*parse_double(r[kValue]), 0) << id + w;
    }
    EXPECT_NE(by_id.at(id + ".w8.gbps")->at(kParams).find(" blocks="), std::string::npos) << id;
  }
}

TEST(MicrobenchDryRun, SamplesReportTheOccupancyTheyAttainedAndFlagTheOnesThatMissed) {
  // The stand-in realises every plan whose launch has enough blocks to fill the device; a launch
  // with fewer blocks than resident slots (the small dry-run array) cannot attain its target, and
  // its rows say so and report the occupancy actually attained (§5.7).
  int flagged = 0, attained = 0;
  for (const auto& r : dry_run().rows) {
    const bool short_launch = r[kNote].find("resident slots") != std::string::npos;
    const bool flag = r[kNote].find("FLAG") != std::string::npos;
    if (flag) ++flagged;
    // The launch the GPU ran, which the harness simulates when the attained occupancy is no whole number of blocks.
    if (flag && !r[kWorkload].empty()) {
      EXPECT_NE(r[kParams].find(" block_warps="), std::string::npos) << r[kId];
      EXPECT_NE(r[kParams].find(" blocks_per_sm="), std::string::npos) << r[kId];
    }
    EXPECT_TRUE(!flag || short_launch) << r[kId] << ": " << r[kNote];
    if (r[kQuantity] == "throughput" && !r[kWarps].empty() && !flag) {
      ++attained;
      EXPECT_NE(r[kNote].find("target " + r[kWarps] + " warps/SM"), std::string::npos) << r[kId];
    }
    if (r[kQuantity] == "warps_needed") {
      EXPECT_TRUE(r[kWarps].empty()) << r[kId];
    }
  }
  EXPECT_GT(flagged, 0);
  EXPECT_GT(attained, 300);
}

TEST(MicrobenchDryRun, LatencyPercentilesAreOrdered) {
  std::map<std::string, std::vector<double>> by_occupancy;  // §6.6: min, 5, 25, 50, 75, 95, max
  for (const auto& r : dry_run().rows)
    if (r[kQuantity] == "latency_percentile") by_occupancy[r[kWarps]].push_back(*parse_double(r[kValue]));
  ASSERT_FALSE(by_occupancy.empty());
  for (const auto& [w, values] : by_occupancy) {
    ASSERT_EQ(values.size(), 7u) << w;
    for (size_t i = 1; i < values.size(); ++i) EXPECT_LE(values[i - 1], values[i]) << w;
  }
}

TEST(MicrobenchDryRun, AChainEndingOnTheWrongEntryFailsTheRunAndWritesNothing) {
  const std::string path = test::temp_dir() + "/corrupt.csv";
  Options o = dry_options(path);
  o.groups = {"memory"};
  dryrun::corrupt_chains(true);
  try {
    run_suite(o);
    ADD_FAILURE() << "the run should fail";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("chain check failed"), std::string::npos) << e.what();
  }
  dryrun::corrupt_chains(false);
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(MicrobenchDryRun, OptionsRejectUnknownFlagsAndGroups) {
  auto parse = [](std::vector<const char*> args) {
    args.insert(args.begin(), "warpsim_microbench");
    return parse_options(static_cast<int>(args.size()), const_cast<char**>(args.data()));
  };
  EXPECT_THROW(parse({"--frobnicate"}), std::invalid_argument);
  EXPECT_THROW(parse({"--only", "alpha,bogus"}), std::invalid_argument);
  EXPECT_THROW(parse({"--array-mb", "4096"}), std::invalid_argument);  // no float-safe window that large
  EXPECT_THROW(parse({"--out"}), std::invalid_argument);
  EXPECT_THROW(parse({"--meta", "novalue"}), std::invalid_argument);
  const Options o = parse({"--quick", "--only", "alpha,memory", "--random-mb", "8,64", "--meta", "nvidia_driver=550.54.15"});
  EXPECT_EQ(o.extra_metadata, (std::vector<std::pair<std::string, std::string>>{{"nvidia_driver", "550.54.15"}}));
  EXPECT_TRUE(o.quick);
  EXPECT_EQ(o.reps, 1);
  EXPECT_EQ(o.groups, (std::set<std::string>{"alpha", "memory"}));
  EXPECT_EQ(o.random_mb, (std::vector<uint64_t>{8, 64}));
}

}  // namespace
}  // namespace warpsim::microbench
