// Implementation of the accessible-name pass: what counts as an interactive control, which
// widgets are parts of a compound control, and where a name is taken from.
#include "ui/common/accessibility.hpp"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QBoxLayout>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>
#include <QTextEdit>

namespace kbcx::ui {

namespace {

bool isInteractive(const QWidget* w) {
    if (qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w) ||
        qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
        qobject_cast<const QAbstractItemView*>(w) || qobject_cast<const QPlainTextEdit*>(w))
        return true;
    if (const auto* slider = qobject_cast<const QAbstractSlider*>(w)) return !qobject_cast<const QScrollBar*>(slider);
    if (const auto* text = qobject_cast<const QTextEdit*>(w)) return !text->isReadOnly();
    return false;
}

/// Parts of compound widgets (a spin box's editor, a view's header, a tab bar's arrows) are
/// announced through their owner.
bool isInternalPart(const QWidget* w) {
    if (w->objectName().startsWith(QLatin1String("qt_"))) return true;
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QAbstractSpinBox*>(p) || qobject_cast<const QComboBox*>(p) ||
            qobject_cast<const QTabBar*>(p) || qobject_cast<const QAbstractItemView*>(p) ||
            qobject_cast<const QMenu*>(p))
            return true;
    return false;
}

QString plain(QString text) {
    if (Qt::mightBeRichText(text)) {
        QTextDocument doc;
        doc.setHtml(text);
        text = doc.toPlainText();
    }
    text.remove(QLatin1Char('&'));
    text = text.simplified();
    while (text.endsWith(QLatin1Char(':')))
        text.chop(1);
    return text.trimmed();
}

/// The first sentence of a tool tip (tool tips here often continue with a definition).
QString firstSentence(const QString& text) {
    QString s = plain(text);
    const int stop = s.indexOf(QLatin1String(". "));
    if (stop > 0) s.truncate(stop);
    if (s.size() > 80) s = s.left(77) + QStringLiteral("…");
    return s;
}

QString formLabel(const QWidget* w) {
    const QWidget* parent = w->parentWidget();
    if (!parent || !parent->layout()) return {};
    QList<QFormLayout*> forms = parent->findChildren<QFormLayout*>();
    forms << qobject_cast<QFormLayout*>(parent->layout());
    for (QFormLayout* form : forms) {
        if (!form) continue;
        if (auto* label = qobject_cast<QLabel*>(form->labelForField(const_cast<QWidget*>(w))))
            return plain(label->text());
    }
    return {};
}

/// A label placed just before `w` in a box layout ("Depth: [spin]").
QString precedingLabel(const QWidget* w) {
    const QWidget* parent = w->parentWidget();
    if (!parent) return {};
    QList<QBoxLayout*> layouts = parent->findChildren<QBoxLayout*>();
    if (auto* own = qobject_cast<QBoxLayout*>(parent->layout())) layouts.prepend(own);
    for (QBoxLayout* box : layouts) {
        const int at = box->indexOf(const_cast<QWidget*>(w));
        if (at <= 0) continue;
        for (int i = at - 1; i >= 0; --i) {
            QLayoutItem* item = box->itemAt(i);
            if (!item || item->spacerItem()) continue;
            if (auto* label = qobject_cast<QLabel*>(item->widget()))
                return label->buddy() && label->buddy() != w ? QString() : plain(label->text());
            break;
        }
    }
    return {};
}

QString contextTitle(const QWidget* w) {
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
        if (const auto* group = qobject_cast<const QGroupBox*>(p))
            if (!group->title().isEmpty()) return plain(group->title());
        if (const auto* dock = qobject_cast<const QDockWidget*>(p)) return plain(dock->windowTitle());
        // A page of a tab widget: the tab's title.
        if (const auto* stack = qobject_cast<const QStackedWidget*>(p->parentWidget()))
            if (const auto* tabs = qobject_cast<const QTabWidget*>(stack->parentWidget())) {
                const int index = tabs->indexOf(const_cast<QWidget*>(p));
                if (index >= 0) return plain(tabs->tabText(index));
            }
    }
    return {};
}

QString kindOf(const QWidget* w) {
    if (qobject_cast<const QAbstractItemView*>(w)) return QObject::tr("list");
    if (qobject_cast<const QComboBox*>(w)) return QObject::tr("choice");
    if (qobject_cast<const QPlainTextEdit*>(w) || qobject_cast<const QTextEdit*>(w)) return QObject::tr("editor");
    if (qobject_cast<const QAbstractButton*>(w)) return QObject::tr("button");
    return QObject::tr("field");
}

QString derivedName(const QWidget* w) {
    QString name = formLabel(w);
    if (name.isEmpty()) name = precedingLabel(w);
    if (name.isEmpty()) {
        if (const auto* edit = qobject_cast<const QLineEdit*>(w))
            name = plain(edit->placeholderText());
        else if (const auto* editor = qobject_cast<const QPlainTextEdit*>(w))
            name = plain(editor->placeholderText());
    }
    if (name.isEmpty() && !w->toolTip().isEmpty()) name = firstSentence(w->toolTip());
    if (name.isEmpty()) {
        const QString context = contextTitle(w);
        if (!context.isEmpty()) name = context + QLatin1Char(' ') + kindOf(w);
    }
    return name;
}

} // namespace

QString accessibleNameOf(const QWidget* widget) {
    if (!widget->accessibleName().isEmpty()) return widget->accessibleName();
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(const_cast<QWidget*>(widget));
    return iface ? iface->text(QAccessible::Name).trimmed() : QString();
}

int nameUnlabelledControls(QWidget* root) {
    int named = 0;
    // Charts: named after their title, and pointing to the table of their numbers.
    for (QChartView* view : root->findChildren<QChartView*>()) {
        if (!view->accessibleName().isEmpty()) continue;
        const QString title = view->chart() ? plain(view->chart()->title()) : QString();
        view->setAccessibleName(title.isEmpty() ? QObject::tr("Chart") : QObject::tr("Chart: %1").arg(title));
        if (view->accessibleDescription().isEmpty())
            for (QWidget* p = view->parentWidget(); p && p != root; p = p->parentWidget())
                if (!p->findChildren<QTableView*>().isEmpty()) {
                    view->setAccessibleDescription(
                        QObject::tr("The numbers of this chart are in the table beside it."));
                    break;
                }
        ++named;
    }
    for (QWidget* w : root->findChildren<QWidget*>()) {
        if (!isInteractive(w) || isInternalPart(w) || !accessibleNameOf(w).isEmpty()) continue;
        const QString name = derivedName(w);
        if (!name.isEmpty()) {
            w->setAccessibleName(name);
            ++named;
        }
    }
    return named;
}

} // namespace kbcx::ui
