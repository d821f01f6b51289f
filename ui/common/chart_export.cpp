// Implementation of the shared chart exports (PNG, SVG, CSV quoting, atomic text writes) used
// by TrainingCharts/TrainingChartPanel and the Sweep dialog.
#include "ui/common/chart_export.hpp"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>

namespace kbcx::ui {

namespace {
QString cannotWrite(const QString& path) {
    return QCoreApplication::translate("kbcx::ui::ChartExport", "Cannot write %1").arg(path);
}
} // namespace

bool exportWidgetPng(QWidget* target, const QString& path, QString* error) {
    const qreal scale = 2.0; // crisp on high-density screens and in documents
    QImage image((QSizeF(target->size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        target->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    if (!image.save(path, "PNG")) {
        if (error) *error = cannotWrite(path);
        return false;
    }
    return true;
}

bool exportWidgetSvg(QWidget* target, const QString& path, const QString& title, const QString& description,
                     QString* error) {
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(target->size());
    generator.setViewBox(QRect(QPoint(), target->size()));
    generator.setTitle(title);
    generator.setDescription(description);
    {
        QPainter painter;
        if (!painter.begin(&generator)) {
            if (error) *error = cannotWrite(path);
            return false;
        }
        painter.fillRect(QRect(QPoint(), target->size()), Qt::white);
        target->render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    }
    if (QFileInfo(path).size() <= 0) {
        if (error) *error = cannotWrite(path);
        return false;
    }
    return true;
}

QString csvField(const QString& text) {
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

bool writeTextFile(const QString& path, const QString& text, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0 || !file.commit()) {
        if (error)
            *error = QCoreApplication::translate("kbcx::ui::ChartExport", "Cannot write %1: %2")
                         .arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace kbcx::ui
