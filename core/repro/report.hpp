// Reproduction reports: the data a `kbcx reproduce NAME` run produces (tables, charts, prose),
// independent of how it is rendered (Markdown + PNG by the CLI, a page in the GUI).
#pragma once

#include <string>
#include <vector>

namespace kbcx::repro {

/// A table of the report; cells are already formatted text (e.g. "0.812 ± 0.031").
struct Table {
    std::string title;
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

/// One line of a chart: y over x, drawn in the order given.
struct Series {
    std::string name;
    std::vector<double> x;
    std::vector<double> y;
    std::vector<double> y_err; ///< optional error bars (same length as y, or empty)
};

/// A line chart; `file` is the PNG file name inside the report folder (e.g. "fvr_gci0.png").
struct Chart {
    std::string title;
    std::string x_label;
    std::string y_label;
    std::string file;
    std::vector<Series> series;
};

/// A claim of the paper checked on our numbers: `holds` says whether our run shows it.
struct Check {
    std::string claim;
    bool holds = false;
    std::string detail; ///< the numbers behind the verdict
};

/// A block of the report, rendered in order.
struct Section {
    std::string heading;
    std::vector<std::string> paragraphs; ///< Markdown text
    std::vector<Table> tables;
    std::vector<Chart> charts;
    std::vector<Check> checks;
};

/// Everything one reproduction produced.
struct Report {
    std::string name;                  ///< e.g. "rank-vs-faithfulness"
    std::string title;                 ///< e.g. "Ranking accuracy vs faithfulness on Pizza GCI0"
    std::string mode;                  ///< "quick" or "full"
    std::vector<std::string> commands; ///< exact kbcx commands equivalent to what was run
    std::vector<unsigned long long> seeds;
    double wall_seconds = 0;
    int threads = 1;
    std::string data_dir;    ///< the data folder the run read
    std::string started_utc; ///< e.g. "2026-11-29 17:40:02 UTC"
    std::string summary;     ///< one paragraph: what the finding is and what our run shows
    std::vector<Section> sections;
};

} // namespace kbcx::repro
