// The empty state of a page (empty_state.hpp): one label style shared by every tab, a heading
// and a paragraph in the palette's placeholder colour.
#include "ui/common/empty_state.hpp"

#include <QLabel>

namespace kbcx::ui {

QLabel* makeEmptyState(const QString& heading, const QString& bodyHtml, QWidget* parent, const QString& objectName) {
    const QString body =
        bodyHtml.startsWith(QLatin1String("<p")) ? bodyHtml : QStringLiteral("<p>%1</p>").arg(bodyHtml);
    auto* label = new QLabel(QStringLiteral("<h3>%1</h3>%2").arg(heading.toHtmlEscaped(), body), parent);
    label->setObjectName(objectName);
    label->setTextFormat(Qt::RichText);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    label->setMargin(24);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

} // namespace kbcx::ui
