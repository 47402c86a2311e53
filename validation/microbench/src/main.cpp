// warpsim_microbench: measures the GPU it runs on with the experimental setup of Volkov 2016 ch. 5
// and the parameter extraction of ch. 6, and writes warpsim's measurement CSV (see README.md).
// Exit status: 0 success, 1 a CUDA or measurement failure, 2 bad command-line input.
#include <cstdio>
#include <stdexcept>

#include "options.h"
#include "suite.h"

int main(int argc, char** argv) {
  using namespace warpsim::microbench;
  Options opt;
  try {
    opt = parse_options(argc, argv);
  } catch (const HelpRequested&) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "warpsim_microbench: %s\n%s", e.what(), usage().c_str());
    return 2;
  }
  try {
    return opt.check_sass_only ? check_sass_only(opt) : run_suite(opt);
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "warpsim_microbench: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "warpsim_microbench: error: %s\n", e.what());
    return 1;
  }
}
