// A lesson's figure as plain data: panels with titles and axis labels, and named series drawn in
// one of a few styles. The C++ side decides every label (with the run's numbers), the figure
// script (plots/teach_figures.py) only draws, and the tests read the same data the figure shows.
#pragma once

#include <string>
#include <vector>

namespace warpsim::teach {

// How a series is drawn. kHLine holds its value in y (x empty), kVLine in x (y empty).
enum class Style { kLine, kDashed, kPoints, kMarks, kStep, kHLine, kVLine };
const char* style_name(Style s);

struct Series {
  int panel = 0;
  std::string name;  // the legend label
  Style style = Style::kLine;
  std::vector<double> x, y;
};

struct Panel {
  std::string title;
  std::string xlabel;
  std::string ylabel;
  bool log2_x = false;  // an axis of powers of two (α)
  bool y_from_zero = true;
};

struct Figure {
  std::string title;
  std::vector<Panel> panels;
  std::vector<Series> series;

  Series& add(int panel, std::string name, Style style, std::vector<double> x = {}, std::vector<double> y = {});
  void hline(int panel, std::string name, double y);
  void vline(int panel, std::string name, double x);
  // The first series of that name (throws std::logic_error when there is none: a bug in a lesson).
  const Series& find(const std::string& name) const;

  // Long form, one row per point: panel,series,style,x,y (a blank for the coordinate a line
  // across the panel does not have).
  std::string to_csv() const;
  // Title and panels as JSON, for the figure script.
  std::string layout_json() const;
};

}  // namespace warpsim::teach
