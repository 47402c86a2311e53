// Bad input, found by mutation: the built-in configs, workloads, case files and measurement CSVs,
// each damaged at random (a line dropped, doubled or swapped, a value replaced by garbage, the file
// cut short), must never crash or hang warpsim. Either the damage is harmless (exit 0 or 1), or the
// error names the file and a line (exit 2) and no output is left behind (docs/architecture.md,
// "Errors"). A fixed seed makes every run of the suite try the same mutants.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <sstream>
#include <vector>

#include "common/data_paths.h"
#include "support/test_support.h"

namespace fs = std::filesystem;

namespace warpsim::test {
namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) lines.push_back(l);
  if (lines.empty()) lines.emplace_back();
  return lines;
}

class Mutator {
 public:
  explicit Mutator(uint32_t seed) : rng_(seed) {}

  std::string mutate(const std::string& text) {
    static const std::vector<std::string> garbage = {
        "abc",  "-1",  "0", "1e308", "nan", "inf", "",  "[", "{", "}", "'", "\"", "99999999999999999999",
        "0x10", "1.5", "~", ":",     "&a",  "*a",  "\t"};
    std::vector<std::string> lines = split_lines(text);
    const size_t i = pick(lines.size());
    switch (pick(7)) {
      case 0:
        lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      case 1:
        lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(i), lines[pick(lines.size())]);
        break;
      case 2:
        std::swap(lines[i], lines[pick(lines.size())]);
        break;
      case 3: {  // the value after a ':', '=' or ',' becomes garbage
        static const std::regex value(R"(([:=,])\s*[^\s,#\]\}]*)");
        std::smatch m;
        if (std::regex_search(lines[i], m, value))
          lines[i] = m.prefix().str() + m[1].str() + " " + garbage[pick(garbage.size())] + m.suffix().str();
        break;
      }
      case 4:
        lines[i].insert(pick(lines[i].size() + 1), garbage[pick(garbage.size())]);
        break;
      case 5:
        lines[i].insert(0, std::string(1 + pick(3), ' '));
        break;
      default: {  // cut the file short
        std::string joined = join(lines);
        return joined.substr(0, pick(joined.size() + 1));
      }
    }
    return join(lines);
  }

 private:
  size_t pick(size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<size_t>(0, n - 1)(rng_); }
  static std::string join(const std::vector<std::string>& lines) {
    std::string s;
    for (const auto& l : lines) s += l + "\n";
    return s;
  }
  std::mt19937 rng_;
};

struct Outcome {
  int exit_code;
  std::string err;
};

// Runs warpsim with a time limit: a hang shows as exit 124, a crash as -1.
Outcome run_limited(const std::string& args) {
  static int counter = 0;
  const std::string err_file = temp_dir() + "/mutant_err_" + std::to_string(counter++);
  const std::string cmd = "timeout 120 " + std::string(WARPSIM_BIN) + " " + args + " >/dev/null 2>" + err_file;
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(err_file)};
}

// `command` runs warpsim on the mutant (written to `mutant`) and writes `output` (a file or directory).
void check_mutants(const std::vector<std::string>& sources, const std::string& mutant_name, uint32_t seed, int count,
                   const std::function<std::string(const std::string&, const std::string&)>& command) {
  Mutator mutator(seed);
  const std::string output = temp_dir() + "/mutant_output";
  for (int n = 0; n < count; ++n) {
    std::string text = mutator.mutate(slurp(data_dir("") / sources[static_cast<size_t>(n) % sources.size()]));
    if (n % 3 == 0) text = mutator.mutate(text);
    const std::string mutant = write_temp_file(mutant_name, text);
    fs::remove_all(output);
    const Outcome r = run_limited(command(mutant, output));
    SCOPED_TRACE("mutant " + std::to_string(n) + " of " + sources[static_cast<size_t>(n) % sources.size()] + ":\n" + text);
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2) << "exit " << r.exit_code << "\n" << r.err;
    if (r.exit_code != 2) continue;
    // The mutant's name and a line, or a command-line option the damaged file made invalid.
    const bool names_line = std::regex_search(r.err, std::regex(mutant_name + R"(:\d+)"));
    EXPECT_TRUE(names_line || r.err.find("<cli>") != std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(output)) << "partial output left after: " << r.err;
  }
}

}  // namespace

TEST(MutatedInput, ConfigsFailCleanly) {
  check_mutants({"hw_configs/maxwell.yaml", "hw_configs/kepler.yaml", "hw_configs/g80.yaml", "hw_configs/toy/fig4_7.yaml"}, "mutant.yaml",
                11, 48, [](const std::string& m, const std::string& out) {
                  return "run --gpu " + m + " --workload alpha_mix --param alpha=1 --param loads=8 --warps 4 --sms 1 --format csv --out " +
                         out;
                });
}

TEST(MutatedInput, WorkloadsFailCleanly) {
  check_mutants({"workloads/vabs.wl", "workloads/permute.wl", "workloads/vector_add.wl", "workloads/table_3_2.wl"}, "mutant.wl", 12, 48,
                [](const std::string& m, const std::string& out) {
                  return "run --gpu maxwell --workload " + m + " --warps 4 --sms 1 --format csv --out " + out;
                });
}

TEST(MutatedInput, CaseFilesFailCleanly) {
  check_mutants({"validation/cases/table_6_2.yaml", "validation/cases/table_6_5.yaml"}, "mutant_cases.yaml", 13, 32,
                [](const std::string& m, const std::string& out) {
                  return "validate --cases " + m + " --gpu fermi --no-figures --memory-models none --jobs 2 --out-dir " + out;
                });
}

TEST(MutatedInput, MeasurementCsvsFailCleanly) {
  check_mutants({"validation/measurements/volkov2016_tables.csv", "validation/measurements/lemeire2016.csv"}, "mutant.csv", 14, 48,
                [](const std::string& m, const std::string& out) {
                  return "validate --measurements " + m + " --case no_such_case --no-figures --memory-models none --out-dir " + out;
                });
}

TEST(MutatedInput, EmptyFilesNameALine) {
  const auto wl = run_limited("run --gpu maxwell --workload " + write_temp_file("empty.wl", "# nothing\n") + " --warps 4");
  EXPECT_EQ(wl.exit_code, 2);
  EXPECT_NE(wl.err.find("empty.wl:1: the workload has no instructions"), std::string::npos) << wl.err;
  const auto cases = run_limited("validate --cases " + write_temp_file("empty_cases.yaml", "# nothing\n") + " --no-figures --out-dir " +
                                 temp_dir() + "/never");
  EXPECT_EQ(cases.exit_code, 2);
  EXPECT_NE(cases.err.find("empty_cases.yaml:1:1: cases: the file holds no cases"), std::string::npos) << cases.err;
  // Empty lists named the user's --gpu instead ("no validation case covers kepler: the cases cover ;").
  const auto no_list = run_limited("validate --cases " + write_temp_file("no_cases.yaml", "cases: []\n") +
                                   " --gpu kepler --no-figures --out-dir " + temp_dir() + "/never");
  EXPECT_EQ(no_list.exit_code, 2);
  EXPECT_NE(no_list.err.find("no_cases.yaml:1:8: cases: an empty list: the file holds no cases"), std::string::npos) << no_list.err;
  const std::string no_gpus =
      "cases:\n  - id: x\n    description: d\n    gpus: []\n    workload: homogeneous\n    params: {op: add}\n"
      "    extract: {kind: throughput_at, metric: ipc_per_sm, warps: 4}\n    compare: {value: 1}\n    tolerance: {relative: 0.1}\n"
      "    tolerance_reason: r\n";
  const auto gpus = run_limited("validate --cases " + write_temp_file("no_gpus.yaml", no_gpus) + " --gpu kepler --no-figures --out-dir " +
                                temp_dir() + "/never");
  EXPECT_EQ(gpus.exit_code, 2);
  EXPECT_NE(gpus.err.find("no_gpus.yaml:4:11: gpus: an empty list: name at least one GPU"), std::string::npos) << gpus.err;
  EXPECT_FALSE(std::filesystem::exists(temp_dir() + "/never"));
}

TEST(MutatedInput, AMissingConfigFieldNamesItsSection) {
  std::string text = slurp(data_dir("hw_configs") / "kepler.yaml");
  const auto at = text.find("  max_blocks:");
  ASSERT_NE(at, std::string::npos);
  text.erase(at, text.find('\n', at) + 1 - at);
  const std::string cfg = write_temp_file("no_max_blocks.yaml", text);
  const auto r = run_limited("run --gpu " + cfg + " --workload alpha_mix --warps 4 --sms 1");
  EXPECT_EQ(r.exit_code, 2);
  const auto sm_line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find("\nsm:") + 1), '\n');
  EXPECT_NE(r.err.find("no_max_blocks.yaml:" + std::to_string(sm_line) + ":1: sm.max_blocks: missing required field"), std::string::npos)
      << r.err;
}

}  // namespace warpsim::test
