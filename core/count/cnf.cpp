// DIMACS writer and reader for the counting module's CNFs; the reader is strict so that a
// round trip through an external tool cannot silently change a count.
#include "count/cnf.hpp"

#include "common/error.hpp"

#include <charconv>
#include <fstream>
#include <ostream>
#include <sstream>

namespace kbcx::count {

std::uint32_t Cnf::new_var(std::string name) {
    ++num_vars;
    if (names.size() < num_vars + 1) names.resize(num_vars + 1);
    names[num_vars] = std::move(name);
    return num_vars;
}

std::size_t Cnf::num_literals() const {
    std::size_t n = 0;
    for (const auto& c : clauses)
        n += c.size();
    return n;
}

void write_dimacs(std::ostream& out, const Cnf& cnf) {
    for (const auto& c : cnf.comments)
        out << "c " << c << "\n";
    out << "c t mc\n";
    for (std::uint32_t v = 1; v < cnf.names.size() && v <= cnf.num_vars; ++v)
        if (!cnf.names[v].empty()) out << "c var " << v << " " << cnf.names[v] << "\n";
    out << "p cnf " << cnf.num_vars << " " << cnf.clauses.size() << "\n";
    std::string line;
    for (const auto& clause : cnf.clauses) {
        line.clear();
        for (Lit l : clause) {
            line += std::to_string(l);
            line += ' ';
        }
        line += "0\n";
        out << line;
    }
}

void write_dimacs_file(const std::string& path, const Cnf& cnf) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw InputError(path, "cannot create the DIMACS file");
    write_dimacs(out, cnf);
    out.flush();
    if (!out) throw InputError(path, "cannot write the DIMACS file");
}

Cnf read_dimacs(std::string_view text, const std::string& file) {
    Cnf cnf;
    bool have_header = false;
    std::uint64_t declared_clauses = 0;
    Clause current;
    std::size_t line_no = 0, pos = 0;
    std::size_t last_line = 1, last_col = 1;
    std::vector<std::pair<std::uint32_t, std::string>> named; // `c var V NAME` comments
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        std::size_t i = 0;
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        if (i == line.size()) continue;
        if (line[i] == 'c') {
            std::string_view rest = line.substr(i + 1);
            if (!rest.empty() && rest[0] == ' ') rest.remove_prefix(1);
            if (rest.starts_with("var ")) {
                rest.remove_prefix(4);
                std::uint32_t v = 0;
                auto [p, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
                if (ec == std::errc() && p < rest.data() + rest.size() && *p == ' ') {
                    // Names are kept aside until num_vars is known: sizing the table by the
                    // number in a comment let "c var 4294967295 x" allocate gigabytes (or wrap).
                    if (v == 0 || v > 0x3FFFFFFF)
                        throw InputError(file, line_no, i + 1, "variable number in 'c var' outside 1..2^30-1");
                    named.emplace_back(v, std::string(p + 1, rest.data() + rest.size()));
                    continue;
                }
            }
            if (rest != "t mc") cnf.comments.emplace_back(rest);
            continue;
        }
        if (line[i] == 'p') {
            if (have_header) throw InputError(file, line_no, i + 1, "second 'p' line");
            std::istringstream in{std::string(line.substr(i + 1))};
            std::string fmt;
            long long vars = -1, clauses = -1;
            in >> fmt >> vars >> clauses;
            if (fmt != "cnf" || vars < 0 || clauses < 0 || vars > 0x3FFFFFFF)
                throw InputError(file, line_no, i + 1, "expected 'p cnf VARIABLES CLAUSES'");
            cnf.num_vars = static_cast<std::uint32_t>(vars);
            declared_clauses = static_cast<std::uint64_t>(clauses);
            have_header = true;
            continue;
        }
        if (line[i] == '%') break; // SATLIB files end with "%\n0"
        if (!have_header) throw InputError(file, line_no, i + 1, "clause before the 'p cnf' line");
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                ++i;
            if (i == line.size()) break;
            std::int64_t lit = 0;
            auto [p, ec] = std::from_chars(line.data() + i, line.data() + line.size(), lit);
            const std::size_t col = i + 1;
            if (ec != std::errc() || (p < line.data() + line.size() && *p != ' ' && *p != '\t'))
                throw InputError(file, line_no, col, "expected an integer literal");
            if (lit > static_cast<std::int64_t>(cnf.num_vars) || -lit > static_cast<std::int64_t>(cnf.num_vars))
                throw InputError(file, line_no, col,
                                 "literal " + std::to_string(lit) + " outside 1.." + std::to_string(cnf.num_vars));
            i = static_cast<std::size_t>(p - line.data());
            last_line = line_no;
            last_col = col;
            if (lit == 0) {
                cnf.clauses.push_back(std::move(current));
                current.clear();
            } else {
                current.push_back(static_cast<Lit>(lit));
            }
        }
    }
    if (!have_header) throw InputError(file, line_no, 0, "no 'p cnf' line");
    if (!current.empty()) throw InputError(file, last_line, last_col, "last clause is not terminated by 0");
    if (cnf.clauses.size() != declared_clauses)
        throw InputError(file, line_no, 0,
                         "the 'p' line declares " + std::to_string(declared_clauses) + " clauses, found " +
                             std::to_string(cnf.clauses.size()));
    for (auto& [v, name] : named) {
        if (v > cnf.num_vars) continue; // names of undeclared variables are ignored
        if (cnf.names.size() < v + 1) cnf.names.resize(v + 1);
        cnf.names[v] = std::move(name);
    }
    return cnf;
}

Cnf read_dimacs_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, "cannot open the DIMACS file");
    std::ostringstream buf;
    buf << in.rdbuf();
    return read_dimacs(buf.str(), path);
}

} // namespace kbcx::count
