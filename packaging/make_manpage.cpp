// Build-time generator of the man pages kbcx(1) and kbc-explorer(1) from the programs' own
// --help: kbcx's page walks the command registry and includes every subcommand's --help.
//
//   make_manpage kbcx OUT.1                  kbcx(1) from the registry (in-process)
//   make_manpage gui PROGRAM OUT.1           kbc-explorer(1) from `PROGRAM --help` (run offscreen)
#include "build_info.hpp"
#include "commands.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// Escapes text for roff: backslashes, leading control characters, and '-' (so that options
/// stay ASCII hyphen-minus when copied from the rendered page).
std::string roff(const std::string& text) {
    std::string out;
    bool line_start = true;
    for (char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        line_start = c == '\n';
    }
    return out;
}

/// A block printed as is (no filling, no hyphenation).
std::string verbatim(const std::string& text) {
    std::string body = roff(text);
    if (!body.empty() && body.back() != '\n') body += '\n';
    return ".nf\n" + body + ".fi\n";
}

std::string header(const std::string& name, const std::string& summary) {
    std::string upper;
    for (char c : name)
        upper += static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
    return ".\\\" Generated at build time by packaging/make_manpage from the program's --help; do not edit.\n"
           ".TH " +
           upper + " 1 \"\" \"" + name +
           " " KBCX_VERSION "\" \"KBC Explorer\"\n"
           ".SH NAME\n" +
           roff(name) + " \\- " + roff(summary) + "\n";
}

std::string capture_help(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = kbcx::cli::run_cli(args, out, err);
    if (code != 0) {
        std::cerr << "make_manpage: kbcx";
        for (const auto& a : args)
            std::cerr << ' ' << a;
        std::cerr << " exited with " << code << ": " << err.str();
        std::exit(1);
    }
    return out.str();
}

std::string kbcx_page() {
    std::string page =
        header("kbcx", "command-line front end of KBC Explorer (knowledge-graph and EL-ontology completion)");
    page +=
        ".SH SYNOPSIS\n.B kbcx\n.I COMMAND\n[\\fIOPTIONS\\fR] [\\fIARGS\\fR]\n.br\n.B kbcx\n.I COMMAND\n.B \\-\\-help\n"
        ".br\n.B kbcx \\-\\-version\n";
    page += ".SH DESCRIPTION\n"
            "kbcx runs the jobs of the KBC Explorer workbench from the command line: loading knowledge graphs "
            "and ontologies, rule mining and materialisation, inferential benchmark generation, EL reasoning, "
            "exact model counting, embedding training and faithfulness evaluation. The graphical program "
            "kbc-explorer(1) runs the same jobs.\n.PP\n";
    page += verbatim(capture_help({"--help"}));
    page += ".SH COMMANDS\nEach command's own \\fB\\-\\-help\\fR, as printed by the program.\n";
    for (const auto& command : kbcx::cli::commands()) {
        page += ".SS \"kbcx " + roff(command.name) + "\"\n" + roff(command.summary) + ".\n.PP\n";
        page += verbatim(capture_help({command.name, "--help"}));
    }
    page += ".SH EXIT STATUS\n.TP\n.B 0\nsuccess\n.TP\n.B 1\ninternal error\n.TP\n.B 2\nbad input "
            "(printed as FILE:LINE:COLUMN: message) or a usage error\n.TP\n.B 130\ninterrupted (Ctrl+C or "
            "SIGTERM; the job stops cleanly)\n";
    page += ".SH VERSION\n" + verbatim(kbcx::cli::version_report("kbcx", ""));
    page += ".SH SEE ALSO\n.BR kbc-explorer (1)\n";
    return page;
}

std::string run_program_help(const std::string& program) {
    ::setenv("QT_QPA_PLATFORM", "offscreen", 1);
    const std::string command = "'" + program + "' --help";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        std::cerr << "make_manpage: cannot run " << program << "\n";
        std::exit(1);
    }
    std::string text;
    std::array<char, 4096> buffer{};
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        text.append(buffer.data(), n);
    if (::pclose(pipe) != 0 || text.empty()) {
        std::cerr << "make_manpage: " << command << " failed\n";
        std::exit(1);
    }
    // Qt prints the path it was started as ("Usage: /build/app/kbc-explorer"); show the name.
    if (const auto at = text.find(program); at != std::string::npos) text.replace(at, program.size(), "kbc-explorer");
    return text;
}

std::string gui_page(const std::string& program) {
    std::string page = header("kbc-explorer", "workbench for knowledge-graph and EL-ontology completion (Qt GUI)");
    page += ".SH SYNOPSIS\n.B kbc-explorer\n[\\fIOPTIONS\\fR] [\\fIFILE\\fR...]\n";
    page += ".SH DESCRIPTION\n"
            "KBC Explorer loads knowledge graphs and EL ontologies, shows what their rules and axioms entail, "
            "splits candidate axioms into entailed, undetermined and contradictory, builds inferential "
            "benchmarks, and trains and evaluates embedding models in the background while charts of MRR and "
            "the faithfulness violation rate update live. Its tabs are Overview, Rules, Graph, Ontology, "
            "Partition, Teach, Training, Hierarchy and Inversions (and Benchmark where built).\n.PP\n"
            "The first start without files opens on the embedded demo with a short tour of the tabs; "
            "Help \\(-> Tour of the Tabs (F1) shows it again, Help \\(-> Examples opens the shipped examples.\n"
            ".SH OPTIONS\nAs printed by \\fBkbc\\-explorer \\-\\-help\\fR:\n.PP\n";
    page += verbatim(run_program_help(program));
    page += ".SH ENVIRONMENT\n.TP\n.B KBCX_SETTINGS_DIR\nKeep the settings (window layout, recent files, whether the "
            "tour was dismissed) in kbc\\-explorer.ini in this folder instead of the user's settings.\n"
            ".TP\n.B QT_QPA_PLATFORM\n\\fBoffscreen\\fR renders without a display (for \\fB\\-\\-screenshot\\fR).\n";
    page += ".SH FILES\n.TP\n.I ~/.config/KBC Explorer/kbc\\-explorer.conf\nsettings\n.TP\n"
            ".I ~/.cache/KBC Explorer/kbc\\-explorer/examples/\nthe example files, once copied there by Help "
            "\\(-> Examples\n";
    page += ".SH VERSION\n" + verbatim(kbcx::cli::version_report("kbc-explorer", ""));
    page += ".SH SEE ALSO\n.BR kbcx (1)\n";
    return page;
}

} // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    std::string page;
    if (args.size() == 2 && args[0] == "kbcx")
        page = kbcx_page();
    else if (args.size() == 3 && args[0] == "gui")
        page = gui_page(args[1]);
    else {
        std::cerr << "usage: make_manpage kbcx OUT.1 | make_manpage gui PROGRAM OUT.1\n";
        return 2;
    }
    std::ofstream out(args.back(), std::ios::binary | std::ios::trunc);
    out << page;
    out.close();
    if (!out) {
        std::cerr << "make_manpage: cannot write " << args.back() << "\n";
        return 1;
    }
    return 0;
}
