#include "config/hw_config.h"

#include <cstdint>

namespace warpsim::config {

Diagnostic HwConfig::diagnostic(const std::string& key, std::string message) const {
  Diagnostic d{source_file.empty() ? "<config>" : source_file, 0, 0, key, ""};
  if (key_sources)
    if (const auto it = key_sources->find(key); it != key_sources->end()) d = it->second;
  d.message = std::move(message);
  // A rule a --set broke through a value derived from it (a memory clock scales Table 6.5's c; a
  // line charge lengthens the servers' unloaded time) blames a line the user did not touch: say
  // which --set keys the run has, so the cause is in the message.
  if (key_sources && d.file != "<--set>") {
    std::string sets;
    for (const auto& [name, source] : *key_sources)
      if (source.file == "<--set>" && source.key == name) sets += (sets.empty() ? "" : ", ") + name;  // given, not derived
    if (!sets.empty()) d.message += " (with --set " + sets + ")";
  }
  return d;
}

Diagnostic HwConfig::conflict(std::initializer_list<const char*> keys, std::string message) const {
  // The layer that set a key: 0 a --set, 1 + its file's place in the chain, or none (a default).
  const auto layer = [&](const char* key) -> size_t {
    if (!key_sources) return SIZE_MAX;
    const auto it = key_sources->find(key);
    if (it == key_sources->end()) return SIZE_MAX;
    if (it->second.file == "<--set>") return 0;
    if (layer_files)
      for (size_t i = 0; i < layer_files->size(); ++i)
        if ((*layer_files)[i] == it->second.file) return 1 + i;
    return SIZE_MAX - 1;
  };
  const char* culprit = *keys.begin();
  for (const char* key : keys)
    if (layer(key) < layer(culprit)) culprit = key;
  return diagnostic(culprit, std::move(message));
}

}  // namespace warpsim::config
