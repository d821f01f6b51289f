// How the GUI shows a failed input or job: "file:line:column: message" built in one place, and
// one window-modal warning box for bad input that spells the location out and says what is kept.
#pragma once

#include <QString>

class QMessageBox;
class QWidget;

namespace kbcx::ui {

/// "file:line:column", "file:line" (column 0), "file" (line 0) or "" (no file and no line).
QString errorLocation(const QString& file, quint64 line, quint64 column);

/// "location: message", or the message alone when there is no location.
QString locatedMessage(const QString& message, const QString& file, quint64 line, quint64 column);

/// What a bad-input box says: `text` names what failed ("Could not load pizza.owl."), the
/// located message is its informative text, and the details list file, line, column, message
/// and `unchanged` (what stays as it was, e.g. "Datasets loaded before are unchanged.").
struct InputErrorBox {
    QString title;
    QString text;
    QString message;
    QString file;
    quint64 line = 0;
    quint64 column = 0;
    QString unchanged; // empty: no detailed text
    QString objectName;
};

/// Opens the box window-modal and non-blocking (deleted on close); returns it for tests.
QMessageBox* showInputError(QWidget* parent, const InputErrorBox& error);

/// A plain warning with selectable text (no location), window-modal and non-blocking.
QMessageBox* showWarning(QWidget* parent, const QString& title, const QString& text,
                         const QString& objectName = QString());

} // namespace kbcx::ui
