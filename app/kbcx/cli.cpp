// Option parsing, help text, the terminal progress bar and Ctrl+C handling for kbcx.
// Kept deliberately small: the subcommands only ever need --opt value, --flag and positionals.
#include "cli.hpp"

#include "common/resources.hpp"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace kbcx::cli {

ArgParser::ArgParser(std::string command, std::string synopsis, std::string description)
    : command_(std::move(command)), synopsis_(std::move(synopsis)), description_(std::move(description)) {}

void ArgParser::flag(const std::string& name, const std::string& help) {
    if (find(name)) throw std::logic_error("kbcx " + command_ + ": option --" + name + " declared twice");
    specs_.push_back({name, "", help, std::nullopt, true, false});
}

void ArgParser::option(const std::string& name, const std::string& metavar, const std::string& help,
                       std::optional<std::string> default_value, bool repeatable) {
    // Two options of one name would be listed twice by --help, and only the first would be read.
    if (find(name)) throw std::logic_error("kbcx " + command_ + ": option --" + name + " declared twice");
    specs_.push_back({name, metavar, help, std::move(default_value), false, repeatable});
}

void ArgParser::positional(const std::string& metavar, const std::string& help, bool many, bool required) {
    positional_metavar_ = metavar;
    positional_help_ = help;
    positional_many_ = many;
    positional_required_ = required;
    has_positional_ = true;
}

namespace {
std::function<void(const ArgParser&)>& help_observer() {
    static std::function<void(const ArgParser&)> observer;
    return observer;
}
} // namespace

void ArgParser::set_help_observer(std::function<void(const ArgParser&)> observer) {
    help_observer() = std::move(observer);
}

std::vector<ArgParser::OptionInfo> ArgParser::options() const {
    std::vector<OptionInfo> result;
    for (const auto& spec : specs_)
        result.push_back({spec.name, spec.metavar, spec.help, spec.default_value, spec.is_flag, spec.repeatable});
    return result;
}

const ArgParser::Spec* ArgParser::find(const std::string& name) const {
    for (const auto& spec : specs_)
        if (spec.name == name) return &spec;
    return nullptr;
}

bool ArgParser::parse(const std::vector<std::string>& args, std::ostream& out) {
    bool only_positionals = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (only_positionals || arg.size() < 3 || !arg.starts_with("--")) {
            if (arg == "-h" && !only_positionals) {
                if (help_observer()) help_observer()(*this);
                out << help();
                return false;
            }
            positionals_.push_back(arg);
            continue;
        }
        if (arg == "--") {
            only_positionals = true;
            continue;
        }
        std::string name = arg.substr(2), value;
        bool inline_value = false;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name.resize(eq);
            inline_value = true;
        }
        if (name == "help") {
            if (help_observer()) help_observer()(*this);
            out << help();
            return false;
        }
        const Spec* spec = find(name);
        if (!spec) throw UsageError("unknown option --" + name + " (see kbcx " + command_ + " --help)");
        if (spec->is_flag) {
            if (inline_value) throw UsageError("option --" + name + " takes no value");
            values_[name].push_back("1");
            continue;
        }
        if (!inline_value) {
            if (i + 1 >= args.size()) throw UsageError("option --" + name + " needs a value " + spec->metavar);
            value = args[++i];
        }
        auto& slot = values_[name];
        if (!spec->repeatable && !slot.empty()) throw UsageError("option --" + name + " given twice");
        slot.push_back(value);
    }
    if (has_positional_) {
        if (positional_required_ && positionals_.empty())
            throw UsageError("missing " + positional_metavar_ + " (see kbcx " + command_ + " --help)");
        if (!positional_many_ && positionals_.size() > 1)
            throw UsageError("expected one " + positional_metavar_ + ", got " + std::to_string(positionals_.size()));
    } else if (!positionals_.empty()) {
        throw UsageError("unexpected argument '" + positionals_.front() + "'");
    }
    return true;
}

bool ArgParser::has(const std::string& name) const {
    auto it = values_.find(name);
    return it != values_.end() && !it->second.empty();
}

std::string ArgParser::get(const std::string& name) const {
    auto it = values_.find(name);
    if (it != values_.end() && !it->second.empty()) return it->second.back();
    const Spec* spec = find(name);
    return spec && spec->default_value ? *spec->default_value : std::string();
}

std::vector<std::string> ArgParser::get_all(const std::string& name) const {
    auto it = values_.find(name);
    return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::string ArgParser::help() const {
    std::ostringstream out;
    out << "usage: kbcx " << command_ << ' ' << synopsis_ << "\n\n" << description_ << "\n";
    if (has_positional_) out << "\n  " << positional_metavar_ << "\n      " << positional_help_ << "\n";
    if (!specs_.empty()) out << "\noptions:\n";
    for (const auto& spec : specs_) {
        out << "  --" << spec.name;
        if (!spec.is_flag) out << ' ' << spec.metavar;
        out << "\n      " << spec.help;
        // A help text that already says its default in words (e.g. "by axiom kind") keeps it.
        if (spec.default_value && spec.help.find("(default:") == std::string::npos)
            out << " (default: " << (spec.default_value->empty() ? "none" : *spec.default_value) << ")";
        if (spec.repeatable) out << " (repeatable)";
        out << "\n";
    }
    out << "  --help\n      print this help and exit\n";
    if (!epilog_.empty()) out << "\n" << epilog_ << (epilog_.ends_with('\n') ? "" : "\n");
    return out.str();
}

TerminalProgress::TerminalProgress(bool quiet, bool lines_when_redirected)
    : enabled_(!quiet && ::isatty(STDERR_FILENO) == 1), lines_(!quiet && !enabled_ && lines_when_redirected) {}

TerminalProgress::~TerminalProgress() {
    finish();
}

jobs::ProgressSink TerminalProgress::sink() {
    if (lines_) return [this](const jobs::Progress& p) { log_line(p); };
    if (!enabled_) return {};
    return [this](const jobs::Progress& p) { draw(p); };
}

void TerminalProgress::draw(const jobs::Progress& p) {
    static const Stopwatch clock;
    const double now = clock.seconds();
    if (!drawn_) start_ = now;
    drawn_ = true;
    std::string line = "\r";
    if (p.total > 0) {
        const double fraction = std::min(1.0, static_cast<double>(p.done) / static_cast<double>(p.total));
        const int width = 24, filled = static_cast<int>(fraction * width);
        line += '[' + std::string(filled, '#') + std::string(width - filled, ' ') + "] ";
        char pct[64];
        const double elapsed = now - start_;
        if (fraction > 0.02 && elapsed > 0.5)
            std::snprintf(pct, sizeof pct, "%3.0f%% ETA %.0fs ", fraction * 100, elapsed / fraction - elapsed);
        else
            std::snprintf(pct, sizeof pct, "%3.0f%% ", fraction * 100);
        line += pct;
    }
    std::string message = p.message;
    if (message.size() > 48) message = "..." + message.substr(message.size() - 45);
    line += message;
    line += "\033[K";
    std::fputs(line.c_str(), stderr);
    std::fflush(stderr);
}

void TerminalProgress::log_line(const jobs::Progress& p) {
    static const Stopwatch clock;
    const double now = clock.seconds();
    if (p.message == last_message_ || now - last_line_ < 10.0) return;
    last_line_ = now;
    last_message_ = p.message;
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%H:%M:%S", &tm);
    char pct[32] = "";
    if (p.total > 0)
        std::snprintf(pct, sizeof pct, " %3.0f%%",
                      100.0 * std::min(1.0, static_cast<double>(p.done) / static_cast<double>(p.total)));
    std::fprintf(stderr, "%s%s %s\n", stamp, pct, p.message.c_str());
    std::fflush(stderr);
}

void TerminalProgress::finish() {
    if (enabled_ && drawn_) {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }
    drawn_ = false;
}

namespace {
std::stop_source& interrupt_source() {
    static std::stop_source source;
    return source;
}
extern "C" void on_interrupt(int) {
    interrupt_source().request_stop();
}
} // namespace

std::stop_token interrupt_token() {
    static const bool installed = [] {
        std::signal(SIGINT, on_interrupt);
        std::signal(SIGTERM, on_interrupt);
        return true;
    }();
    (void)installed;
    return interrupt_source().get_token();
}

void add_names_option(ArgParser& p) {
    p.option("names", "STYLE",
             "how entities are printed: label (rdfs:label, skos:prefLabel or OBO name, English first; the\n"
             "short name where an entity has none or shares it), short (prefix:local) or iri (full IRI)",
             name_style_name(kDefaultNameStyle));
}

NameStyle names_option(const ArgParser& p) {
    const std::string v = p.get("names");
    if (const auto s = parse_name_style(v)) return *s;
    throw UsageError("--names must be label, short or iri, not '" + v + "'");
}

std::uint64_t parse_count(const std::string& option, const std::string& value) {
    std::uint64_t result = 0;
    if (value.empty()) throw UsageError("--" + option + " needs a number");
    for (char c : value) {
        if (c < '0' || c > '9') throw UsageError("--" + option + ": '" + value + "' is not a non-negative integer");
        result = result * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return result;
}

double parse_real(const std::string& option, const std::string& value) {
    try {
        std::size_t used = 0;
        const double v = std::stod(value, &used);
        if (used == value.size()) return v;
    } catch (const std::exception&) {
    }
    throw UsageError("--" + option + " needs a number, got '" + value + "'");
}

} // namespace kbcx::cli
