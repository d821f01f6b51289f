// Interned ids: every entity, relation and type name is a 32-bit id in its own namespace,
// so that facts are three small integers and indexes are plain arrays.
#pragma once

#include <cstdint>
#include <limits>

namespace kbcx::kg {

using Id = std::uint32_t;
inline constexpr Id kNoId = std::numeric_limits<Id>::max();

/// The three id spaces of a KG (for an ontology's ABox: individuals, roles, concepts).
enum class Namespace : std::uint8_t { Entity = 0, Relation = 1, Type = 2 };

/// A binary fact R(s, o) as ids.
struct Triple {
    Id s = kNoId;
    Id r = kNoId;
    Id o = kNoId;
    friend bool operator==(const Triple&, const Triple&) = default;
};

/// A unary (type) fact T(e) as ids.
struct TypeFact {
    Id e = kNoId;
    Id t = kNoId;
    friend bool operator==(const TypeFact&, const TypeFact&) = default;
};

} // namespace kbcx::kg
