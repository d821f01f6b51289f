// Exports shared by the chart views (Training tab, Sweep dialog): a widget rendered to PNG (2×)
// or SVG on white, CSV field quoting, and an atomic text-file write with a message on failure.
#pragma once

#include <QString>

class QWidget;

namespace kbcx::ui {

/// Renders `target` and its children to a PNG at twice its size; false with a message if the
/// file cannot be written.
bool exportWidgetPng(QWidget* target, const QString& path, QString* error = nullptr);
/// Renders `target` and its children to an SVG with a title and description.
bool exportWidgetSvg(QWidget* target, const QString& path, const QString& title, const QString& description,
                     QString* error = nullptr);
/// A CSV field: quoted (with doubled quotes) when it holds a comma, quote or newline.
QString csvField(const QString& text);
/// Writes `text` as UTF-8 through QSaveFile (all or nothing).
bool writeTextFile(const QString& path, const QString& text, QString* error = nullptr);

} // namespace kbcx::ui
