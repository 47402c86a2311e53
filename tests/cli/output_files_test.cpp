// Output paths of every command (report/atomic_file.h): a regular file is replaced atomically, a
// device or pipe is written in place (never replaced by a plain file), two options may not name
// one file, and a path that cannot be written is refused before anything runs or is written.
// Standard output that cannot be written is an error with its reason (cli/standard_output.h).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include "support/test_support.h"

namespace warpsim::test {
namespace {

namespace fs = std::filesystem;

const std::string kRun = "run --gpu kepler --workload homogeneous --param op=stream --param count=64 --warps 8";

std::string dir_for(const std::string& name) {
  const std::string d = temp_dir() + "/outputs/" + name;
  fs::create_directories(d);
  return d;
}

}  // namespace

TEST(OutputFiles, APipeIsWrittenInPlaceNotReplaced) {
  const std::string d = dir_for("fifo");
  const std::string fifo = d + "/pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0644), 0);
  std::string received;
  std::thread reader([&] {
    std::ifstream in(fifo, std::ios::binary);
    received.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  });
  const CliRun r = run_cli(kRun + " --format csv --out " + fifo);
  reader.join();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_fifo(fifo));  // a rename would leave a plain file here, and the reader get nothing
  EXPECT_EQ(received, run_cli(kRun + " --format csv").out);
}

TEST(OutputFiles, ALinkToADeviceStaysALinkToTheDevice) {
  const std::string d = dir_for("devnull");
  const std::string link = d + "/sink";
  fs::create_symlink("/dev/null", link);
  const CliRun r = run_cli(kRun + " --out " + link + " --warp-log " + link);  // a device may take two outputs
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
}

// Only the process's own descriptors and non-regular files are written in place: a regular file
// under /dev (the /dev/shm tmpfs) is replaced, not appended to.
TEST(OutputFiles, ARegularFileUnderDevIsReplacedNotAppendedTo) {
  const std::string dir = fs::is_directory("/dev/shm") ? std::string("/dev/shm") : dir_for("shm");
  const std::string out = dir + "/warpsim_output_files_test_" + std::to_string(::getpid()) + ".csv";
  ASSERT_EQ(run_cli(kRun + " --format csv --out " + out).exit_code, 0);
  ASSERT_EQ(run_cli(kRun + " --format csv --out " + out).exit_code, 0);
  std::ifstream in(out);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  fs::remove(out);
  EXPECT_EQ(text, run_cli(kRun + " --format csv").out);
}

TEST(OutputFiles, TwoOptionsNamingOneFileAreRefusedBeforeTheRun) {
  const std::string d = dir_for("same");
  fs::create_symlink(d + "/same.csv", d + "/alias");  // a dangling link to the same file
  for (const std::string& second : {d + "/same.csv", d + "/./same.csv", d + "/alias"}) {
    const CliRun r = run_cli(kRun + " --out " + d + "/same.csv --warp-log " + second);
    EXPECT_EQ(r.exit_code, 2) << second;
    EXPECT_NE(r.err.find("--warp-log: is also --out's file"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(d + "/same.csv"));
  }
  const CliRun bound = run_cli("bound --gpu kepler --workload vector_add --warps 8 --out " + d + "/b.txt --graph " + d + "/b.txt");
  EXPECT_EQ(bound.exit_code, 2);
  EXPECT_NE(bound.err.find("--graph: is also --out's file"), std::string::npos) << bound.err;
  const CliRun compare =
      run_cli("compare-memory --gpu kepler --models fixed --warps 8 --loads 4 --sms 1 --out " + d + "/c.csv --points-out " + d + "/c.csv");
  EXPECT_EQ(compare.exit_code, 2);
  EXPECT_NE(compare.err.find("--points-out: is also --out's file"), std::string::npos) << compare.err;
}

// --out naming the workload or config the command reads once replaced it with the results.
TEST(OutputFiles, AnOutputNamingTheCommandsOwnInputIsRefusedAndTheInputKept) {
  const std::string d = dir_for("input");
  const std::string wl = d + "/k.wl", gpu = d + "/g.yaml";
  const std::string wl_text = ".array a 64MB\nLD R1, [R2] ; pattern=stream array=a\nEXIT\n", gpu_text = "inherits: kepler\n";
  std::ofstream(wl) << wl_text;
  std::ofstream(gpu) << gpu_text;
  for (const std::string& cmd : {"run --gpu kepler --workload " + wl + " --warps 8 --sms 1 --out " + wl,
                                 "bound --gpu kepler --workload " + wl + " --warps 8 --out " + wl,
                                 "run --gpu " + gpu + " --workload vector_add --warps 8 --sms 1 --out " + d + "/./g.yaml"}) {
    const CliRun r = run_cli(cmd);
    EXPECT_EQ(r.exit_code, 2) << cmd;
    EXPECT_NE(r.err.find("--out: is the input file"), std::string::npos) << r.err;
  }
  EXPECT_EQ(slurp(wl), wl_text);
  EXPECT_EQ(slurp(gpu), gpu_text);
}

TEST(OutputFiles, ADirectoryIsRefusedBeforeAnyOtherOutputIsWritten) {
  const std::string d = dir_for("directory");
  const CliRun r = run_cli(kRun + " --warp-log " + d + "/good.csv --occupancy-log " + d);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--occupancy-log: is a directory"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(d + "/good.csv"));  // was written before the directory was found
  const CliRun graph = run_cli("bound --gpu kepler --workload vector_add --warps 8 --graph " + d);
  EXPECT_EQ(graph.exit_code, 2);
  EXPECT_NE(graph.err.find("--graph: is a directory"), std::string::npos) << graph.err;  // was labelled --out
}

// A full device or a closed stdout: exit 1 and the reason on stderr, not output silently lost; a
// command that writes only to --out is fine with stdout closed, and --out does not take fd 1.
TEST(OutputFiles, StandardOutputThatCannotBeWrittenIsAnErrorWithItsReason) {
  const std::string d = dir_for("stdout");
  const auto shell = [&](const std::string& args, const std::string& redirect) {
    const std::string cmd = std::string(WARPSIM_BIN) + " " + args + " " + redirect + " 2>" + d + "/err.txt";
    const int status = std::system(cmd.c_str());
    return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(d + "/err.txt"));
  };
  // `sweep` writes its lines as they come, as every command does its output: the same error, and it
  // stops at the first line that fails.
  const std::string sweep = "sweep --gpu maxwell --workload alpha_mix --param loads=4 --warps 4:8:4 --sms 1 --quiet";
  if (fs::exists("/dev/full")) {
    for (const std::string& args : {std::string("list gpus"), kRun, std::string("--help"), sweep}) {
      const auto [code, err] = shell(args, ">/dev/full");
      EXPECT_EQ(code, 1) << args;
      EXPECT_NE(err.find("writing standard output: No space left on device"), std::string::npos) << args << ": " << err;
    }
  }
  for (const std::string& args : {std::string("list gpus"), sweep}) {
    const auto [code, err] = shell(args, ">&-");
    EXPECT_EQ(code, 1) << args;
    EXPECT_NE(err.find("writing standard output: Bad file descriptor"), std::string::npos) << args << ": " << err;
  }
  const auto [out_code, out_err] = shell("list gpus --out " + d + "/gpus.txt", ">&-");
  EXPECT_EQ(out_code, 0) << out_err;
  EXPECT_NE(slurp(d + "/gpus.txt").find("kepler"), std::string::npos);
}

}  // namespace warpsim::test
