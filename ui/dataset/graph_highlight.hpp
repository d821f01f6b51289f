// What the Graph tab should emphasise: facts of a rule's support or of a derivation tree (ids
// in a rule program's signature, names ready for display) and the entity to centre on.
#pragma once

#include "kg/ids.hpp"

#include <QString>

#include <vector>

namespace kbcx::ui {

struct HighlightFact {
    enum class Role {
        Premise,    ///< a premise of the support, or an input fact of a derivation tree
        Conclusion, ///< the support's conclusion, or the explained fact itself
        Derived     ///< an intermediate derived fact of a derivation tree
    };
    Role role = Role::Premise;
    bool unary = false;
    kg::Id pred = kg::kNoId; ///< relation or type id (ids past the KG's counts are rule-only names)
    kg::Id s = kg::kNoId;
    kg::Id o = kg::kNoId;
    QString predName, subjectName, objectName;
    QString text;      ///< `R(a,b)` / `T(a)` as the rules engine writes it
    bool inKg = false; ///< an input fact (false: derived / new)
};

struct GraphHighlight {
    QString title; ///< e.g. "Support 2 of rule 13"
    kg::Id centre = kg::kNoId;
    std::vector<HighlightFact> facts;

    bool empty() const { return facts.empty(); }
};

} // namespace kbcx::ui
