// How the GUI shows a failed input or job: one location format and one bad-input message box
// (see error_box.hpp).
#include "ui/common/error_box.hpp"

#include <QCoreApplication>
#include <QMessageBox>

namespace kbcx::ui {

QString errorLocation(const QString& file, quint64 line, quint64 column) {
    QString location = file;
    if (line > 0) {
        location += QStringLiteral(":%1").arg(line);
        if (column > 0) location += QStringLiteral(":%1").arg(column);
    }
    return location;
}

QString locatedMessage(const QString& message, const QString& file, quint64 line, quint64 column) {
    const QString location = errorLocation(file, line, column);
    return location.isEmpty() ? message : location + QStringLiteral(": ") + message;
}

QMessageBox* showInputError(QWidget* parent, const InputErrorBox& error) {
    auto* box = new QMessageBox(QMessageBox::Warning, error.title, error.text, QMessageBox::Ok, parent);
    if (!error.objectName.isEmpty()) box->setObjectName(error.objectName);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(locatedMessage(error.message, error.file, error.line, error.column));
    if (!error.unchanged.isEmpty()) {
        box->setDetailedText(
            QCoreApplication::translate("kbcx::ui::InputErrorBox", "File: %1\nLine: %2\nColumn: %3\n\n%4\n\n%5")
                .arg(error.file.isEmpty() ? QCoreApplication::translate("kbcx::ui::InputErrorBox", "(none)")
                                          : error.file)
                .arg(error.line)
                .arg(error.column)
                .arg(error.message, error.unchanged));
    }
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
    return box;
}

QMessageBox* showWarning(QWidget* parent, const QString& title, const QString& text, const QString& objectName) {
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, parent);
    if (!objectName.isEmpty()) box->setObjectName(objectName);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
    return box;
}

} // namespace kbcx::ui
