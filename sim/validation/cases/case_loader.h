// Loading validation cases from YAML (validation/cases/*.yaml; the format is docs/validation.md).
// Every problem of every file is reported together as file:line:column: key: message, unknown keys
// included, and nothing is returned unless all files are valid.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "common/user_error.h"
#include "validation/cases/case_spec.h"

namespace warpsim::validation {

// GPU name (gpu.name) -> the config to run it with, for GPUs given as files (`validate --gpu
// FILE`): a case naming such a GPU runs, and is checked, with that file.
using GpuConfigArgs = std::map<std::string, std::string>;

// A directory contributes every *.yaml under it, in sorted path order. Case ids must be unique
// across all files. Throws UserError.
std::vector<CaseSpec> load_cases(const std::vector<std::filesystem::path>& paths, const GpuConfigArgs& gpu_configs = {});
// The cases of one file's text already in memory; `path` names it in messages.
std::vector<CaseSpec> load_cases_text(const std::string& text, const std::string& path, const GpuConfigArgs& gpu_configs = {});

// A diagnostic at every case whose id an earlier case already has (load_cases, and validate's
// final list, where a derived case may take a case file's id).
void check_unique_case_ids(const std::vector<CaseSpec>& cases, DiagnosticSink& sink);

// The built-in cases: data_dir("validation") / "cases".
std::filesystem::path builtin_cases_dir();

}  // namespace warpsim::validation
