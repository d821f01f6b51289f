// The demo dataset embedded in kbcx_ui's resources: the university knowledge graph
// (:/demo/university.tsv), as load-job parameters ready for kbcx::jobs::load_kg.
#pragma once

#include "kg/load_kg.hpp"

#include <QString>

namespace kbcx::ui {

/// Resource path of the demo triples.
inline constexpr const char* kDemoResourcePath = ":/demo/university.tsv";

/// The name the demo dataset is shown under.
QString demoDatasetName();

/// Parameters that load the demo from an in-memory buffer named "university.tsv".
/// Throws kbcx::InputError if the resource is missing (a build error).
jobs::LoadKgParams demoLoadParams();

} // namespace kbcx::ui
