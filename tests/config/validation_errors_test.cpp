// Every way a config file can be wrong ends in a UserError whose diagnostics name file, line and
// key and say what was expected; all problems of one pass come back together.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "config/config_test_util.h"
#include "config/loader.h"
#include "config/schema.h"
#include "mem/memory_factory.h"
#include "support/test_support.h"

namespace warpsim::config {
namespace {

using test::config_yaml;
using test::find_diagnostic;
using test::load_errors;
using warpsim::test::write_temp_file;

// A child of Kepler with `body` from line 2 on.
std::string kepler_child(const std::string& name, const std::string& body) {
  return write_temp_file("val/" + name, "inherits: kepler\n" + body);
}

TEST(ConfigErrors, MisspelledKeyNamesFileLineAndSuggestsTheRightKey) {
  const std::string p = kepler_child("typo.yaml", "alu:\n  latncy_cycles: 5\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].file, p);
  EXPECT_EQ(ds[0].line, 3);
  EXPECT_EQ(ds[0].key, "alu.latncy_cycles");
  EXPECT_NE(ds[0].message.find("did you mean 'alu.latency_cycles'"), std::string::npos) << ds[0].message;
  EXPECT_NE(std::string(UserError(ds).what()).find(p + ":3:"), std::string::npos);
}

// An alias that contains itself made the duplicate-key walk recurse until the stack overflowed
// (SIGSEGV), and 40 nested aliases in under 1 KB expand to 2^40 nodes (a hang). Both are refused
// at their line, for configs and case files alike (config/yaml_file.cpp).
TEST(ConfigErrors, AnAliasThatContainsItselfOrExpandsWithoutBoundIsRefused) {
  const std::string self = kepler_child("alias_self.yaml", "junk: &j [*j]\n");
  const auto ds = load_errors(self);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].line, 2);
  EXPECT_NE(ds[0].message.find("a YAML alias (*name) that contains itself"), std::string::npos) << ds[0].message;
  std::string nested = "a0: &a0 [{k: 1}, {k: 2}]\n";
  for (int i = 1; i < 40; ++i) nested += fmt::format("a{0}: &a{0} [*a{1}, *a{1}]\n", i, i - 1);
  const auto big = load_errors(kepler_child("alias_bomb.yaml", nested));
  ASSERT_EQ(big.size(), 1u);
  EXPECT_NE(big[0].message.find("expands to more than 1000000 YAML nodes"), std::string::npos) << big[0].message;
  // Scalars count too: 2,000 keys reached 50,000 times through aliases took 15 s with only the
  // containers counted.
  std::string keys;
  for (int i = 0; i < 2000; ++i) keys += fmt::format("{}k{}: 1", i ? ", " : "", i);
  std::string hundred_a, hundred_b;
  for (int i = 0; i < 100; ++i) hundred_a += i ? ", *a" : "*a", hundred_b += i ? ", *b" : "*b";
  const auto wide =
      load_errors(kepler_child("alias_wide.yaml", fmt::format("x: &a {{{}}}\ny: &b [{}]\nz: &c [{}]\n", keys, hundred_a, hundred_b)));
  ASSERT_EQ(wide.size(), 1u);
  EXPECT_NE(wide[0].message.find("expands to more than 1000000 YAML nodes"), std::string::npos) << wide[0].message;
  // A duplicate key reached again through aliases is reported once, not once per path to it.
  std::string hundred_x;
  for (int i = 0; i < 100; ++i) hundred_x += i ? ", *x" : "*x";
  const auto dup = load_errors(kepler_child("alias_dup.yaml", fmt::format("x: &x {{k: 1, k: 2}}\ny: [{}]\n", hundred_x)));
  EXPECT_EQ(std::count_if(dup.begin(), dup.end(), [](const Diagnostic& d) { return d.message.find("duplicate key") != std::string::npos; }),
            1);
  // An alias used as intended still loads.
  EXPECT_NO_THROW(load_hw_config(kepler_child("alias_ok.yaml", "alu: &pipe {latency_cycles: 9}\nsfu: *pipe\n")));
}

TEST(ConfigErrors, KeyFarFromEveryKnownKeyGetsNoSuggestion) {
  const auto ds = load_errors(kepler_child("far.yaml", "frobnicate_everything: 1\n"));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].message, "unknown key");
}

TEST(ConfigErrors, WrongTypeSaysWhatWasExpectedAndFound) {
  const std::string p = kepler_child("type.yaml", "device:\n  sms: many\nsmem:\n  half_warp: yes\nscheduler:\n  policy: gtoo\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 3u);
  const Diagnostic* sms = find_diagnostic(ds, "device.sms", "expected an integer, found 'many'");
  ASSERT_NE(sms, nullptr);
  EXPECT_EQ(sms->line, 3);
  EXPECT_NE(sms->message.find("integer in [1, 1024]"), std::string::npos) << sms->message;
  EXPECT_NE(find_diagnostic(ds, "smem.half_warp", "expected true or false, found 'yes'"), nullptr);
  EXPECT_NE(find_diagnostic(ds, "scheduler.policy", "unknown 'gtoo' (expected one of: lrr, gto, oldest, two_level)"), nullptr);
}

TEST(ConfigErrors, SectionAndScalarShapesAreChecked) {
  const auto ds = load_errors(kepler_child("shape.yaml", "alu: 5\nsfu:\n  latency_cycles: {a: 1}\nsmem:\n  latency_cycles:\n"));
  ASSERT_EQ(ds.size(), 3u);
  EXPECT_NE(find_diagnostic(ds, "alu", "expected a section"), nullptr);
  EXPECT_NE(find_diagnostic(ds, "sfu.latency_cycles", "found a list or map"), nullptr);
  EXPECT_NE(find_diagnostic(ds, "smem.latency_cycles", "found nothing"), nullptr);
}

TEST(ConfigErrors, MissingRequiredFieldsAreAllNamed) {
  const std::string p =
      write_temp_file("val/missing.yaml", config_yaml(load_hw_config("kepler"), {"memory.peak_gbps", "alu.latency_cycles"}));
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 2u);
  const Diagnostic* d = find_diagnostic(ds, "memory.peak_gbps", "missing required field");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->file, p);
  EXPECT_NE(d->message.find("GB/s"), std::string::npos) << "the message gives the unit: " << d->message;
  EXPECT_NE(find_diagnostic(ds, "alu.latency_cycles", "missing required field"), nullptr);
}

TEST(ConfigErrors, AConfigWrittenBackFromItsFieldsLoadsToTheSameValues) {
  const HwConfig kepler = load_hw_config("kepler");
  const HwConfig copy = load_hw_config(write_temp_file("val/roundtrip.yaml", config_yaml(kepler)));
  for (const auto& f : hw_schema()) EXPECT_EQ(f.get(copy), f.get(kepler)) << f.key;
}

TEST(ConfigErrors, EveryRequiredFieldIsReportedWhenAFileHasNone) {
  const auto ds = load_errors(write_temp_file("val/empty_gpu.yaml", "gpu:\n  description: nothing else\n"));
  size_t required = 0;
  for (const auto& f : hw_schema()) required += f.required;
  EXPECT_EQ(ds.size(), required);
}

TEST(ConfigErrors, ImpossibleValuesAreOutOfRange) {
  const std::string p = kepler_child("range.yaml", "scheduler:\n  count: 0\nalu:\n  latency_cycles: -3\ndevice:\n  core_clock_ghz: 0\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 3u);
  const Diagnostic* d = find_diagnostic(ds, "scheduler.count", "value 0 out of range [1, 64]");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->line, 3);
  EXPECT_NE(find_diagnostic(ds, "alu.latency_cycles", "value -3 out of range"), nullptr);
  EXPECT_NE(find_diagnostic(ds, "device.core_clock_ghz", "out of range"), nullptr);
}

// The cross-field rules of validate.cpp, each pointing at the line of the key it blames: of a
// rule's keys, the one the child set rather than its base.
TEST(ConfigErrors, CrossFieldRulesNameTheLineOfTheBlamedKey) {
  struct Case {
    std::string body, key, text;
  };
  const Case cases[] = {
      {"scheduler:\n  max_warps: 8\n", "scheduler.max_warps", "cannot hold sm.max_warps = 64"},
      {"sm:\n  max_threads_per_block: 1000\n", "sm.max_threads_per_block", "multiple of the warp size 32"},
      {"sm:\n  max_shared_memory_per_block_bytes: 65536\n", "sm.max_shared_memory_per_block_bytes", "exceeds the SM's shared memory"},
      {"memory:\n  peak_gbps: 200\n", "memory.peak_gbps", "exceeds the pin bandwidth"},
      {"memory:\n  controllers: 3\n", "memory.controllers", "do not split evenly over 3 controllers"},
      {"memory:\n  pin_bandwidth_gbps: 300\n", "memory.pin_bandwidth_gbps",
       "disagrees with memory.bus_width_bits / 8 x memory.memory_clock_mhz x 2"},
      {"scheduler:\n  policy: two_level\n  two_level_active_warps: 17\n", "scheduler.two_level_active_warps", "active set larger"},
      {"memory:\n  l2:\n    partitions: 3\n", "memory.l2.partitions", "4 slices do not split evenly into 3 partitions"},
      {"memory:\n  l2:\n    access_bytes: 96\n", "memory.l2.access_bytes", "96 is not a power of two"},
      {"memory:\n  dram:\n    ranks: 3\n", "memory.dram.ranks", "4 bank groups do not split evenly into 3 ranks"},
      {"gpu:\n  name: \"my gpu/2\"\n", "gpu.name", "'my gpu/2': expected letters, digits and _ . + - only"},
      // An L1 turned on without its hit latency is blamed on the L1, not on the L2 below it.
      {"memory:\n  l1:\n    bytes: 16384\n", "memory.l1.bytes", "needs memory.l1.hit_latency_cycles of at least 1 cycle, found 0"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.key);
    const std::string p = kepler_child("cross_" + c.key + ".yaml", c.body);
    const auto ds = load_errors(p);
    ASSERT_EQ(ds.size(), 1u);
    const Diagnostic* d = find_diagnostic(ds, c.key, c.text);
    ASSERT_NE(d, nullptr) << ds[0].to_string();
    if (d->file == p) {
      EXPECT_EQ(d->line, c.key == "scheduler.two_level_active_warps" || c.key.starts_with("memory.l2.") ||
                                 c.key.starts_with("memory.dram.") || c.key.starts_with("memory.l1.")
                             ? 4
                             : 3);
    } else {
      EXPECT_NE(d->file.find("kepler.yaml"), std::string::npos) << "a key not in the child is blamed in its base";
    }
  }
}

// A rule only a built model can check (here: `queue`'s DRAM timings alone take longer than the
// whole unloaded latency, found when it derives its interconnect) still names the line of the key.
TEST(ConfigErrors, ARuleBrokenWhenTheModelIsBuiltNamesTheLineThatSetTheKey) {
  const auto build_error = [](const HwConfig& c) {
    try {
      mem::make_memory_system(mem::MemorySystemSpec{&c, 1, 1});
    } catch (const UserError& e) {
      return e.diagnostics();
    }
    return std::vector<Diagnostic>{};
  };
  // The model's own rule (the caches' would come first: an L2 hit longer than the memory).
  const std::string p = kepler_child("dram_latency.yaml", "memory:\n  model: queue\n  latency_cycles: 20\n  l2:\n    slices: 0\n");
  auto ds = build_error(load_hw_config(p));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].file, p);
  EXPECT_EQ(ds[0].line, 4);
  EXPECT_EQ(ds[0].key, "memory.latency_cycles");
  EXPECT_NE(ds[0].message.find("not longer than the DRAM timings"), std::string::npos) << ds[0].message;
  ds = build_error(load_hw_config("kepler", {"memory.model=queue", "memory.latency_cycles=20", "memory.l2.slices=0"}));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].file, "<--set>");
  EXPECT_EQ(ds[0].key, "memory.latency_cycles");
  // The what-if that made the conflict is named, not the file's latency it now exceeds.
  ds = build_error(load_hw_config("kepler", {"memory.model=queue", "memory.dram.trcd_ns=300", "memory.l2.slices=0"}));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].file, "<--set>");
  EXPECT_EQ(ds[0].key, "memory.dram.trcd_ns");
}

// Shared memory a block can never get (Volkov §5.7): the overhead alone, or one allocation unit,
// larger than the SM's shared memory.
TEST(ConfigErrors, SharedMemoryOverheadOrGranularityBeyondTheSmIsRefused) {
  auto ds = load_errors(kepler_child("smem_overhead.yaml", "sm:\n  shared_memory_block_overhead_bytes: 49152\n"));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].key, "sm.shared_memory_block_overhead_bytes");
  EXPECT_EQ(ds[0].line, 3);
  EXPECT_NE(ds[0].message.find("fill the SM's shared memory (49152 bytes)"), std::string::npos) << ds[0].message;
  ds = load_errors(kepler_child("smem_gran.yaml", "sm:\n  shared_memory_alloc_granularity_bytes: 65536\n"));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].key, "sm.shared_memory_alloc_granularity_bytes");
  // One byte less than the SM's shared memory is still a (degenerate) config.
  EXPECT_NO_THROW(load_hw_config("kepler", {"sm.shared_memory_block_overhead_bytes=49151"}));
}

TEST(ConfigErrors, CrossFieldRulesHoldForConfigsBuiltInCode) {
  HwConfig c = load_hw_config("fermi");
  EXPECT_NO_THROW(validate(c));
  c.memory.bus_width_bits = 380;                                                   // 6 controllers
  c.memory.pin_bandwidth_gbps = 380 / 8.0 * c.memory.memory_clock_mhz * 2 / 1000;  // the pins agree
  c.scheduler.max_warps = 20;                                                      // 2 x 20 < 48
  try {
    validate(c);
    FAIL() << "expected a UserError";
  } catch (const UserError& e) {
    EXPECT_EQ(e.diagnostics().size(), 2u) << "both broken rules are reported together";
  }
}

TEST(ConfigErrors, YamlSyntaxErrorNamesTheLine) {
  const std::string p = kepler_child("syntax.yaml", "alu:\n  latency_cycles: 5\n sfu: 3\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].file, p);
  EXPECT_EQ(ds[0].line, 4);
  EXPECT_NE(ds[0].message.find("YAML syntax error"), std::string::npos);
}

// A file nested 100,000 levels deep is refused by yaml-cpp's depth guard: the error says so at
// its line (the guard's own message is "bad file").
TEST(ConfigErrors, YamlNestedTooDeepSaysSoAtItsLine) {
  const std::string p = kepler_child("deep.yaml", "sm:\n  warp_size: " + std::string(100000, '[') + std::string(100000, ']') + "\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].line, 3);
  EXPECT_NE(ds[0].message.find("levels deep here"), std::string::npos) << ds[0].message;
  EXPECT_EQ(ds[0].message.find("bad file"), std::string::npos) << ds[0].message;
}

TEST(ConfigErrors, FileThatDoesNotExistIsNamed) {
  const auto ds = load_errors("/nonexistent/dir/gpu.yaml");
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].key, "--gpu");
  EXPECT_NE(ds[0].message.find("/nonexistent/dir/gpu.yaml"), std::string::npos);
  EXPECT_NE(ds[0].message.find("kepler"), std::string::npos) << "the message lists the built-in GPUs";
}

TEST(ConfigErrors, EmptyFileIsNotAConfig) {
  const auto ds = load_errors(write_temp_file("val/empty.yaml", ""));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_NE(ds[0].message.find("expected a YAML map"), std::string::npos);
}

TEST(ConfigErrors, RepeatedKeyInOneFileIsAnErrorNotASilentOverride) {
  const auto ds = load_errors(kepler_child("dup.yaml", "alu:\n  latency_cycles: 5\nalu:\n  latency_cycles: 7\n"));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].line, 4);  // the repeated section (config/yaml_file.cpp), before its repeated leaf
  EXPECT_EQ(ds[0].key, "alu");
  EXPECT_NE(ds[0].message.find("duplicate key (first given at line 2)"), std::string::npos) << ds[0].message;
}

TEST(ConfigErrors, RepeatedSectionsInheritsAndDocumentsAreErrors) {
  // yaml-cpp keeps repeated keys and looks up the first: a second `inherits` would be ignored
  // silently, and a second document after '---' too.
  const auto twice = load_errors(write_temp_file("val/inherits_twice.yaml", "inherits: kepler\ninherits: maxwell\n"));
  ASSERT_EQ(twice.size(), 1u);
  EXPECT_EQ(twice[0].line, 2);
  EXPECT_EQ(twice[0].key, "inherits");
  const auto docs = load_errors(write_temp_file("val/two_docs.yaml", "inherits: kepler\n---\ninherits: maxwell\n"));
  ASSERT_EQ(docs.size(), 1u);
  EXPECT_EQ(docs[0].line, 3);
  EXPECT_NE(docs[0].message.find("a second YAML document"), std::string::npos) << docs[0].message;
  // A nested repeat is named by its dotted path; a trailing '---' with nothing after it is fine.
  const auto nested = load_errors(kepler_child("nested_dup.yaml", "memory:\n  dram:\n    trcd_ns: 14\n    trcd_ns: 15\n"));
  ASSERT_FALSE(nested.empty());
  EXPECT_EQ(nested[0].key, "memory.dram.trcd_ns");
  EXPECT_TRUE(load_errors(write_temp_file("val/trailing_doc.yaml", "inherits: kepler\n---\n")).empty());
}

// yaml-cpp 0.7 reads a ',' that no node can start with as an empty document, again and again,
// allocating until the process dies (found by tests/fuzz/config_loader_fuzz): it is a syntax error
// at its place, in the first document or a later one.
TEST(ConfigErrors, AStrayCommaIsASyntaxErrorAtItsPlaceNotAHang) {
  const std::vector<std::pair<std::string, int>> files = {{",", 1}, {"# a comment\n  , x\n", 2}, {"inherits: kepler\n---\n,\n", 3}};
  for (const auto& [text, line] : files) {
    const auto ds = load_errors(write_temp_file("val/comma.yaml", text));
    ASSERT_EQ(ds.size(), 1u) << text;
    EXPECT_EQ(ds[0].line, line) << text;
    EXPECT_EQ(ds[0].message, "YAML syntax error: unexpected ','") << text;
  }
}

TEST(ConfigErrors, KeyThatIsNotANameIsAUserErrorNotACrash) {
  const auto ds = load_errors(kepler_child("complex_key.yaml", "? [a, b]\n: 5\n"));
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_NE(ds[0].message.find("expected a key name"), std::string::npos);
}

TEST(ConfigErrors, ErrorsOfOnePassAreReportedTogether) {
  const std::string p = kepler_child("many.yaml", "alu:\n  latncy_cycles: 5\ndevice:\n  sms: many\nscheduler:\n  count: 0\n");
  const auto ds = load_errors(p, {"bogus.key=1"});
  ASSERT_EQ(ds.size(), 4u);
  EXPECT_EQ(ds[0].line, 3);
  EXPECT_EQ(ds[1].line, 5);
  EXPECT_EQ(ds[2].line, 7);
  EXPECT_EQ(ds[3].file, "<--set>");
}

// The `servers` model is built from Table 6.5's b and c: a child that chooses it and clears one
// fails at load, at its line, not later when a run builds the memory system (h100_pcie did, stop
// 48). A child that also leaves the model loads.
TEST(ConfigErrors, ServersModelWithoutTable65FitIsRejectedAtLoadAtTheKeysLine) {
  const std::string p = kepler_child("no_fit.yaml", "memory:\n  model: servers\n  contention_c_gbps: 0\n");
  const auto ds = load_errors(p);
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].key, "memory.contention_c_gbps");
  EXPECT_EQ(ds[0].line, 4);
  EXPECT_NE(ds[0].message.find("Table 6.5's c"), std::string::npos) << ds[0].message;
  const auto b = load_errors(p, {"memory.contention_c_gbps=170", "memory.contention_b_cycles=-1"});
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0].key, "memory.contention_b_cycles");
  EXPECT_TRUE(load_errors(p, {"memory.model=fixed"}).empty());
}

}  // namespace
}  // namespace warpsim::config
