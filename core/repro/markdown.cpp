// Markdown and JSON renderers of reproduction reports; see markdown.hpp.
#include "repro/markdown.hpp"

#include "common/json.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace kbcx::repro {

namespace {

std::string cell(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n')
            out += ' ';
        else
            out += c;
    }
    return out;
}

void table_md(std::ostringstream& md, const Table& t) {
    if (!t.title.empty()) md << "### " << t.title << "\n\n";
    if (t.header.empty()) return;
    md << "|";
    for (const auto& h : t.header)
        md << " " << cell(h) << " |";
    md << "\n|";
    for (std::size_t i = 0; i < t.header.size(); ++i)
        md << "---|";
    md << "\n";
    for (const auto& row : t.rows) {
        md << "|";
        for (std::size_t i = 0; i < t.header.size(); ++i)
            md << " " << (i < row.size() ? cell(row[i]) : std::string()) << " |";
        md << "\n";
    }
    md << "\n";
}

} // namespace

std::string number_text(double v, int digits) {
    if (!std::isfinite(v)) return "–";
    char b[48];
    std::snprintf(b, sizeof b, "%.*f", digits, std::abs(v) < 0.5 * std::pow(10.0, -digits) ? 0.0 : v);
    return b;
}

std::string display(const std::string& model) {
    if (model == "TransE-L1") return "TransE";
    if (model == "rgcn") return "R-GCN";
    return model;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i)
        s += (i ? sep : "") + v[i];
    return s;
}

std::string mean_std_text(double mean, double std, int digits, bool with_std) {
    if (!std::isfinite(mean)) return "–";
    if (!with_std || !std::isfinite(std)) return number_text(mean, digits);
    return number_text(mean, digits) + " ± " + number_text(std, digits);
}

std::string render_markdown(const Report& r) {
    std::ostringstream md;
    md << "# " << r.title << "\n\n";
    md << "`" << r.name << "` · mode **" << r.mode << "** · wall time " << number_text(r.wall_seconds, 1) << " s";
    md << " · seeds ";
    for (std::size_t i = 0; i < r.seeds.size(); ++i)
        md << (i ? ", " : "") << r.seeds[i];
    if (r.seeds.empty()) md << "–";
    md << " · threads " << r.threads;
    if (!r.data_dir.empty()) md << " · data `" << r.data_dir << "`";
    if (!r.started_utc.empty()) md << " · started " << r.started_utc;
    md << "\n\n";
    if (!r.summary.empty()) md << r.summary << "\n\n";
    if (!r.commands.empty()) {
        md << "## Commands\n\nThe same computation with `kbcx` commands (one seed shown where seeds "
              "repeat; `$DATA` is the data folder named above):\n\n```sh\n";
        for (const auto& c : r.commands)
            md << c << "\n";
        md << "```\n\n";
    }
    for (const auto& s : r.sections) {
        md << "## " << s.heading << "\n\n";
        for (const auto& p : s.paragraphs)
            md << p << "\n\n";
        for (const auto& t : s.tables)
            table_md(md, t);
        for (const auto& c : s.charts)
            md << "![" << c.title << "](" << c.file << ")\n\n";
        if (!s.checks.empty()) {
            for (const auto& c : s.checks) {
                md << "- " << (c.holds ? "✔" : "✘") << " " << c.claim;
                if (!c.detail.empty()) md << " — " << c.detail;
                md << "\n";
            }
            md << "\n";
        }
    }
    return md.str();
}

std::string render_json(const Report& r) {
    JsonWriter j(true);
    j.begin_object();
    j.field("name", r.name).field("title", r.title).field("mode", r.mode);
    j.field("wall_seconds", r.wall_seconds).field("threads", r.threads);
    j.field("data_dir", r.data_dir).field("started_utc", r.started_utc).field("summary", r.summary);
    j.key("seeds").begin_array();
    for (auto s : r.seeds)
        j.value(static_cast<std::uint64_t>(s));
    j.end_array();
    j.key("commands").begin_array();
    for (const auto& c : r.commands)
        j.value(c);
    j.end_array();
    j.key("sections").begin_array();
    for (const auto& s : r.sections) {
        j.begin_object().field("heading", s.heading);
        j.key("paragraphs").begin_array();
        for (const auto& p : s.paragraphs)
            j.value(p);
        j.end_array();
        j.key("tables").begin_array();
        for (const auto& t : s.tables) {
            j.begin_object().field("title", t.title);
            j.key("header").begin_array();
            for (const auto& h : t.header)
                j.value(h);
            j.end_array();
            j.key("rows").begin_array();
            for (const auto& row : t.rows) {
                j.begin_array();
                for (const auto& c : row)
                    j.value(c);
                j.end_array();
            }
            j.end_array().end_object();
        }
        j.end_array();
        j.key("charts").begin_array();
        for (const auto& c : s.charts) {
            j.begin_object().field("title", c.title).field("file", c.file).field("x_label", c.x_label);
            j.field("y_label", c.y_label);
            j.key("series").begin_array();
            for (const auto& se : c.series) {
                j.begin_object().field("name", se.name);
                auto arr = [&](const char* k, const std::vector<double>& v) {
                    j.key(k).begin_array();
                    for (double x : v)
                        std::isfinite(x) ? j.value(x) : j.null();
                    j.end_array();
                };
                arr("x", se.x);
                arr("y", se.y);
                arr("y_err", se.y_err);
                j.end_object();
            }
            j.end_array().end_object();
        }
        j.end_array();
        j.key("checks").begin_array();
        for (const auto& c : s.checks)
            j.begin_object().field("claim", c.claim).field("holds", c.holds).field("detail", c.detail).end_object();
        j.end_array();
        j.end_object();
    }
    j.end_array();
    j.end_object();
    return j.str() + "\n";
}

} // namespace kbcx::repro
