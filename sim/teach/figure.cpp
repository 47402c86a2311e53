#include "teach/figure.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <stdexcept>

#include "report/table.h"

namespace warpsim::teach {

const char* style_name(Style s) {
  switch (s) {
    case Style::kLine:
      return "line";
    case Style::kDashed:
      return "dashed";
    case Style::kPoints:
      return "points";
    case Style::kMarks:
      return "marks";
    case Style::kStep:
      return "step";
    case Style::kHLine:
      return "hline";
    case Style::kVLine:
      return "vline";
  }
  return "line";
}

Series& Figure::add(int panel, std::string name, Style style, std::vector<double> x, std::vector<double> y) {
  series.push_back(Series{panel, std::move(name), style, std::move(x), std::move(y)});
  return series.back();
}

void Figure::hline(int panel, std::string name, double y) { add(panel, std::move(name), Style::kHLine).y = {y}; }

void Figure::vline(int panel, std::string name, double x) { add(panel, std::move(name), Style::kVLine).x = {x}; }

const Series& Figure::find(const std::string& name) const {
  for (const auto& s : series)
    if (s.name == name) return s;
  throw std::logic_error("lesson figure has no series '" + name + "'");
}

std::string Figure::to_csv() const {
  const auto number = [](const std::vector<double>& v, size_t i) {
    return i < v.size() && std::isfinite(v[i]) ? report::exact_number(v[i]) : std::string();
  };
  std::string out = "panel,series,style,x,y\n";
  for (const auto& s : series) {
    const size_t n = std::max(s.x.size(), s.y.size());
    for (size_t i = 0; i < n; ++i)
      out += std::to_string(s.panel) + "," + report::csv_escape(s.name) + "," + style_name(s.style) + "," + number(s.x, i) + "," +
             number(s.y, i) + "\n";
  }
  return out;
}

std::string Figure::layout_json() const {
  nlohmann::json j;
  j["title"] = title;
  j["panels"] = nlohmann::json::array();
  for (const auto& p : panels)
    j["panels"].push_back(
        {{"title", p.title}, {"xlabel", p.xlabel}, {"ylabel", p.ylabel}, {"log2_x", p.log2_x}, {"y_from_zero", p.y_from_zero}});
  return j.dump(1) + "\n";
}

}  // namespace warpsim::teach
