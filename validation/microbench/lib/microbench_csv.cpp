#include "microbench_csv.h"

#include <cmath>
#include <cstdio>
#include <set>
#include <stdexcept>

namespace warpsim::validation {

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string format_value(double v) {
  if (v == 0) return "0";  // also turns -0 into 0
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.7g", v);
  return buf;
}

namespace {

bool valid_key(const std::string& key) {
  if (key.empty()) return false;
  for (char c : key)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

std::string one_line(const std::string& text) {
  std::string out;
  for (char c : text) out += (c == '\n' || c == '\r') ? ' ' : c;
  return out;
}

}  // namespace

std::string measurement_csv(const Metadata& metadata, const std::vector<MeasurementRow>& rows) {
  std::string out;
  for (const auto& [key, value] : metadata) {
    if (!valid_key(key)) throw std::invalid_argument("bad metadata key '" + key + "'");
    out += "# " + key + ": " + one_line(value) + "\n";
  }
  out += kMeasurementHeader;
  out += "\n";
  std::set<std::string> ids;
  for (const auto& r : rows) {
    if (r.id.empty() || !ids.insert(r.id).second) throw std::invalid_argument("duplicate or empty row id '" + r.id + "'");
    if (!std::isfinite(r.value)) throw std::invalid_argument("non-finite value in row '" + r.id + "'");
    const std::string warps = r.warps_per_sm ? format_value(*r.warps_per_sm) : "";
    out += csv_field(r.id) + "," + csv_field(r.gpu) + "," + csv_field(r.quantity) + "," + csv_field(r.workload) + "," +
           csv_field(r.params) + "," + warps + "," + format_value(r.value) + "," + csv_field(r.unit) + "," + csv_field(r.source) + "," +
           csv_field(r.note) + "\n";
  }
  return out;
}

}  // namespace warpsim::validation
