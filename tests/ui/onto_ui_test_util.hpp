// Helpers shared by the ontology GUI tests (Ontology, Partition, Teach tabs): waiting for
// jobs, the screenshot folder, and an independent load + classification through core.
#pragma once

#include "ui_test_util.hpp"

#include "ui/common/app_settings.hpp"
#include "ui/jobs/job_handle.hpp"

#include "common/job.hpp"
#include "ui/ontology/core_onto.hpp"

#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <stop_token>
#include <string>

namespace kbcx::test {

/// The embedded demo ontology, read straight from the source tree (not through the GUI).
inline std::string demoOntologyText() {
    QFile f(QStringLiteral(KBCX_TEST_DATA "/../../resources/demo/university.ofn"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

} // namespace kbcx::test
