// The versions of KBC Explorer and of the libraries it was built with, printed by
// `kbcx --version` and `kbc-explorer --version` (header-only: both programs include it).
#pragma once

#include "kg/rdf_reader.hpp"

#include <Eigen/Core>
#include <boost/version.hpp>

#include <string>

namespace kbcx::cli {

/// The Qt version the project was configured with (KBCX_QT_VERSION, set by app/CMakeLists.txt),
/// or an empty string for a build without Qt.
inline std::string configured_qt_version() {
#ifdef KBCX_QT_VERSION
    return KBCX_QT_VERSION;
#else
    return {};
#endif
}

/// "PROGRAM VERSION" followed by one "  library version" line per dependency. `qt_note` is
/// appended to the Qt line (kbcx says that it links no Qt; kbc-explorer gives the run-time Qt).
inline std::string version_report(const std::string& program, const std::string& qt_note) {
    const std::string qt = configured_qt_version();
    std::string text = program + " " + KBCX_VERSION + "\nbuilt with:\n";
    text += "  Qt       " + (qt.empty() ? std::string("none (configured without Qt)") : qt) + qt_note + "\n";
    text += "  Eigen    " + std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) + "." +
            std::to_string(EIGEN_MINOR_VERSION) + "\n";
    text += "  Boost    " + std::to_string(BOOST_VERSION / 100000) + "." + std::to_string(BOOST_VERSION / 100 % 1000) +
            "." + std::to_string(BOOST_VERSION % 100) + "\n";
    text += "  raptor2  " + kg::raptor_version() + "\n";
    return text;
}

} // namespace kbcx::cli
