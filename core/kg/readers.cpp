// Format detection, the tab-separated triple reader, and per-file statistics. The TSV
// reader streams 4 MiB chunks and splits lines with memchr, so it never holds a whole file.
#include "kg/readers.hpp"

#include "common/error.hpp"
#include "common/resources.hpp"
#include "common/text.hpp"
#include "kg/byte_source.hpp"
#include "kg/rdf_reader.hpp"
#include "kg/text_scan.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

namespace kbcx::kg {

std::string_view format_name(Format f) {
    switch (f) {
    case Format::Auto: return "auto";
    case Format::Tsv: return "tsv";
    case Format::NTriples: return "ntriples";
    case Format::Turtle: return "turtle";
    case Format::RdfXml: return "rdfxml";
    }
    return "?";
}

Format parse_format(std::string_view name) {
    if (name == "auto") return Format::Auto;
    if (name == "tsv") return Format::Tsv;
    if (name == "nt" || name == "ntriples") return Format::NTriples;
    if (name == "ttl" || name == "turtle") return Format::Turtle;
    if (name == "rdfxml" || name == "xml" || name == "rdf") return Format::RdfXml;
    throw InputError("--format", "unknown format '" + std::string(name) + "' (auto, tsv, nt, ttl, rdfxml)");
}

Format detect_format(std::string_view name, std::string_view head) {
    std::string lower = ascii_lower(name);
    if (lower.ends_with(".gz")) lower.resize(lower.size() - 3);
    if (lower.ends_with(".nt")) return Format::NTriples;
    if (lower.ends_with(".ttl") || lower.ends_with(".turtle") || lower.ends_with(".n3")) return Format::Turtle;
    if (lower.ends_with(".owl") || lower.ends_with(".rdf") || lower.ends_with(".xml") || lower.ends_with(".rdfs"))
        return Format::RdfXml;
    if (lower.ends_with(".tsv") || lower.ends_with(".txt")) return Format::Tsv;
    // Unknown extension: look at the content.
    std::size_t i = 0;
    if (head.starts_with("\xEF\xBB\xBF")) i = 3;
    while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i])))
        ++i;
    const std::string_view body = head.substr(i);
    if (body.starts_with("<?xml") || body.starts_with("<rdf:RDF")) return Format::RdfXml;
    if (body.starts_with("@prefix") || body.starts_with("@base") || body.starts_with("PREFIX")) return Format::Turtle;
    const std::string_view first_line = body.substr(0, body.find('\n'));
    std::string_view trimmed = first_line;
    while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back())))
        trimmed.remove_suffix(1);
    if (trimmed.find('\t') == std::string_view::npos && trimmed.ends_with(".") && trimmed.starts_with("<"))
        return Format::NTriples;
    return Format::Tsv;
}

std::uint64_t checked_file_size(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw InputError(path, std::string("cannot open: ") + std::strerror(errno));
    if (S_ISDIR(st.st_mode)) throw InputError(path, "is a directory, not a file");
    return static_cast<std::uint64_t>(st.st_size);
}

namespace {

std::string_view strip_iri_brackets(std::string_view term) {
    if (term.size() >= 2 && term.front() == '<' && term.back() == '>') return term.substr(1, term.size() - 2);
    return term;
}

bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

/// Splits one line (no line terminator) into exactly three fields or throws.
/// Tabs separate fields when the line has any; otherwise runs of spaces do.
void split_fields(std::string_view line, const std::string& file, std::size_t line_no, std::string_view out[3]) {
    const bool tabs = line.find('\t') != std::string_view::npos;
    std::size_t count = 0;
    std::size_t pos = 0;
    while (pos <= line.size()) {
        std::size_t end = tabs ? line.find('\t', pos) : line.find(' ', pos);
        if (end == std::string_view::npos) end = line.size();
        std::string_view field = line.substr(pos, end - pos);
        std::size_t lead = 0;
        while (lead < field.size() && is_blank(field[lead]))
            ++lead;
        field.remove_prefix(lead);
        while (!field.empty() && is_blank(field.back()))
            field.remove_suffix(1);
        if (!tabs && field.empty()) { // runs of spaces
            pos = end + 1;
            continue;
        }
        if (field.empty())
            throw InputError(file, line_no, column_of(line, pos), "empty field " + std::to_string(count + 1));
        if (count == 3)
            throw InputError(file, line_no, column_of(line, pos),
                             "expected 3 fields (head, relation, tail), found more");
        out[count++] = field;
        pos = end + 1;
    }
    if (count != 3)
        throw InputError(file, line_no, column_of(line, line.size()),
                         "expected 3 fields (head, relation, tail) separated by tabs, found " + std::to_string(count));
}

void read_tsv(ByteSource& source, const ReadOptions& options, GraphBuilder& builder, jobs::JobContext& ctx,
              FileStats& stats, std::uint64_t progress_base, std::uint64_t progress_total) {
    const std::string& file = source.name();
    constexpr std::size_t kChunk = std::size_t{4} << 20;
    std::vector<char> buffer(kChunk + options.max_line_bytes + 1);
    std::size_t begin = 0, end = 0, scan = 0;
    bool eof = false;
    std::size_t line_no = 0;
    const std::string message = "Reading " + file;

    auto process = [&](std::string_view line) {
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line_no == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
        if (const void* nul = std::memchr(line.data(), '\0', line.size()))
            throw InputError(file, line_no, column_of(line, static_cast<const char*>(nul) - line.data()),
                             "NUL byte: this looks like a binary file, not tab-separated triples");
        if (const std::size_t bad = find_invalid_utf8(line); bad != std::string_view::npos)
            throw InputError(file, line_no, column_of(line, bad), "invalid UTF-8");
        std::size_t first = 0;
        while (first < line.size() && (is_blank(line[first]) || line[first] == '\r'))
            ++first;
        if (first == line.size()) return; // blank line
        std::string_view f[3];
        split_fields(line, file, line_no, f);
        ++stats.lines;
        if (options.order == TripleOrder::HeadTailRelation)
            builder.add(strip_iri_brackets(f[0]), strip_iri_brackets(f[2]), strip_iri_brackets(f[1]));
        else
            builder.add(strip_iri_brackets(f[0]), strip_iri_brackets(f[1]), strip_iri_brackets(f[2]));
    };

    for (;;) {
        const char* nl =
            scan < end ? static_cast<const char*>(std::memchr(buffer.data() + scan, '\n', end - scan)) : nullptr;
        if (nl) {
            const std::size_t stop = static_cast<std::size_t>(nl - buffer.data());
            if (stop - begin > options.max_line_bytes)
                throw InputError(file, line_no + 1, options.max_line_bytes + 1,
                                 "line longer than " + std::to_string(options.max_line_bytes) + " bytes");
            process(std::string_view(buffer.data() + begin, stop - begin));
            begin = scan = stop + 1;
            continue;
        }
        if (end - begin > options.max_line_bytes)
            throw InputError(file, line_no + 1, options.max_line_bytes + 1,
                             "line longer than " + std::to_string(options.max_line_bytes) + " bytes");
        if (eof) {
            if (end > begin) process(std::string_view(buffer.data() + begin, end - begin));
            break;
        }
        // Move the partial line to the front and refill.
        if (begin > 0) {
            std::memmove(buffer.data(), buffer.data() + begin, end - begin);
            end -= begin;
            scan -= begin;
            begin = 0;
        }
        const std::size_t got = source.read(buffer.data() + end, buffer.size() - end);
        if (got == 0) eof = true;
        end += got;
        stats.bytes += got;
        ctx.throw_if_stopped();
        ctx.report(progress_base + source.position(), progress_total, message);
    }
}

/// Fills the distinct counts of `stats` from the facts the builder received for this file.
void count_file_facts(const GraphBuilder& builder, std::size_t first_triple, std::size_t first_type, FileStats& stats) {
    const auto& triples = builder.pending().triples();
    const auto& types = builder.pending().type_facts();
    std::vector<Triple> mine(triples.begin() + static_cast<std::ptrdiff_t>(first_triple), triples.end());
    std::sort(mine.begin(), mine.end(), [](const Triple& a, const Triple& b) {
        return a.r != b.r ? a.r < b.r : a.s != b.s ? a.s < b.s : a.o < b.o;
    });
    const std::size_t raw = mine.size();
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
    std::vector<TypeFact> my_types(types.begin() + static_cast<std::ptrdiff_t>(first_type), types.end());
    std::sort(my_types.begin(), my_types.end(),
              [](const TypeFact& a, const TypeFact& b) { return a.t != b.t ? a.t < b.t : a.e < b.e; });
    const std::size_t raw_types = my_types.size();
    my_types.erase(std::unique(my_types.begin(), my_types.end()), my_types.end());

    stats.facts = mine.size();
    stats.type_facts = my_types.size();
    stats.duplicates = (raw - mine.size()) + (raw_types - my_types.size());

    Id max_entity = 0, max_relation = 0, max_type = 0;
    for (const Triple& t : mine)
        max_entity = std::max({max_entity, t.s + 1, t.o + 1}), max_relation = std::max(max_relation, t.r + 1);
    for (const TypeFact& f : my_types)
        max_entity = std::max(max_entity, f.e + 1), max_type = std::max(max_type, f.t + 1);
    std::vector<bool> seen_entity(max_entity), seen_relation(max_relation), seen_type(max_type);
    auto mark = [](std::vector<bool>& seen, Id id, std::uint64_t& counter) {
        if (!seen[id]) {
            seen[id] = true;
            ++counter;
        }
    };
    for (const Triple& t : mine) {
        mark(seen_entity, t.s, stats.entities);
        mark(seen_entity, t.o, stats.entities);
        mark(seen_relation, t.r, stats.relations);
    }
    for (const TypeFact& f : my_types) {
        mark(seen_entity, f.e, stats.entities);
        mark(seen_type, f.t, stats.types);
    }
}

FileStats read_source(ByteSource& source, Format format, const ReadOptions& options, GraphBuilder& builder,
                      jobs::JobContext& ctx, std::uint64_t progress_base, std::uint64_t progress_total) {
    Stopwatch clock;
    FileStats stats;
    stats.path = source.name();
    stats.format = format;
    const std::size_t first_triple = builder.pending().pending_triples();
    const std::size_t first_type = builder.pending().pending_type_facts();
    if (format == Format::Tsv)
        read_tsv(source, options, builder, ctx, stats, progress_base, progress_total);
    else
        read_rdf(source, format, builder, ctx, stats, progress_base, progress_total);
    if (stats.bytes == 0) throw InputError(source.name(), "file is empty");
    if (builder.pending().pending_triples() == first_triple && builder.pending().pending_type_facts() == first_type)
        throw InputError(source.name(), "contains no facts");
    if (options.per_file_counts) count_file_facts(builder, first_triple, first_type, stats);
    stats.seconds = clock.seconds();
    return stats;
}

} // namespace

FileStats read_file(const std::string& path, const ReadOptions& options, GraphBuilder& builder, jobs::JobContext& ctx,
                    std::uint64_t progress_base, std::uint64_t progress_total) {
    auto source = open_file_source(path);
    Format format = options.format;
    if (format == Format::Auto) format = detect_format(path, peek_file(path, 4096));
    ctx.report(progress_base, progress_total, "Reading " + path, true);
    return read_source(*source, format, options, builder, ctx, progress_base, progress_total);
}

FileStats read_buffer(const NamedBuffer& input, const ReadOptions& options, GraphBuilder& builder,
                      jobs::JobContext& ctx) {
    auto source = open_memory_source(input.name, input.data);
    Format format = options.format;
    if (format == Format::Auto) format = detect_format(input.name, std::string_view(input.data).substr(0, 4096));
    return read_source(*source, format, options, builder, ctx, 0, input.data.size());
}

} // namespace kbcx::kg
