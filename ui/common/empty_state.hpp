// The empty state of a page (no dataset, no ontology, no evaluation yet): one look everywhere,
// a heading and a paragraph that says how to get something to show, centred in the page.
#pragma once

#include <QString>

class QLabel;
class QWidget;

namespace kbcx::ui {

/// A centred, word-wrapped label: `heading` as an <h3>, then `bodyHtml` (rich text, one or more
/// paragraphs), in the palette's placeholder colour. Tests find it by `objectName`.
QLabel* makeEmptyState(const QString& heading, const QString& bodyHtml, QWidget* parent,
                       const QString& objectName = QStringLiteral("emptyHint"));

} // namespace kbcx::ui
