// The two rule-learner variants and their defaults, kept in one place: `anyburl` follows the released
// AnyBURL (object identity, raw confidence in the file, pc at application), `kbcx` the earlier design.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace kbcx::learn {

enum class RuleVariant {
    AnyBURL, ///< as AnyBURL releases it (see VariantDefaults)
    Kbcx     ///< the project's earlier learner, kept for comparison
};

/// Every default that differs between the variants. AnyBURL's names in brackets.
struct VariantDefaults {
    bool object_identity;        ///< every rule variable bound to a distinct constant (OI constraints)
    bool pc_in_file;             ///< the file's confidence is support/(predicted+pc) (kbcx) or support/predicted
    bool both_directions;        ///< cyclic rules scored from X and from Y, the counts summed
    unsigned max_length;         ///< cyclic rules [MAX_LENGTH_CYCLIC]
    unsigned max_acyclic_length; ///< AC1 rules [MAX_LENGTH_ACYCLIC]
    unsigned
        grounded_cyclic_length; ///< h(X,c) <= b(X,c) from cyclic walks up to this length [MAX_LENGTH_GROUNDED_CYCLIC]
    std::size_t sample_size;    ///< anyburl: distinct groundings per direction [BEAM_SAMPLING_MAX_BODY_GROUNDINGS];
                                ///< kbcx: anchors per cyclic rule
    std::size_t acyclic_sample_size; ///< acyclic rules: groundings counted (0 = all) [SAMPLE_SIZE]
    bool exact_order;                ///< apply-rules writes a score keeping the whole max-aggregation order
};

inline constexpr VariantDefaults kAnyburlDefaults{true, false, true, 3, 1, 1, 1000, 2000, true};
inline constexpr VariantDefaults kKbcxDefaults{false, true, false, 3, 2, 0, 1000, 0, false};

constexpr const VariantDefaults& defaults_of(RuleVariant v) {
    return v == RuleVariant::AnyBURL ? kAnyburlDefaults : kKbcxDefaults;
}

/// AnyBURL's beam sampling of a cyclic rule, per query direction: random start entities (drawn
/// with replacement) each give one random grounding; it stops after this many attempts
/// [BEAM_SAMPLING_MAX_BODY_GROUNDING_ATTEMPTS] …
inline constexpr std::size_t kBeamAttempts = 10000;
/// … or when this many draws in a row found a grounding seen before [BEAM_SAMPLING_MAX_REPETITIONS],
/// or at sample_size distinct groundings [BEAM_SAMPLING_MAX_BODY_GROUNDINGS].
inline constexpr unsigned kBeamRepetitions = 3;

/// Unseen negatives added to a rule's predictions when it is applied [UNSEEN_NEGATIVE_EXAMPLES].
inline constexpr double kUnseenNegatives = 5.0;
/// Factor on the applied confidence of a rule with an empty body [RULE_ZERO_WEIGHT].
inline constexpr double kZeroRuleWeight = 0.01;
/// Rules kept by the learner need this many correct predictions [THRESHOLD_CORRECT_PREDICTIONS].
inline constexpr unsigned kMinSupport = 2;

inline std::optional<RuleVariant> parse_variant(std::string_view s) {
    if (s == "anyburl") return RuleVariant::AnyBURL;
    if (s == "kbcx") return RuleVariant::Kbcx;
    return std::nullopt;
}

inline const char* variant_name(RuleVariant v) {
    return v == RuleVariant::AnyBURL ? "anyburl" : "kbcx";
}

} // namespace kbcx::learn
