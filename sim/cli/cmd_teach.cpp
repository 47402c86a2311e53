// `warpsim teach CONCEPT`: one concept of latency hiding at a time (sim/teach/): the simulations it
// needs, an explanation with their numbers on stdout, and in --out-dir the figure's data
// (CONCEPT.csv) and the figure (CONCEPT.png, CONCEPT.svg, drawn by plots/teach_figures.py).
#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/commands.h"
#include "common/user_error.h"
#include "config/loader.h"
#include "report/atomic_file.h"
#include "report/plot_script.h"
#include "report/table.h"
#include "teach/lesson.h"

namespace warpsim::cli {
namespace {

struct TeachOptions {
  std::string concept_name;
  std::string gpu;
  std::vector<std::string> sets;
  std::string out_dir = "teach-out";
  int jobs = 1;
  bool no_figures = false;
};

std::string concepts_table() {
  report::Table t({{"concept"}, {"default_gpu"}, {"shows"}});
  for (const auto& c : teach::concepts()) t.add_row({c.name, c.default_gpu, c.summary});
  return t.to_text();
}

// The figure's files, drawn in a scratch directory: {png, svg} contents, or why none were drawn.
std::vector<std::string> draw(const std::string& name, const teach::Figure& figure, std::string& why_not) {
  why_not = report::plots_unavailable();
  if (!why_not.empty()) return {};
  const report::ScratchDir scratch;
  const auto layout = scratch.path() / "layout.json";
  const auto data = scratch.path() / "data.csv";
  report::write_file_atomically(layout.string(), figure.layout_json());
  report::write_file_atomically(data.string(), figure.to_csv());
  report::draw_or_throw("teach_figures.py", {layout.string(), data.string(), (scratch.path() / name).string()});
  return {report::read_drawn_file(scratch.path() / (name + ".png")), report::read_drawn_file(scratch.path() / (name + ".svg"))};
}

}  // namespace

void register_teach(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("teach", "Explain one concept of latency hiding with simulations: numbers, data and a figure (`teach list`)");
  auto o = std::make_shared<TeachOptions>();
  o->jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  cmd->add_option("concept", o->concept_name, "the concept, or `list` to list them")->required();
  cmd->add_option("--gpu", o->gpu, "GPU: a built-in name or a YAML file (default: the concept's own, `warpsim teach list`)");
  cmd->add_option("--set", o->sets, "override a config field, e.g. --set memory.model=queue (repeatable)");
  cmd->add_option("--out-dir", o->out_dir, "directory for CONCEPT.csv, CONCEPT.png and CONCEPT.svg (made if missing)")
      ->capture_default_str();
  cmd->add_option("--jobs", o->jobs, "simulations in parallel (default: hardware threads; the output does not depend on it)")
      ->check(CLI::Range(1, 1024));
  cmd->add_flag("--no-figures", o->no_figures, "write the data and print the text, draw no figure");
  cmd->footer("Concepts:\n" + concepts_table());
  cmd->callback([o, cmd] {
    if (o->concept_name == "list") {
      // The list takes no lesson's options: given, they would do nothing without a word.
      for (const char* opt : {"--gpu", "--set", "--out-dir", "--jobs", "--no-figures"})
        if (cmd->count(opt) > 0) throw UserError(Diagnostic{"<cli>", 0, 0, opt, "does not apply to `teach list`"});
      std::cout << concepts_table();
      return;
    }
    const teach::Concept& c = teach::find_concept(o->concept_name);
    teach::LessonInput in;
    in.cfg = config::load_hw_config(o->gpu.empty() ? c.default_gpu : o->gpu, o->sets);
    in.jobs = o->jobs;
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(o->out_dir, ec) && !fs::is_directory(o->out_dir, ec))
      throw UserError(Diagnostic{o->out_dir, 0, 0, "--out-dir", "exists and is not a directory"});
    const teach::Lesson lesson = c.run(in);
    std::string why_not = o->no_figures ? "not requested (--no-figures)" : "";
    const std::vector<std::string> drawn = o->no_figures ? std::vector<std::string>{} : draw(c.name, lesson.figure, why_not);
    // Everything is computed and drawn before the directory is made and the files written.
    if (!fs::create_directories(o->out_dir, ec) && ec)
      throw UserError(Diagnostic{o->out_dir, 0, 0, "--out-dir", "cannot create the directory: " + ec.message()});
    const fs::path base = fs::path(o->out_dir) / c.name;
    std::vector<std::string> written = {base.string() + ".csv"};
    report::write_file_atomically(written[0], lesson.figure.to_csv(), "--out-dir");
    if (!drawn.empty())
      for (size_t i = 0; i < 2; ++i) {
        written.push_back(base.string() + (i == 0 ? ".png" : ".svg"));
        report::write_file_atomically(written.back(), drawn[i], "--out-dir");
      }
    std::cout << lesson.text << "\n";
    for (const auto& w : written) std::cout << "wrote " << w << "\n";
    if (drawn.empty()) std::cerr << "warpsim: note: no figure: " << why_not << "\n";
  });
}

}  // namespace warpsim::cli
