// Shared pieces of the ontology views: a proof tree widget built from the reasoner's rendered
// proof steps, and the colours and tooltips of the three statuses.
#pragma once

#include "ui/ontology/core_onto.hpp"

#include <QColor>
#include <QString>
#include <QTreeWidget>

#include <string>
#include <vector>

namespace kbcx::ui {

/// Shows a proof as a tree: the goal (the last step) at the top, each step's premises under it.
/// Steps are StatusChecker's lines "[i] C SubClassOf D    by RULE from [j], [k] using AXIOM".
class ProofView : public QTreeWidget {
    Q_OBJECT
  public:
    explicit ProofView(QWidget* parent = nullptr);
    /// Replaces the tree; `heading` names what is proved. An empty `steps` shows `emptyText`.
    void setProof(const QString& heading, const std::vector<std::string>& steps, const QString& emptyText = {});
    void setProofLines(const QString& heading, const QStringList& steps, const QString& emptyText = {});
    /// Number of proof steps shown (distinct steps, not tree items).
    int stepCount() const { return steps_; }

  private:
    int steps_ = 0;
};

QColor statusColor(reason::Status s);    ///< background tint for a status
QString statusText(reason::Status s);    ///< "entailed", …
QString statusToolTip(reason::Status s); ///< the exact definition
QString readingToolTip(reason::Reading r);

} // namespace kbcx::ui
