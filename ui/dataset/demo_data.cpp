// Implementation of the demo dataset accessors: reads the embedded TSV into a NamedBuffer.
#include "ui/dataset/demo_data.hpp"

#include "ui/common/app_settings.hpp"

#include "common/error.hpp"

#include <QCoreApplication>
#include <QFile>

namespace kbcx::ui {

QString demoDatasetName() {
    return QCoreApplication::translate("kbcx::ui::MainWindow", "Demo university");
}

jobs::LoadKgParams demoLoadParams() {
    initResources();
    QFile demo(QString::fromLatin1(kDemoResourcePath));
    if (!demo.open(QIODevice::ReadOnly))
        throw InputError(kDemoResourcePath, "embedded demo data is missing from this build");
    const QByteArray bytes = demo.readAll();
    jobs::LoadKgParams params;
    params.buffers.push_back(
        {"university.tsv", std::string(bytes.constData(), static_cast<std::size_t>(bytes.size()))});
    return params;
}

} // namespace kbcx::ui
