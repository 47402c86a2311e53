// The error text loading a case file gives, for the case-loader tests (a failure if it loads).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "common/user_error.h"
#include "validation/cases/case_loader.h"

namespace warpsim::validation {

inline std::string load_error(const std::string& path) {
  try {
    load_cases({path});
  } catch (const UserError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected a UserError for " << path;
  return "";
}

}  // namespace warpsim::validation
