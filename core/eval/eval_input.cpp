// Readers of tests and scores files for the faithfulness evaluation, exact P parsing, and the
// text normalisation that matches an axiom of one file with the same axiom in another.
#include "eval/eval_input.hpp"

#include "common/error.hpp"
#include "kg/byte_source.hpp"
#include "kg/text_scan.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <numeric>

namespace kbcx::eval {

namespace mp = boost::multiprecision;

const char* status_name(Status s) {
    switch (s) {
    case Status::Entailed: return "entailed";
    case Status::Undetermined: return "undetermined";
    case Status::Contradictory: return "contradictory";
    }
    return "?";
}

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_blank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && is_blank(s.back()))
        s.remove_suffix(1);
    return s;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// A double within a few units in the last place of num/den (num, den ≥ 0, den > 0), also
/// when num and den exceed the range of double.
double approximate(const mp::cpp_int& num, const mp::cpp_int& den) {
    if (num == 0) return 0.0;
    const long nb = static_cast<long>(mp::msb(num)), db = static_cast<long>(mp::msb(den));
    const long sn = std::max(0L, nb - 62), sd = std::max(0L, db - 62);
    const auto n64 = static_cast<std::uint64_t>(num >> static_cast<unsigned>(sn));
    const auto d64 = static_cast<std::uint64_t>(den >> static_cast<unsigned>(sd));
    return std::ldexp(static_cast<double>(n64) / static_cast<double>(d64), static_cast<int>(sn - sd));
}

ProbValue make_prob(mp::cpp_rational r) {
    ProbValue v;
    const mp::cpp_int num = mp::numerator(r), den = mp::denominator(r);
    v.approx = approximate(num, den);
    v.text = num.str() + "/" + den.str();
    v.exact = std::move(r);
    return v;
}

/// Decimal digits as a big integer (leading zeros dropped: Boost reads "0…" as octal).
mp::cpp_int decimal_integer(std::string_view digits) {
    while (digits.size() > 1 && digits.front() == '0')
        digits.remove_prefix(1);
    return mp::cpp_int{std::string(digits)};
}

std::optional<ProbValue> fail(std::string* why, std::string message) {
    if (why) *why = std::move(message);
    return std::nullopt;
}

} // namespace

std::optional<Status> parse_status(std::string_view word) {
    if (iequals(word, "entailed")) return Status::Entailed;
    if (iequals(word, "undetermined")) return Status::Undetermined;
    if (iequals(word, "contradictory")) return Status::Contradictory;
    return std::nullopt;
}

namespace {
/// True if normalise_axiom(text) == text (the common case: no allocation needed).
bool is_normalised(std::string_view text) {
    if (text.empty()) return true;
    if (text.front() == ' ' || text.back() == ' ') return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' ? text[i + 1] == ' ' : (is_blank(c) || c == '\n')) return false;
    }
    return true;
}

/// The normalised text, in `buffer` only when it differs from `text`.
std::string_view normalised_view(std::string_view text, std::string& buffer) {
    if (is_normalised(text)) return text;
    buffer = normalise_axiom(text);
    return buffer;
}
} // namespace

std::string normalise_axiom(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool pending_space = false;
    for (char c : text) {
        if (is_blank(c) || c == '\n') {
            pending_space = !out.empty();
            continue;
        }
        if (pending_space) out += ' ';
        pending_space = false;
        out += c;
    }
    return out;
}

std::optional<ProbValue> parse_probability(std::string_view text, std::string* why) {
    text = trim(text);
    if (text.empty()) return fail(why, "empty P");
    if (text.size() > 4000) return fail(why, "P has more than 4000 characters");
    mp::cpp_rational value;
    if (const auto slash = text.find('/'); slash != std::string_view::npos) {
        const std::string_view p = trim(text.substr(0, slash)), q = trim(text.substr(slash + 1));
        if (!all_digits(p) || !all_digits(q))
            return fail(why, "P '" + std::string(text) + "' is not a fraction p/q of non-negative integers");
        const mp::cpp_int num = decimal_integer(p), den = decimal_integer(q);
        if (den == 0) return fail(why, "P '" + std::string(text) + "' has denominator 0");
        value = mp::cpp_rational(num, den);
    } else {
        // digits [. digits] [e|E [+|-] digits]
        std::size_t i = 0;
        std::string mantissa;
        std::size_t frac_digits = 0;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
            mantissa += text[i++];
        if (i < text.size() && text[i] == '.') {
            ++i;
            while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
                mantissa += text[i++];
                ++frac_digits;
            }
        }
        long exponent = 0;
        bool ok = !mantissa.empty();
        if (ok && i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
            ++i;
            bool negative = false;
            if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
            const std::size_t start = i;
            while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - start < 6)
                exponent = exponent * 10 + (text[i++] - '0');
            ok = i > start && exponent <= 1000;
            if (negative) exponent = -exponent;
        }
        if (!ok || i != text.size())
            return fail(why, "P '" + std::string(text) + "' is neither a decimal number nor a fraction p/q");
        const long scale = exponent - static_cast<long>(frac_digits);
        mp::cpp_int num = decimal_integer(mantissa), den{1};
        if (scale >= 0)
            num *= mp::pow(mp::cpp_int(10), static_cast<unsigned>(scale));
        else
            den = mp::pow(mp::cpp_int(10), static_cast<unsigned>(-scale));
        value = mp::cpp_rational(num, den);
    }
    if (value > 1) return fail(why, "P '" + std::string(text) + "' is greater than 1");
    return make_prob(std::move(value));
}

// ---------------------------------------------------------------------------------------

std::string_view TextArena::store(std::string_view text) {
    if (text.size() > kChunk) {
        chunks_.emplace_front(text); // oversized: its own chunk, kept out of the way
        return chunks_.front();
    }
    if (used_ + text.size() > kChunk) {
        chunks_.emplace_back();
        chunks_.back().reserve(kChunk);
        used_ = 0;
    }
    std::string& chunk = chunks_.back();
    const std::size_t at = chunk.size();
    chunk.append(text); // never exceeds the reserved capacity, so earlier views stay valid
    used_ += text.size();
    return std::string_view(chunk.data() + at, text.size());
}

bool TestSet::add(std::string_view axiom, std::string_view nf, Status status, std::optional<ProbValue> p,
                  std::uint32_t line) {
    std::string buffer;
    const std::string_view norm = normalised_view(axiom, buffer);
    TestAxiom a;
    a.axiom = arena_->store(norm); // stored first so that one hash lookup suffices (a duplicate wastes it)
    auto nf_it = std::find(normal_forms.begin(), normal_forms.end(), nf);
    if (nf_it == normal_forms.end()) {
        normal_forms.emplace_back(nf);
        nf_it = normal_forms.end() - 1;
    }
    a.nf = static_cast<std::uint32_t>(nf_it - normal_forms.begin());
    a.status = status;
    a.line = line;
    axioms.push_back(a);
    const auto key_of = [this](std::uint32_t i) { return axioms[i].axiom; };
    if (!by_text_.insert(a.axiom, static_cast<std::uint32_t>(axioms.size() - 1), key_of).second) {
        axioms.pop_back();
        return false;
    }
    if (p) axioms.back().p = intern_p(std::move(*p));
    return true;
}

std::optional<std::uint32_t> TestSet::find(std::string_view normalised) const {
    return by_text_.find(normalised, [this](std::uint32_t i) { return axioms[i].axiom; });
}

std::uint32_t TestSet::intern_p(ProbValue v) {
    const auto [it, inserted] = p_index_.emplace(v.text, static_cast<std::uint32_t>(p_values.size()));
    if (inserted) p_values.push_back(std::move(v));
    return it->second;
}

void TestSet::finalise() {
    std::vector<std::uint32_t> order(p_values.size());
    std::iota(order.begin(), order.end(), 0u);
    // Exact order: the double approximations are within 1e-15 of the values, so when they
    // differ by more than 1e-12 they decide; otherwise compare the fractions.
    auto less = [&](std::uint32_t a, std::uint32_t b) {
        const double x = p_values[a].approx, y = p_values[b].approx;
        if (x + 1e-12 < y) return true;
        if (y + 1e-12 < x) return false;
        return p_values[a].exact < p_values[b].exact;
    };
    std::sort(order.begin(), order.end(), less);
    p_rank.assign(p_values.size(), 0);
    std::uint32_t rank = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i > 0 && less(order[i - 1], order[i])) ++rank;
        p_rank[order[i]] = rank;
    }
}

// ---------------------------------------------------------------------------------------

std::optional<std::uint32_t> ScoreTable::add(std::string_view axiom, double user_score, std::uint32_t line) {
    std::string buffer;
    const std::string_view norm = normalised_view(axiom, buffer);
    const double internal = lower_is_better_ ? -user_score : user_score;
    const std::string_view key = arena_->store(norm); // one hash lookup; a duplicate wastes its bytes
    keys_.push_back(key);
    const auto key_of = [this](std::uint32_t i) { return keys_[i]; };
    const auto [at, inserted] = index_.insert(key, static_cast<std::uint32_t>(keys_.size() - 1), key_of);
    if (inserted) {
        entries_.push_back({internal, line});
        return std::nullopt;
    }
    keys_.pop_back();
    if (entries_[at].score == internal) return std::nullopt;
    return entries_[at].line;
}

std::optional<double> ScoreTable::score(std::string_view normalised_axiom) const {
    const auto at = index_.find(normalised_axiom, [this](std::uint32_t i) { return keys_[i]; });
    if (!at) return std::nullopt;
    return entries_[*at].score;
}

void ScoreTable::for_each_axiom(const std::function<void(std::string_view)>& fn) const {
    for (std::string_view a : keys_)
        fn(a);
}

// ---------------------------------------------------------------------------------------

namespace {

constexpr std::size_t kMaxLine = std::size_t{1} << 20;

/// Calls fn(line, line_no) for each line of the source (CR of CRLF removed, BOM removed),
/// after checking for NUL bytes and invalid UTF-8.
template <class Fn> void for_each_line(kg::ByteSource& source, jobs::JobContext& ctx, std::uint64_t total, Fn&& fn) {
    const std::string& file = source.name();
    std::vector<char> buffer((std::size_t{4} << 20) + kMaxLine + 1);
    std::size_t begin = 0, end = 0, scan = 0;
    bool eof = false;
    std::uint32_t line_no = 0;
    const std::string message = "Reading " + file;
    auto process = [&](std::string_view line) {
        ++line_no;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line_no == 1 && line.starts_with("\xEF\xBB\xBF")) line.remove_prefix(3);
        if (const void* nul = std::memchr(line.data(), '\0', line.size()))
            throw InputError(file, line_no, kg::column_of(line, static_cast<const char*>(nul) - line.data()),
                             "NUL byte: this looks like a binary file, not tab-separated text");
        if (const std::size_t bad = kg::find_invalid_utf8(line); bad != std::string_view::npos)
            throw InputError(file, line_no, kg::column_of(line, bad), "invalid UTF-8");
        fn(line, line_no);
    };
    for (;;) {
        const char* nl =
            scan < end ? static_cast<const char*>(std::memchr(buffer.data() + scan, '\n', end - scan)) : nullptr;
        if (nl) {
            const auto stop = static_cast<std::size_t>(nl - buffer.data());
            if (stop - begin > kMaxLine)
                throw InputError(file, line_no + 1, kMaxLine + 1,
                                 "line longer than " + std::to_string(kMaxLine) + " bytes");
            process(std::string_view(buffer.data() + begin, stop - begin));
            begin = scan = stop + 1;
            continue;
        }
        if (end - begin > kMaxLine)
            throw InputError(file, line_no + 1, kMaxLine + 1,
                             "line longer than " + std::to_string(kMaxLine) + " bytes");
        if (eof) {
            if (end > begin) process(std::string_view(buffer.data() + begin, end - begin));
            break;
        }
        if (begin > 0) {
            std::memmove(buffer.data(), buffer.data() + begin, end - begin);
            end -= begin;
            scan = end;
            begin = 0;
        } else {
            scan = end;
        }
        const std::size_t got = source.read(buffer.data() + end, buffer.size() - end);
        if (got == 0) eof = true;
        end += got;
        ctx.throw_if_stopped();
        ctx.report(source.position(), total, message);
    }
}

/// Splits a line at tabs into at most `max` fields (byte offsets kept for columns).
struct Field {
    std::string_view text;
    std::size_t offset;
};
/// Up to 6 fields (a sixth means "too many"); no allocation per line.
struct Fields {
    std::array<Field, 6> f;
    std::size_t n = 0;
    std::size_t size() const { return n; }
    const Field& operator[](std::size_t i) const { return f[i]; }
};
Fields split_tabs(std::string_view line) {
    Fields out;
    std::size_t pos = 0;
    for (;;) {
        const std::size_t tab = line.find('\t', pos);
        out.f[out.n++] = {line.substr(pos, tab == std::string_view::npos ? std::string_view::npos : tab - pos), pos};
        if (tab == std::string_view::npos || out.n == out.f.size()) break;
        pos = tab + 1;
    }
    return out;
}

bool skippable(std::string_view line) {
    const std::string_view t = trim(line);
    return t.empty() || t.front() == '#';
}

void parse_tests(const std::string& file, kg::ByteSource& source, std::uint64_t total, jobs::JobContext& ctx,
                 TestSet& set) {
    set.file = file;
    bool first = true;
    for_each_line(source, ctx, total, [&](std::string_view line, std::uint32_t line_no) {
        if (skippable(line)) return;
        const bool was_first = first;
        first = false;
        const auto fields = split_tabs(line);
        auto col = [&](std::size_t offset) { return kg::column_of(line, offset); };
        if (was_first && iequals(trim(fields[0].text), "status")) return; // header
        if (fields.size() < 3)
            throw InputError(file, line_no, col(line.size()),
                             "expected status<TAB>nf<TAB>axiom[<TAB>P], found " + std::to_string(fields.size()) +
                                 (fields.size() == 1 ? " column" : " columns"));
        if (fields.size() > 5)
            throw InputError(file, line_no, col(fields[5].offset),
                             "expected at most 5 columns (status, nf, axiom, P, P as decimal)");
        const std::string_view status_word = trim(fields[0].text);
        const auto status = parse_status(status_word);
        if (!status)
            throw InputError(file, line_no, col(fields[0].offset),
                             "unknown status '" + std::string(status_word) +
                                 "' (expected entailed, undetermined or contradictory)");
        const std::string_view nf = trim(fields[1].text);
        if (nf.empty()) throw InputError(file, line_no, col(fields[1].offset), "empty normal form column");
        if (trim(fields[2].text).empty()) throw InputError(file, line_no, col(fields[2].offset), "empty axiom");

        std::optional<ProbValue> p;
        std::string why;
        auto check_decimal_echo = [&](const ProbValue& exact, std::string_view dec, std::size_t offset) {
            const auto d = parse_probability(dec, &why);
            if (!d) throw InputError(file, line_no, col(offset), why);
            if (std::fabs(d->approx - exact.approx) > 1e-6)
                throw InputError(file, line_no, col(offset),
                                 "decimal P " + std::string(trim(dec)) + " does not agree with the fraction " +
                                     exact.text);
        };
        if (fields.size() >= 4 && !trim(fields[3].text).empty()) {
            std::string_view ptext = trim(fields[3].text);
            std::string_view echo;
            std::size_t echo_offset = 0;
            if (const auto space = ptext.find(' '); space != std::string_view::npos) {
                echo = trim(ptext.substr(space));
                echo_offset =
                    fields[3].offset + static_cast<std::size_t>(ptext.data() - fields[3].text.data()) + space + 1;
                ptext = ptext.substr(0, space);
            }
            p = parse_probability(ptext, &why);
            if (!p)
                throw InputError(file, line_no,
                                 col(fields[3].offset + static_cast<std::size_t>(ptext.data() - fields[3].text.data())),
                                 why);
            if (!echo.empty()) check_decimal_echo(*p, echo, echo_offset);
            if (fields.size() == 5 && !trim(fields[4].text).empty())
                check_decimal_echo(*p, fields[4].text, fields[4].offset);
        } else if (fields.size() == 5 && !trim(fields[4].text).empty()) {
            throw InputError(file, line_no, col(fields[4].offset), "a fifth column without a P in the fourth");
        }
        if (!set.add(fields[2].text, nf, *status, std::move(p), line_no)) {
            const auto earlier = set.find(normalise_axiom(fields[2].text));
            throw InputError(file, line_no, col(fields[2].offset),
                             "axiom already listed at line " + std::to_string(set.axioms[*earlier].line));
        }
        if (set.axioms.size() >= 0xFFFFFFF0u) throw InputError(file, line_no, 0, "too many axioms");
    });
    set.finalise();
}

void parse_scores(const std::string& file, kg::ByteSource& source, std::uint64_t total, jobs::JobContext& ctx,
                  ScoreTable& table) {
    table.file = file;
    bool first = true;
    for_each_line(source, ctx, total, [&](std::string_view line, std::uint32_t line_no) {
        if (skippable(line)) return;
        const bool was_first = first;
        first = false;
        const auto fields = split_tabs(line);
        auto col = [&](std::size_t offset) { return kg::column_of(line, offset); };
        if (was_first && fields.size() == 2 && iequals(trim(fields[0].text), "axiom") &&
            iequals(trim(fields[1].text), "score"))
            return; // header
        if (fields.size() < 2)
            throw InputError(file, line_no, col(line.size()), "expected axiom<TAB>score, found 1 column");
        if (fields.size() > 2)
            throw InputError(file, line_no, col(fields[2].offset), "expected axiom<TAB>score, found more columns");
        if (trim(fields[0].text).empty()) throw InputError(file, line_no, col(0), "empty axiom");
        std::string_view s = trim(fields[1].text);
        const std::size_t s_col = col(fields[1].offset + static_cast<std::size_t>(s.data() - fields[1].text.data()));
        if (s.starts_with('+')) s.remove_prefix(1);
        double value = 0.0;
        const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
        if (s.empty() || ptr != s.data() + s.size() || ec == std::errc::invalid_argument)
            throw InputError(file, line_no, s_col, "score '" + std::string(trim(fields[1].text)) + "' is not a number");
        if (ec == std::errc::result_out_of_range || !std::isfinite(value))
            throw InputError(file, line_no, s_col,
                             "score '" + std::string(trim(fields[1].text)) + "' is not a finite number");
        if (const auto earlier = table.add(fields[0].text, value, line_no))
            throw InputError(file, line_no, s_col,
                             "axiom already scored differently" +
                                 (*earlier ? " at line " + std::to_string(*earlier) : std::string()));
    });
}

std::uint64_t file_size_or_zero(const std::string& path) {
    std::error_code ec;
    const auto n = std::filesystem::file_size(path, ec);
    return ec ? 0 : static_cast<std::uint64_t>(n);
}

} // namespace

TestSet read_tests(const std::string& path, jobs::JobContext& ctx) {
    auto source = kg::open_file_source(path);
    TestSet set;
    parse_tests(path, *source, file_size_or_zero(path), ctx, set);
    return set;
}

TestSet read_tests_text(const std::string& name, std::string_view content, jobs::JobContext& ctx) {
    auto source = kg::open_memory_source(name, content);
    TestSet set;
    parse_tests(name, *source, content.size(), ctx, set);
    return set;
}

ScoreTable read_scores(const std::string& path, bool lower_is_better, jobs::JobContext& ctx) {
    auto source = kg::open_file_source(path);
    ScoreTable table(lower_is_better);
    parse_scores(path, *source, file_size_or_zero(path), ctx, table);
    return table;
}

ScoreTable read_scores_text(const std::string& name, std::string_view content, bool lower_is_better,
                            jobs::JobContext& ctx) {
    auto source = kg::open_memory_source(name, content);
    ScoreTable table(lower_is_better);
    parse_scores(name, *source, content.size(), ctx, table);
    return table;
}

} // namespace kbcx::eval
