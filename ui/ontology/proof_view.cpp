// Implementation of ProofView (parsing step references out of the rendered proof lines) and
// of the status colours and definitions.
#include "ui/ontology/proof_view.hpp"

#include <QHeaderView>
#include <QRegularExpression>

#include <functional>

namespace kbcx::ui {

ProofView::ProofView(QWidget* parent) : QTreeWidget(parent) {
    setColumnCount(3);
    setHeaderLabels({tr("Conclusion"), tr("Rule"), tr("Axiom used")});
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setStretchLastSection(true);
    setToolTip(tr("Proof tree: each conclusion with the completion rule that derived it and its premises below"));
}

void ProofView::setProofLines(const QString& heading, const QStringList& steps, const QString& emptyText) {
    std::vector<std::string> lines;
    lines.reserve(static_cast<std::size_t>(steps.size()));
    for (const QString& s : steps)
        lines.push_back(s.toStdString());
    setProof(heading, lines, emptyText);
}

void ProofView::setProof(const QString& heading, const std::vector<std::string>& steps, const QString& emptyText) {
    clear();
    steps_ = static_cast<int>(steps.size());
    headerItem()->setText(0, heading.isEmpty() ? tr("Conclusion") : heading);
    if (steps.empty()) {
        if (!emptyText.isEmpty()) {
            auto* item = new QTreeWidgetItem(this, {emptyText});
            item->setForeground(0, QColor(0x70, 0x70, 0x70));
        }
        return;
    }
    static const QRegularExpression stepRe(QStringLiteral(
        R"(^\[(\d+)\]\s+(.*?)\s{2,}by\s+(\S+)(?:\s+from\s+((?:\[\d+\](?:,\s*)?)+))?(?:\s+using\s+(.*))?$)"));
    static const QRegularExpression refRe(QStringLiteral(R"(\[(\d+)\])"));
    struct Parsed {
        QString conclusion, rule, axiom;
        std::vector<int> premises;
    };
    std::vector<Parsed> parsed;
    for (const std::string& line : steps) {
        const QString s = QString::fromStdString(line);
        Parsed p;
        const auto m = stepRe.match(s);
        if (m.hasMatch()) {
            p.conclusion = m.captured(2);
            p.rule = m.captured(3);
            p.axiom = m.captured(5);
            auto it = refRe.globalMatch(m.captured(4));
            while (it.hasNext())
                p.premises.push_back(it.next().captured(1).toInt() - 1);
        } else {
            p.conclusion = s;
        }
        parsed.push_back(std::move(p));
    }
    std::function<void(QTreeWidgetItem*, int, int)> add = [&](QTreeWidgetItem* parentItem, int i, int depth) {
        const Parsed& p = parsed[static_cast<std::size_t>(i)];
        auto* item = parentItem ? new QTreeWidgetItem(parentItem) : new QTreeWidgetItem(this);
        item->setText(0, p.conclusion);
        item->setText(1, p.rule);
        item->setText(2, p.axiom);
        item->setToolTip(0, QString::fromStdString(steps[static_cast<std::size_t>(i)]));
        item->setToolTip(2, p.axiom);
        if (depth > 64) return;
        for (int q : p.premises)
            if (q >= 0 && q < static_cast<int>(parsed.size()) && q != i) add(item, q, depth + 1);
    };
    add(nullptr, static_cast<int>(parsed.size()) - 1, 0);
    expandAll();
    resizeColumnToContents(0);
    resizeColumnToContents(1);
}

QColor statusColor(reason::Status s) {
    switch (s) {
    case reason::Status::Entailed: return QColor(0xd7, 0xf0, 0xd4);
    case reason::Status::Undetermined: return QColor(0xfd, 0xf1, 0xc8);
    case reason::Status::Contradictory: return QColor(0xf8, 0xd4, 0xd4);
    }
    return {};
}

QString statusText(reason::Status s) {
    return QString::fromLatin1(reason::status_name(s));
}

QString statusToolTip(reason::Status s) {
    switch (s) {
    case reason::Status::Entailed: return QObject::tr("Entailed: O ⊨ α");
    case reason::Status::Undetermined: return QObject::tr("Undetermined: neither entailed nor contradictory");
    case reason::Status::Contradictory:
        return QObject::tr("Contradictory: O ∪ {α} ⊨ ⊥ (inconsistency reading); under the incoherence reading also "
                           "when α makes a satisfiable named class unsatisfiable");
    }
    return {};
}

QString readingToolTip(reason::Reading r) {
    return r == reason::Reading::Inconsistency
               ? QObject::tr("Inconsistency reading: α is contradictory when O ∪ {α} has no model")
               : QObject::tr("Incoherence reading: α is contradictory when O ∪ {α} is inconsistent or makes a "
                             "satisfiable named class (or ⊤, or an individual) unsatisfiable");
}

} // namespace kbcx::ui
