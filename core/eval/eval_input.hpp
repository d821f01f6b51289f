// Input of the faithfulness evaluation: test sets (status, normal form, axiom, optional P)
// and score tables (axiom, score) read from TSV, with axioms matched by normalised text.
#pragma once

#include "common/job.hpp"

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace kbcx::eval {

/// Logical status of a candidate axiom: T+ (entailed), T? (undetermined), T− (contradictory).
enum class Status : std::uint8_t { Entailed, Undetermined, Contradictory };

/// "entailed", "undetermined" or "contradictory".
const char* status_name(Status s);
/// Parses a status word (case-insensitive); nullopt if it is none of the three.
std::optional<Status> parse_status(std::string_view word);

/// The text used to match axioms between files: runs of blanks (space, tab, CR, form feed,
/// vertical tab) collapsed to one space, leading and trailing blanks removed. Nothing else
/// is rewritten, so axioms must be written identically in both files otherwise.
std::string normalise_axiom(std::string_view text);

/// An exact probability P(α|O) ∈ [0, 1] (a reduced fraction) with a double approximation.
struct ProbValue {
    boost::multiprecision::cpp_rational exact;
    double approx = 0.0; ///< within 1e-15 of `exact`
    std::string text;    ///< canonical "p/q" (reduced)
};

/// Parses P written as a decimal (0.25, 1, 3e-2) or a fraction p/q of non-negative integers;
/// the value must lie in [0, 1]. Returns nullopt with `why` set when it does not parse.
std::optional<ProbValue> parse_probability(std::string_view text, std::string* why = nullptr);

inline constexpr std::uint32_t kNoP = 0xFFFFFFFFu;

/// Append-only storage for many short strings: views into it stay valid for its lifetime.
class TextArena {
  public:
    std::string_view store(std::string_view text);
    std::size_t bytes() const { return chunks_.size() * kChunk; }

  private:
    static constexpr std::size_t kChunk = std::size_t{1} << 20;
    std::deque<std::string> chunks_;
    std::size_t used_ = kChunk;
};

/// A hash index of strings kept elsewhere (open addressing, linear probing): maps a string to
/// the number under which the caller stored it. Slots are 8 bytes, so millions of axioms cost
/// one cache miss per lookup instead of a node walk. `key_of(value)` returns the stored string.
class TextIndex {
  public:
    template <class KeyOf> std::optional<std::uint32_t> find(std::string_view key, KeyOf&& key_of) const {
        if (slots_.empty()) return std::nullopt;
        const std::uint64_t h = hash(key);
        const auto tag = static_cast<std::uint32_t>(h >> 32);
        for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.value == kEmpty) return std::nullopt;
            if (s.tag == tag && key_of(s.value) == key) return s.value;
        }
    }
    /// Inserts value for key unless the key is present; returns the value in the index and
    /// whether it was inserted.
    template <class KeyOf>
    std::pair<std::uint32_t, bool> insert(std::string_view key, std::uint32_t value, KeyOf&& key_of) {
        if ((size_ + 1) * 4 > slots_.size() * 3) grow(key_of);
        const std::uint64_t h = hash(key);
        const auto tag = static_cast<std::uint32_t>(h >> 32);
        for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
            Slot& s = slots_[i];
            if (s.value == kEmpty) {
                s = {tag, value};
                ++size_;
                return {value, true};
            }
            if (s.tag == tag && key_of(s.value) == key) return {s.value, false};
        }
    }
    std::size_t size() const { return size_; }
    void reserve(std::size_t n) {
        if (size_ == 0 && n * 4 > slots_.size() * 3) resize_empty(n);
    }

  private:
    static constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
    struct Slot {
        std::uint32_t tag = 0;
        std::uint32_t value = kEmpty;
    };
    static std::uint64_t hash(std::string_view key) { return std::hash<std::string_view>{}(key)*0x9E3779B97F4A7C15ull; }
    void resize_empty(std::size_t n) {
        std::size_t cap = 16;
        while (cap * 3 < n * 4)
            cap *= 2;
        slots_.assign(cap, Slot{});
        mask_ = cap - 1;
    }
    template <class KeyOf> void grow(KeyOf&& key_of) {
        std::vector<Slot> old = std::move(slots_);
        resize_empty(std::max<std::size_t>(16, old.size() * 2 * 3 / 4 + 1));
        for (const Slot& s : old) {
            if (s.value == kEmpty) continue;
            const std::uint64_t h = hash(key_of(s.value));
            std::size_t i = h & mask_;
            while (slots_[i].value != kEmpty)
                i = (i + 1) & mask_;
            slots_[i] = {static_cast<std::uint32_t>(h >> 32), s.value};
        }
    }
    std::vector<Slot> slots_;
    std::size_t mask_ = 0, size_ = 0;
};

struct TestAxiom {
    std::string_view axiom; ///< normalised text (owned by the TestSet's arena)
    std::uint32_t nf = 0;   ///< index into TestSet::normal_forms
    Status status = Status::Undetermined;
    std::uint32_t p = kNoP; ///< index into TestSet::p_values, or kNoP when the file gives none
    std::uint32_t line = 0; ///< 1-based line in the tests file
};

/// A test set: the candidates with their logical status and, where known, P.
/// Distinct P values are interned and ranked exactly (p_rank: equal values, equal rank).
struct TestSet {
    std::string file;
    std::vector<TestAxiom> axioms;
    std::vector<std::string> normal_forms; ///< in order of first appearance
    std::vector<ProbValue> p_values;
    std::vector<std::uint32_t> p_rank; ///< p_rank[i]: 0-based rank of p_values[i] in exact ascending order

    /// Adds an axiom (normalised here); returns false if the normalised text is already present.
    bool add(std::string_view axiom, std::string_view nf, Status status, std::optional<ProbValue> p,
             std::uint32_t line = 0);
    /// Index of an axiom by its normalised text.
    std::optional<std::uint32_t> find(std::string_view normalised) const;
    /// Computes p_rank; call after the last add().
    void finalise();
    /// Interned P of 1 and 0 (used for T+ and T− axioms whose P is not given).
    std::uint32_t intern_p(ProbValue v);

  private:
    std::shared_ptr<TextArena> arena_ = std::make_shared<TextArena>();
    std::unordered_map<std::string, std::uint32_t> p_index_;
    TextIndex by_text_;
};

/// Where a scorer's scores come from; the evaluation only asks for scores by normalised axiom.
/// Scores are "higher = more plausible"; a loss must be negated by the implementation.
class Scorer {
  public:
    virtual ~Scorer() = default;
    /// Score of a normalised axiom, or nullopt if this scorer has none for it.
    virtual std::optional<double> score(std::string_view normalised_axiom) const = 0;
    /// Calls fn for every axiom the scorer knows explicitly (for the names of ranking
    /// candidates); scorers that can score anything (trained models) list nothing.
    virtual void for_each_axiom(const std::function<void(std::string_view)>& fn) const = 0;
    /// Turns an internal score back into the value the user gave (undoes --lower-is-better).
    virtual double display(double internal) const { return internal; }
};

/// An imported score file: normalised axiom → score. Stored higher = more plausible
/// (negated on reading when lower_is_better).
class ScoreTable final : public Scorer {
  public:
    explicit ScoreTable(bool lower_is_better = false) : lower_is_better_(lower_is_better) {}
    /// Adds a score (as written by the user). Returns the line of an earlier entry of the same
    /// axiom with a different score (0 if there was one on an unknown line), nullopt if added
    /// or repeated identically.
    std::optional<std::uint32_t> add(std::string_view axiom, double user_score, std::uint32_t line = 0);
    std::optional<double> score(std::string_view normalised_axiom) const override;
    void for_each_axiom(const std::function<void(std::string_view)>& fn) const override;
    double display(double internal) const override { return lower_is_better_ ? -internal : internal; }
    std::size_t size() const { return keys_.size(); }
    bool lower_is_better() const { return lower_is_better_; }
    std::string file;

  private:
    struct Entry {
        double score;
        std::uint32_t line;
    };
    bool lower_is_better_;
    std::shared_ptr<TextArena> arena_ = std::make_shared<TextArena>();
    TextIndex index_;
    std::vector<std::string_view> keys_; ///< in order of first appearance
    std::vector<Entry> entries_;
};

/// Reads a tests file: `status<TAB>nf<TAB>axiom[<TAB>P[<TAB>P as decimal]]` per line.
/// Blank lines and lines starting with '#' are skipped, as is a first line starting with
/// the word "status". P is a decimal or a fraction p/q; a P field may also hold "p/q decimal"
/// (the fraction is used; the decimal must agree within 1e-6). Throws InputError with
/// file:line:column on unknown status words, malformed P, missing columns, invalid UTF-8
/// and axioms listed twice.
TestSet read_tests(const std::string& path, jobs::JobContext& ctx);
/// The same from a buffer (for tests and the GUI); `name` is used in error messages.
TestSet read_tests_text(const std::string& name, std::string_view content, jobs::JobContext& ctx);

/// Reads a scores file: `axiom<TAB>score` per line (a first line "axiom<TAB>score" is a header).
/// Throws InputError on NaN or infinite scores, malformed numbers, missing columns and an
/// axiom scored twice with different scores.
ScoreTable read_scores(const std::string& path, bool lower_is_better, jobs::JobContext& ctx);
ScoreTable read_scores_text(const std::string& name, std::string_view content, bool lower_is_better,
                            jobs::JobContext& ctx);

} // namespace kbcx::eval
