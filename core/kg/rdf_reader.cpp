// raptor2 glue: a statement handler that maps RDF terms to KG names, a log handler that
// keeps the first error with its location, and options that forbid any I/O beyond the input.
#include "kg/rdf_reader.hpp"

#include "common/error.hpp"

#include <raptor2.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kbcx::kg {

namespace {

struct ParseState {
    GraphBuilder* builder = nullptr;
    FileStats* stats = nullptr;
    raptor_parser* parser = nullptr;
    std::string file;
    std::optional<InputError> error;
    std::string scratch_s, scratch_p, scratch_o;
};

bool term_name(raptor_term* term, std::string& out) {
    switch (term->type) {
    case RAPTOR_TERM_TYPE_URI:
        out.assign(reinterpret_cast<const char*>(raptor_uri_as_string(term->value.uri)));
        return true;
    case RAPTOR_TERM_TYPE_BLANK:
        out.assign("_:");
        out.append(reinterpret_cast<const char*>(term->value.blank.string), term->value.blank.string_len);
        return true;
    default: return false;
    }
}

void on_statement(void* user_data, raptor_statement* st) {
    auto* state = static_cast<ParseState*>(user_data);
    if (state->error) return;
    ++state->stats->lines;
    if (!term_name(st->subject, state->scratch_s) || !term_name(st->predicate, state->scratch_p)) return;
    if (st->object->type == RAPTOR_TERM_TYPE_LITERAL) {
        if (state->scratch_p == kRdfsLabel)
            state->builder->add_label(state->scratch_s,
                                      std::string(reinterpret_cast<const char*>(st->object->value.literal.string),
                                                  st->object->value.literal.string_len));
        else
            ++state->stats->literals_skipped;
        return;
    }
    if (!term_name(st->object, state->scratch_o)) return;
    state->builder->add(state->scratch_s, state->scratch_p, state->scratch_o);
}

void on_namespace(void* user_data, raptor_namespace* ns) {
    auto* state = static_cast<ParseState*>(user_data);
    const unsigned char* prefix = raptor_namespace_get_prefix(ns);
    raptor_uri* uri = raptor_namespace_get_uri(ns);
    if (!prefix || !uri) return;
    state->builder->vocab().prefixes().add(reinterpret_cast<const char*>(prefix),
                                           reinterpret_cast<const char*>(raptor_uri_as_string(uri)));
}

void on_log(void* user_data, raptor_log_message* message) {
    auto* state = static_cast<ParseState*>(user_data);
    if (message->level < RAPTOR_LOG_LEVEL_ERROR || state->error) return;
    std::size_t line = 0, column = 0;
    if (message->locator) {
        if (message->locator->line > 0) line = static_cast<std::size_t>(message->locator->line);
        if (message->locator->column > 0) column = static_cast<std::size_t>(message->locator->column);
    }
    std::string text = message->text ? message->text : "RDF syntax error";
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    state->error.emplace(state->file, line, column, text);
    if (state->parser) raptor_parser_parse_abort(state->parser);
}

/// Position just past the XML prolog (declaration, comments, DOCTYPE with its internal
/// subset) if `text` contains the root element's start, else npos.
std::size_t xml_prolog_end(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t lt = text.find('<', i);
        if (lt == std::string_view::npos || lt + 1 >= text.size()) return std::string_view::npos;
        const char next = text[lt + 1];
        if (next == '?') { // <?xml ...?> or a processing instruction
            const std::size_t end = text.find("?>", lt);
            if (end == std::string_view::npos) return std::string_view::npos;
            i = end + 2;
        } else if (text.substr(lt, 4) == "<!--") {
            const std::size_t end = text.find("-->", lt);
            if (end == std::string_view::npos) return std::string_view::npos;
            i = end + 3;
        } else if (next == '!') { // <!DOCTYPE ... [ internal subset ]>
            const std::size_t bracket = text.find('[', lt), close = text.find('>', lt);
            if (close == std::string_view::npos) return std::string_view::npos;
            if (bracket != std::string_view::npos && bracket < close) {
                const std::size_t end = text.find("]>", bracket);
                if (end == std::string_view::npos) return std::string_view::npos;
                i = end + 2;
            } else {
                i = close + 1;
            }
        } else {
            return lt;
        }
    }
    return std::string_view::npos;
}

/// Refuses external entity declarations (SYSTEM or PUBLIC) in the prolog: a file may not
/// make the reader open another file or a URL.
void check_no_external_entities(std::string_view prolog, const std::string& file) {
    std::size_t pos = 0;
    while ((pos = prolog.find("<!ENTITY", pos)) != std::string_view::npos) {
        const std::size_t end = std::min(prolog.find('>', pos), prolog.size());
        const std::string_view decl = prolog.substr(pos, end - pos);
        if (decl.find("SYSTEM") != std::string_view::npos || decl.find("PUBLIC") != std::string_view::npos) {
            std::size_t line = 1, column = 1;
            for (std::size_t k = 0; k < pos; ++k) {
                if (prolog[k] == '\n') {
                    ++line;
                    column = 1;
                } else if ((static_cast<unsigned char>(prolog[k]) & 0xC0) != 0x80) {
                    ++column;
                }
            }
            throw InputError(file, line, column,
                             "external XML entity declarations are not allowed (no file or network access)");
        }
        pos = end;
    }
}

const char* raptor_syntax(Format format) {
    switch (format) {
    case Format::NTriples: return "ntriples";
    case Format::Turtle: return "turtle";
    case Format::RdfXml: return "rdfxml";
    default: return "guess";
    }
}

struct WorldDeleter {
    void operator()(raptor_world* w) const { raptor_free_world(w); }
};
struct ParserDeleter {
    void operator()(raptor_parser* p) const { raptor_free_parser(p); }
};
struct UriDeleter {
    void operator()(raptor_uri* u) const { raptor_free_uri(u); }
};

} // namespace

void read_rdf(ByteSource& source, Format format, GraphBuilder& builder, jobs::JobContext& ctx, FileStats& stats,
              std::uint64_t progress_base, std::uint64_t progress_total) {
    ParseState state;
    state.builder = &builder;
    state.stats = &stats;
    state.file = source.name();

    std::unique_ptr<raptor_world, WorldDeleter> world(raptor_new_world());
    if (!world || raptor_world_open(world.get()) != 0) throw InputError(source.name(), "cannot initialise raptor2");
    raptor_world_set_log_handler(world.get(), &state, on_log);
    std::unique_ptr<raptor_parser, ParserDeleter> parser(raptor_new_parser(world.get(), raptor_syntax(format)));
    if (!parser) throw InputError(source.name(), "raptor2 has no parser for this format");
    state.parser = parser.get();
    // No network, no other files, no external XML entities: the input may only read itself.
    raptor_parser_set_option(parser.get(), RAPTOR_OPTION_NO_NET, nullptr, 1);
    raptor_parser_set_option(parser.get(), RAPTOR_OPTION_NO_FILE, nullptr, 1);
    raptor_parser_set_option(parser.get(), RAPTOR_OPTION_LOAD_EXTERNAL_ENTITIES, nullptr, 0);
    raptor_parser_set_statement_handler(parser.get(), &state, on_statement);
    raptor_parser_set_namespace_handler(parser.get(), &state, on_namespace);

    // Base IRI: a stable file: IRI so relative references resolve the way users expect.
    const std::string base = "file://" + (source.name().starts_with('/') ? source.name() : "/" + source.name());
    std::unique_ptr<raptor_uri, UriDeleter> base_uri(
        raptor_new_uri(world.get(), reinterpret_cast<const unsigned char*>(base.c_str())));
    if (raptor_parser_parse_start(parser.get(), base_uri.get()) != 0 && !state.error)
        throw InputError(source.name(), "cannot start the RDF parser");

    const std::string message = "Reading " + source.name();
    std::vector<unsigned char> chunk(1u << 20);
    // RDF/XML: hold input back until the prolog is complete, then vet its entity declarations.
    std::string prolog;
    bool prolog_checked = format != Format::RdfXml;
    for (;;) {
        std::size_t got = source.read(reinterpret_cast<char*>(chunk.data()), chunk.size());
        stats.bytes += got;
        if (!prolog_checked) {
            prolog.append(reinterpret_cast<const char*>(chunk.data()), got);
            const std::size_t end = xml_prolog_end(prolog);
            if (end == std::string::npos && got > 0) {
                if (prolog.size() > (std::size_t{64} << 20))
                    throw InputError(source.name(), "XML prolog larger than 64 MiB");
                continue;
            }
            check_no_external_entities(std::string_view(prolog).substr(0, std::min(end, prolog.size())), source.name());
            prolog_checked = true;
            if (prolog.size() > chunk.size()) chunk.resize(prolog.size());
            std::memcpy(chunk.data(), prolog.data(), prolog.size());
            got = prolog.size();
            std::string().swap(prolog);
        }
        if (got > 0 && std::memchr(chunk.data(), '\0', got) && !state.error)
            state.error.emplace(source.name(), 0, 0, "NUL byte: this looks like a binary file, not RDF");
        if (state.error) break;
        const int rc = raptor_parser_parse_chunk(parser.get(), chunk.data(), got, got == 0 ? 1 : 0);
        if (state.error) break;
        if (rc != 0) {
            state.error.emplace(source.name(), "RDF syntax error");
            break;
        }
        if (got == 0) break;
        ctx.report(progress_base + source.position(), progress_total, message);
        if (ctx.stop_requested()) {
            raptor_parser_parse_abort(parser.get());
            ctx.throw_if_stopped();
        }
    }
    if (state.error) throw *state.error;
}

std::string raptor_version() {
    return RAPTOR_VERSION_STRING;
}

} // namespace kbcx::kg
