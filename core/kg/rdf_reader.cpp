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
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    state->error.emplace(state->file, line, column, text);
    if (state->parser) raptor_parser_parse_abort(state->parser);
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
    for (;;) {
        const std::size_t got = source.read(reinterpret_cast<char*>(chunk.data()), chunk.size());
        stats.bytes += got;
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

std::string raptor_version() { return RAPTOR_VERSION_STRING; }

} // namespace kbcx::kg
