// Rendering of a reproduction Report: Markdown (what `kbcx reproduce` writes as report.md and
// the GUI shows) and JSON (report.json, for scripts and for comparing runs).
#pragma once

#include "repro/report.hpp"

#include <limits>
#include <string>
#include <vector>

namespace kbcx::repro {

/// The report as Markdown:
///   # title
///   a line with mode, wall time, seeds, threads, data folder and start time
///   the summary paragraph
///   ## Commands (a ```sh block with report.commands)
///   per section: ## heading, paragraphs, tables (### title + a pipe table), charts as
///   ![title](file), checks as "- ✔ claim — detail" / "- ✘ claim — detail" lines.
/// Pipe characters inside cells are escaped.
std::string render_markdown(const Report& report);

/// The report as one JSON object with the same content (charts with their series data).
std::string render_json(const Report& report);

/// Format helpers shared by the reproductions: "0.812 ± 0.031" (std omitted when n < 2, "–"
/// for NaN), and a plain number with `digits` decimals.
std::string mean_std_text(double mean, double std, int digits = 2, bool with_std = true);
std::string number_text(double v, int digits = 2);

/// A missing figure; the helpers above render it as "–".
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// A model as the reports name it: "TransE" for TransE-L1, "R-GCN" for rgcn, the name otherwise.
std::string display(const std::string& model);
/// The items of `v` with `sep` between them.
std::string join(const std::vector<std::string>& v, const std::string& sep);

} // namespace kbcx::repro
