// The engine headers the ontology views use (onto, reason, count), included with Qt's `emit`
// macro suspended: core names a member function emit(), which Qt's empty macro would erase.
// Include this before (or instead of) any of those headers in Qt code.
#pragma once

#pragma push_macro("emit")
#undef emit
#include "count/count_job.hpp"
#include "count/relative_count.hpp"
#include "onto/axiom_tree.hpp"
#include "onto/normaliser.hpp"
#include "onto/ontology.hpp"
#include "onto/readers.hpp"
#include "onto/summary.hpp"
#include "onto/text_syntax.hpp"
#include "reason/classify.hpp"
#include "reason/sampler.hpp"
#include "reason/status.hpp"
#pragma pop_macro("emit")
