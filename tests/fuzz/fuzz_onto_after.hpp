// What the ontology fuzz targets do with an accepted input: the same steps `kbcx onto-info`
// runs (summary, EL filter, normaliser, text rendering), so deep or odd structures that a
// reader lets through are exercised downstream as well.
#pragma once

#include "onto/normaliser.hpp"
#include "onto/summary.hpp"
#include "onto/text_syntax.hpp"

namespace kbcx::fuzz {

inline void after_parse(onto::Ontology& o) {
    (void)onto::summarise(o);
    (void)onto::el_filter(o);
    onto::TextWriter writer(o, NameStyle::Short);
    for (const onto::Axiom& ax : o.axioms)
        (void)writer.axiom(ax);
    (void)onto::normalise(o);
}

} // namespace kbcx::fuzz
