// Name tables of the config enums: the single place where their spellings are defined.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/hw_config.h"

namespace warpsim::config {

template <typename E>
const std::vector<std::pair<E, const char*>>& enum_table();

template <typename E>
std::vector<std::string> enum_names() {
  std::vector<std::string> out;
  for (const auto& [v, n] : enum_table<E>()) out.emplace_back(n);
  return out;
}

template <typename E>
std::optional<E> enum_from_name(const std::string& name) {
  for (const auto& [v, n] : enum_table<E>())
    if (name == n) return v;
  return std::nullopt;
}

}  // namespace warpsim::config
