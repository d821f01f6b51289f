// Implementation of OverviewPage: a summary grid above two proxy-sorted tables sharing one
// filter field; an empty-state hint when no dataset is selected.
#include "ui/dataset/overview_page.hpp"

#include "ui/common/empty_state.hpp"
#include "ui/common/views.hpp"
#include "ui/dataset/relation_table_model.hpp"
#include "ui/dataset/type_table_model.hpp"

#include "common/resources.hpp"

#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kbcx::ui {

namespace {

QTableView* makeTable(QWidget* parent) {
    QTableView* view = makeDataTable(parent);
    view->setSortingEnabled(true);
    return view;
}

QSortFilterProxyModel* makeProxy(QAbstractItemModel* source, QObject* parent) {
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setFilterKeyColumn(0);
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

QString number(std::uint64_t n) {
    return QLocale().toString(static_cast<qulonglong>(n));
}

} // namespace

OverviewPage::OverviewPage(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("overviewPage"));
    relationModel_ = new RelationTableModel(this);
    typeModel_ = new TypeTableModel(this);
    relationProxy_ = makeProxy(relationModel_, this);
    typeProxy_ = makeProxy(typeModel_, this);
    typeProxy_->setSortRole(TypeTableModel::SortRole);

    stack_ = new QStackedWidget(this);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(stack_);

    // Empty state.
    auto* hint = makeEmptyState(tr("No dataset selected"),
                                tr("Open a knowledge graph with <b>File → Open…</b> (TSV triples, N-Triples, Turtle, "
                                   "RDF/XML, optionally gzip-compressed), drop files onto this window, or try "
                                   "<b>File → Open Demo</b>."),
                                stack_);
    stack_->addWidget(hint);

    // Dataset view.
    auto* page = new QWidget(stack_);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(9, 9, 9, 9);

    title_ = new QLabel(page);
    title_->setObjectName(QStringLiteral("datasetTitle"));
    QFont titleFont = title_->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    title_->setFont(titleFont);
    sources_ = new QLabel(page);
    sources_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sources_->setStyleSheet(QStringLiteral("color: palette(dark);"));
    layout->addWidget(title_);
    layout->addWidget(sources_);

    auto* summaryBox = new QGroupBox(tr("Summary"), page);
    auto* grid = new QGridLayout(summaryBox);
    grid->setHorizontalSpacing(18);
    addSummaryRow(grid, 0, 0, QStringLiteral("facts"), tr("Facts"), tr("Distinct binary facts r(s, o)"));
    addSummaryRow(grid, 1, 0, QStringLiteral("typeFacts"), tr("Type facts"), tr("Distinct unary facts T(e)"));
    addSummaryRow(grid, 2, 0, QStringLiteral("files"), tr("Files"));
    addSummaryRow(grid, 0, 1, QStringLiteral("entities"), tr("Entities"));
    addSummaryRow(grid, 1, 1, QStringLiteral("relations"), tr("Relations"));
    addSummaryRow(grid, 2, 1, QStringLiteral("types"), tr("Types"));
    addSummaryRow(grid, 0, 2, QStringLiteral("loadTime"), tr("Load time"),
                  tr("Total (parsing and interning + indexing)"));
    addSummaryRow(grid, 1, 2, QStringLiteral("input"), tr("Input"), tr("Bytes read, uncompressed, and per fact"));
    addSummaryRow(grid, 2, 2, QStringLiteral("bytesPerFact"), tr("Index"),
                  tr("Memory of the fact indexes (vocabulary excluded) and bytes per binary or type fact"));
    grid->setColumnStretch(6, 1);
    layout->addWidget(summaryBox);

    filter_ = new QLineEdit(page);
    filter_->setObjectName(QStringLiteral("overviewFilter"));
    filter_->setPlaceholderText(tr("Filter relations and types by name"));
    filter_->setClearButtonEnabled(true);
    filter_->addAction(style()->standardIcon(QStyle::SP_FileDialogContentsView), QLineEdit::LeadingPosition);
    layout->addWidget(filter_);

    auto* splitter = new QSplitter(Qt::Horizontal, page);
    auto makePane = [splitter](QLabel*& titleLabel, QTableView*& view) {
        auto* pane = new QWidget(splitter);
        auto* paneLayout = new QVBoxLayout(pane);
        paneLayout->setContentsMargins(0, 0, 0, 0);
        titleLabel = new QLabel(pane);
        QFont font = titleLabel->font();
        font.setBold(true);
        titleLabel->setFont(font);
        view = makeTable(pane);
        paneLayout->addWidget(titleLabel);
        paneLayout->addWidget(view);
        splitter->addWidget(pane);
    };
    makePane(relationsTitle_, relationView_);
    makePane(typesTitle_, typeView_);
    relationView_->setObjectName(QStringLiteral("relationTable"));
    typeView_->setObjectName(QStringLiteral("typeTable"));
    relationView_->setModel(relationProxy_);
    typeView_->setModel(typeProxy_);
    relationView_->sortByColumn(RelationTableModel::FactsColumn, Qt::DescendingOrder);
    typeView_->sortByColumn(TypeTableModel::InstancesColumn, Qt::DescendingOrder);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    layout->addWidget(splitter, 1);
    stack_->addWidget(page);

    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        relationProxy_->setFilterFixedString(text);
        typeProxy_->setFilterFixedString(text);
        updateTableTitles();
    });
    setDataset({});
}

QLabel* OverviewPage::addSummaryRow(QGridLayout* grid, int row, int column, const QString& key, const QString& title,
                                    const QString& toolTip) {
    auto* name = new QLabel(title + QLatin1Char(':'), grid->parentWidget());
    auto* value = new QLabel(grid->parentWidget());
    value->setObjectName(QStringLiteral("summary.") + key);
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    name->setToolTip(toolTip);
    value->setToolTip(toolTip);
    grid->addWidget(name, row, 2 * column);
    grid->addWidget(value, row, 2 * column + 1);
    return value;
}

QLabel* OverviewPage::summaryValue(const QString& key) const {
    return findChild<QLabel*>(QStringLiteral("summary.") + key);
}

void OverviewPage::setDataset(DatasetPtr dataset) {
    dataset_ = std::move(dataset);
    relationModel_->setDataset(dataset_);
    typeModel_->setDataset(dataset_);
    stack_->setCurrentIndex(dataset_ ? 1 : 0);
    updateSummary();
    updateTableTitles();
    typeView_->parentWidget()->setVisible(!dataset_ || dataset_->numTypes() > 0);
    fitColumns();
}

void OverviewPage::updateSummary() {
    if (!dataset_) return;
    const Dataset& d = *dataset_;
    title_->setText(d.name);
    QStringList names;
    for (const QString& source : d.sources)
        names << QFileInfo(source).fileName();
    sources_->setText(names.join(QStringLiteral(", ")));
    sources_->setToolTip(d.sources.join(QLatin1Char('\n')));

    summaryValue(QStringLiteral("facts"))->setText(number(d.numFacts()));
    summaryValue(QStringLiteral("typeFacts"))->setText(number(d.numTypeFacts()));
    summaryValue(QStringLiteral("files"))->setText(number(d.files.size()));
    summaryValue(QStringLiteral("entities"))->setText(number(d.numEntities()));
    summaryValue(QStringLiteral("relations"))->setText(number(d.numRelations()));
    summaryValue(QStringLiteral("types"))->setText(number(d.numTypes()));
    summaryValue(QStringLiteral("loadTime"))
        ->setText(tr("%1 s (read %2 s, index %3 s)")
                      .arg(d.seconds, 0, 'f', 3)
                      .arg(d.readSeconds, 0, 'f', 3)
                      .arg(d.indexSeconds, 0, 'f', 3));
    const std::size_t allFacts = d.numFacts() + d.numTypeFacts();
    const double inputPerFact = allFacts ? static_cast<double>(d.bytes) / static_cast<double>(allFacts) : 0.0;
    summaryValue(QStringLiteral("input"))
        ->setText(tr("%1 (%2 bytes per fact)")
                      .arg(QString::fromStdString(human_bytes(d.bytes)))
                      .arg(inputPerFact, 0, 'f', 1));
    summaryValue(QStringLiteral("bytesPerFact"))
        ->setText(tr("%1 (%2 bytes per fact)")
                      .arg(QString::fromStdString(human_bytes(d.graph->facts.memory_bytes())))
                      .arg(d.graph->bytes_per_fact(), 0, 'f', 1));
}

void OverviewPage::updateTableTitles() {
    auto title = [this](const QString& what, const QSortFilterProxyModel* proxy) {
        const int all = proxy->sourceModel()->rowCount();
        const int shown = proxy->rowCount();
        return shown == all ? tr("%1 (%2)").arg(what).arg(all) : tr("%1 (%2 of %3)").arg(what).arg(shown).arg(all);
    };
    relationsTitle_->setText(title(tr("Relations by fact count"), relationProxy_));
    typesTitle_->setText(title(tr("Types by instance count"), typeProxy_));
}

void OverviewPage::fitColumns() {
    // Number columns get a width from the widest possible number and their header, computed
    // from font metrics rather than by measuring every row (ResizeToContents would do that on
    // every layout); the name column takes the rest of the width.
    const QFontMetrics metrics = fontMetrics();
    const int padding = 2 * style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 8;
    const int sortArrow = style()->pixelMetric(QStyle::PM_HeaderMarkSize) + 4;
    const QString widestNumber = QLocale().toString(static_cast<qulonglong>(dataset_ ? dataset_->numFacts() : 0));
    const QString widestShare = QStringLiteral("100.0 %");
    for (QTableView* view : {relationView_, typeView_}) {
        QHeaderView* header = view->horizontalHeader();
        header->setSectionResizeMode(0, QHeaderView::Stretch);
        for (int c = 1; c < header->count(); ++c) {
            const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
            const bool share = view == typeView_ && c == TypeTableModel::ShareColumn;
            const int contents = metrics.horizontalAdvance(share ? widestShare : widestNumber) + padding;
            const int heading = metrics.horizontalAdvance(title) + padding + sortArrow;
            header->setSectionResizeMode(c, QHeaderView::Interactive);
            header->resizeSection(c, std::max(contents, heading));
        }
    }
}

void OverviewPage::selectRelation(kg::Id relation) {
    const int row = relationModel_->rowOfRelation(relation);
    if (row < 0) return;
    QModelIndex proxyIndex = relationProxy_->mapFromSource(relationModel_->index(row, 0));
    if (!proxyIndex.isValid()) { // hidden by the filter
        filter_->clear();
        proxyIndex = relationProxy_->mapFromSource(relationModel_->index(row, 0));
    }
    relationView_->selectionModel()->setCurrentIndex(proxyIndex,
                                                     QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    relationView_->scrollTo(proxyIndex);
}

void OverviewPage::selectType(kg::Id type) {
    const int row = typeModel_->rowOfType(type);
    if (row < 0) return;
    QModelIndex proxyIndex = typeProxy_->mapFromSource(typeModel_->index(row, 0));
    if (!proxyIndex.isValid()) {
        filter_->clear();
        proxyIndex = typeProxy_->mapFromSource(typeModel_->index(row, 0));
    }
    typeView_->selectionModel()->setCurrentIndex(proxyIndex,
                                                 QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    typeView_->scrollTo(proxyIndex);
}

} // namespace kbcx::ui
