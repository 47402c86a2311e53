// Help text without CLI11's type artefacts: `--sms N in [1, 4096]` rather than
// `--sms INT:INT in [1 - 4096]`, `--format {table,csv,json}=table` rather than
// `--format TEXT:{table,csv,json}=table`, and a name that says what a text option takes.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace warpsim::cli {

class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_option_opts(const CLI::Option* opt) const override;
};

// The value part of one option's help line, as HelpFormatter prints it (" N in [1, 4096]=1").
std::string option_value_text(const CLI::Option& opt);

}  // namespace warpsim::cli
