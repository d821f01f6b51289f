// Implementation of GraphView: node, label and edge items (curved parallel edges, arrowheads,
// halos for highlighted facts, dashes for facts the KG does not hold), legend, zoom and export.
#include "ui/graph/graph_view.hpp"

#include "ui/graph/graph_style.hpp"

#include <QFileInfo>
#include <QGraphicsItem>
#include <QGraphicsScene>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyleOptionGraphicsItem>
#include <QSvgGenerator>
#include <QWheelEvent>
#include <QtMath>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace kbcx::ui {

namespace {

constexpr qreal kNodeRadius = 11.0;
constexpr qreal kCentreRadius = 16.0;
constexpr qreal kArrowLength = 9.0;
constexpr qreal kArrowHalfWidth = 4.0;
constexpr int kMaxLegendRelations = 16;
constexpr int kMaxLegendTypes = 12;
constexpr qreal kSwatch = 26; // legend icon width
constexpr qreal kPad = 8;     // legend padding

QPointF unit(QPointF v) {
    const qreal n = std::hypot(v.x(), v.y());
    return n > 1e-9 ? v / n : QPointF(1, 0);
}

QString elided(const QString& text, int max) {
    return text.size() <= max ? text : text.left(max - 1) + QChar(0x2026);
}

/// A node's name under it, on a translucent backdrop; marked (highlighted) types on a second line.
class LabelItem : public QGraphicsItem {
  public:
    /// `always`: shown at any zoom (the centre and highlighted nodes); others only when readable.
    LabelItem(QString text, QString marks, bool marksNew, bool bold, bool always, QGraphicsItem* parent)
        : QGraphicsItem(parent), text_(std::move(text)), marks_(std::move(marks)), marksNew_(marksNew),
          always_(always) {
        font_.setPointSizeF(6.5);
        font_.setBold(bold);
        markFont_ = font_;
        markFont_.setBold(true);
        markFont_.setItalic(marksNew_);
        const QFontMetricsF fm(font_);
        const QFontMetricsF mm(markFont_);
        const qreal w = std::max(fm.horizontalAdvance(text_), marks_.isEmpty() ? 0.0 : mm.horizontalAdvance(marks_));
        const qreal h = fm.height() + (marks_.isEmpty() ? 0.0 : mm.height());
        rect_ = QRectF(-w / 2 - 3, 0, w + 6, h + 2);
    }
    QRectF boundingRect() const override { return rect_; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) override {
        // Level of detail: below about 10 pixels high, labels of ordinary nodes are unreadable clutter.
        if (!always_ && option->levelOfDetailFromTransform(painter->worldTransform()) * rect_.height() < 10.5) return;
        painter->setPen(Qt::NoPen);
        painter->setBrush(QColor(255, 255, 255, 205));
        painter->drawRoundedRect(rect_, 3, 3);
        painter->setFont(font_);
        painter->setPen(QColor(0x22, 0x22, 0x22));
        const QFontMetricsF fm(font_);
        painter->drawText(QRectF(rect_.left(), rect_.top() + 1, rect_.width(), fm.height()), Qt::AlignCenter, text_);
        if (!marks_.isEmpty()) {
            painter->setFont(markFont_);
            painter->setPen(graph_style::highlightColour().darker(150));
            painter->drawText(
                QRectF(rect_.left(), rect_.top() + 1 + fm.height(), rect_.width(), QFontMetricsF(markFont_).height()),
                Qt::AlignCenter, marks_);
        }
    }

  private:
    QString text_, marks_;
    bool marksNew_;
    bool always_;
    QFont font_, markFont_;
    QRectF rect_;
};

class NodeItem : public QGraphicsItem {
  public:
    NodeItem(const EgoGraphNode& node, int index) : node_(node), index_(index), centre_(index == 0) {
        radius_ = centre_ ? kCentreRadius : kNodeRadius;
        path_ = graph_style::shapePath(graph_style::typeShape(node.type), radius_);
        setToolTip(node.toolTip);
        setZValue(2);
        setAcceptHoverEvents(true);
        setCursor(Qt::PointingHandCursor);
        QString marks;
        if (!node.markedTypes.isEmpty()) marks = QStringLiteral("+ ") + node.markedTypes.join(QStringLiteral(", "));
        auto* label =
            new LabelItem(elided(node.label, 32), marks, node.markedNew, centre_, centre_ || node.highlighted, this);
        label->setPos(0, radius_ + 2);
    }
    qreal radius() const { return radius_; }
    int index() const { return index_; }
    QRectF boundingRect() const override { return path_.boundingRect().adjusted(-8, -8, 8, 8); }
    QPainterPath shape() const override { return path_; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        if (node_.highlighted) {
            QColor halo = graph_style::highlightColour();
            halo.setAlpha(190);
            painter->setPen(Qt::NoPen);
            painter->setBrush(halo);
            painter->drawPath(graph_style::shapePath(graph_style::typeShape(node_.type), radius_ + 5));
        }
        const QColor fill = graph_style::typeColour(node_.type);
        painter->setBrush(fill);
        painter->setPen(centre_ ? QPen(QColor(0x20, 0x20, 0x20), 3.0) : QPen(fill.darker(170), 1.3));
        painter->drawPath(path_);
    }

  private:
    EgoGraphNode node_;
    int index_;
    bool centre_;
    qreal radius_;
    QPainterPath path_;
};

class EdgeItem : public QGraphicsItem {
  public:
    /// `labelAt`: where along the curve (0–1) a highlighted edge's relation label sits.
    EdgeItem(const EgoGraphEdge& edge, QPointF p1, qreal r1, QPointF p2, qreal r2, qreal bend, qreal labelAt,
             QString toolTip)
        : edge_(edge) {
        colour_ = graph_style::relationColour(edge.relation);
        setToolTip(toolTip);
        setZValue(edge.highlighted ? 1 : 0);
        if (edge.from == edge.to) { // a self-loop: a small circle above-right of the node
            const QPointF c = p1 + QPointF(r1, -r1);
            path_.addEllipse(c, r1 * 0.9, r1 * 0.9);
            labelAt_ = c + QPointF(r1, -r1);
            tip_ = p1 + QPointF(r1 * 0.95, 0);
            dir_ = QPointF(-0.3, 1);
        } else {
            const QPointF d = p2 - p1;
            const QPointF n(-d.y(), d.x());
            const QPointF control = (p1 + p2) / 2 + unit(n) * (2 * bend);
            const QPointF start = p1 + unit(control - p1) * r1;
            dir_ = unit(p2 - control);
            tip_ = p2 - dir_ * (r2 + 1.5);
            const QPointF lineEnd = tip_ - dir_ * (kArrowLength * 0.8);
            path_.moveTo(start);
            path_.quadTo(control, lineEnd);
            labelAt_ = path_.pointAtPercent(labelAt);
        }
        const QPointF side(-dir_.y(), dir_.x());
        arrow_ << tip_ << tip_ - dir_ * kArrowLength + side * kArrowHalfWidth
               << tip_ - dir_ * kArrowLength - side * kArrowHalfWidth;
        if (edge.highlighted) {
            labelFont_.setPointSizeF(7.5);
            labelFont_.setBold(true);
            const QFontMetricsF fm(labelFont_);
            const qreal w = fm.horizontalAdvance(edge.relationName) + 8;
            labelRect_ = QRectF(labelAt_.x() - w / 2, labelAt_.y() - fm.height() / 2 - 1, w, fm.height() + 2);
        }
        bounds_ = path_.boundingRect().united(arrow_.boundingRect()).united(labelRect_).adjusted(-8, -8, 8, 8);
    }
    QRectF boundingRect() const override { return bounds_; }
    QPainterPath shape() const override {
        QPainterPathStroker stroker;
        stroker.setWidth(8);
        return stroker.createStroke(path_);
    }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setBrush(Qt::NoBrush);
        if (edge_.highlighted) {
            QColor halo = graph_style::highlightColour();
            halo.setAlpha(edge_.role == HighlightFact::Role::Conclusion ? 200 : 140);
            const qreal width = edge_.role == HighlightFact::Role::Conclusion ? 12.0 : 9.0;
            painter->setPen(QPen(halo, width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            painter->drawPath(path_);
        }
        QPen pen(colour_, edge_.highlighted ? 2.8 : 1.4, edge_.inKg ? Qt::SolidLine : Qt::DashLine, Qt::RoundCap);
        painter->setPen(pen);
        painter->drawPath(path_);
        painter->setPen(Qt::NoPen);
        painter->setBrush(colour_);
        painter->drawPolygon(arrow_);
        if (edge_.highlighted) {
            painter->setBrush(QColor(255, 255, 255, 225));
            painter->setPen(QPen(colour_, 1.0));
            painter->drawRoundedRect(labelRect_, 3, 3);
            painter->setFont(labelFont_);
            painter->setPen(colour_.darker(140));
            painter->drawText(labelRect_, Qt::AlignCenter, edge_.relationName);
        }
    }

  private:
    EgoGraphEdge edge_;
    QColor colour_;
    QPainterPath path_;
    QPolygonF arrow_;
    QPointF tip_, dir_, labelAt_;
    QFont labelFont_;
    QRectF labelRect_;
    QRectF bounds_;
};

void drawLegendLine(QPainter* p, QPointF left, qreal length, const QColor& colour, Qt::PenStyle style, bool halo,
                    qreal width = 2.0) {
    const QPointF right = left + QPointF(length, 0);
    if (halo) {
        QColor h = graph_style::highlightColour();
        h.setAlpha(170);
        p->setPen(QPen(h, 8, Qt::SolidLine, Qt::RoundCap));
        p->drawLine(left, right);
    }
    p->setPen(QPen(colour, width, style, Qt::RoundCap));
    p->drawLine(left, right - QPointF(5, 0));
    p->setPen(Qt::NoPen);
    p->setBrush(colour);
    p->drawPolygon(QPolygonF({right, right - QPointF(7, 3.5), right - QPointF(7, -3.5)}));
}

} // namespace

GraphView::GraphView(QWidget* parent) : QGraphicsView(parent) {
    setObjectName(QStringLiteral("graphView"));
    setScene(new QGraphicsScene(this));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    setBackgroundBrush(QColor(0xfb, 0xfb, 0xfc));
    setFrameShape(QFrame::NoFrame);
}

void GraphView::clearDrawing() {
    scene()->clear();
    drawing_.reset();
    positions_.clear();
    nodeItems_ = edgeItems_ = highlightedEdges_ = 0;
    viewport()->update();
}

void GraphView::setDrawing(const EgoGraphResult& drawing) {
    clearDrawing();
    drawing_ = drawing;
    const bool anyHighlight = !drawing.params.highlight.empty();
    std::vector<NodeItem*> nodes;
    for (std::size_t i = 0; i < drawing.nodes.size(); ++i) {
        const EgoGraphNode& n = drawing.nodes[i];
        auto* item = new NodeItem(n, static_cast<int>(i));
        item->setPos(n.x, n.y);
        if (anyHighlight && !n.highlighted && i != 0) item->setOpacity(0.4);
        scene()->addItem(item);
        nodes.push_back(item);
        positions_.push_back(QPointF(n.x, n.y));
    }
    nodeItems_ = static_cast<int>(nodes.size());

    // Parallel edges between one pair of nodes fan out symmetrically.
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < drawing.edges.size(); ++i) {
        const EgoGraphEdge& e = drawing.edges[i];
        groups[{std::min(e.from, e.to), std::max(e.from, e.to)}].push_back(i);
    }
    for (const auto& [pair, members] : groups) {
        const auto m = static_cast<qreal>(members.size());
        for (std::size_t k = 0; k < members.size(); ++k) {
            const EgoGraphEdge& e = drawing.edges[members[k]];
            qreal bend = (static_cast<qreal>(k) - (m - 1) / 2) * 20.0;
            if (e.from > e.to) // the perpendicular flips with the direction
                bend = -bend;
            const EgoGraphNode& from = drawing.nodes[e.from];
            const EgoGraphNode& to = drawing.nodes[e.to];
            QString tip =
                QStringLiteral("%1 —<b>%2</b>→ %3")
                    .arg(from.label.toHtmlEscaped(), e.relationName.toHtmlEscaped(), to.label.toHtmlEscaped());
            if (!e.inKg) tip += tr("<br><i>not in the KG (derived by rules)</i>");
            // Labels of parallel edges are staggered along the curves so that they do not cover each other.
            const qreal labelAt = m > 1 ? 0.32 + 0.36 * static_cast<qreal>(k) / (m - 1) : 0.5;
            auto* item = new EdgeItem(e, positions_[e.from], nodes[e.from]->radius(), positions_[e.to],
                                      nodes[e.to]->radius(), bend, labelAt, tip);
            if (anyHighlight && !e.highlighted) item->setOpacity(0.22);
            scene()->addItem(item);
            ++edgeItems_;
            if (e.highlighted) ++highlightedEdges_;
        }
    }
    scene()->setSceneRect(drawingRect().adjusted(-400, -400, 400, 400));
    autoFit_ = true;
    fitAll();
}

QRectF GraphView::drawingRect() const {
    return scene()->itemsBoundingRect().adjusted(-30, -30, 30, 30);
}

QPointF GraphView::nodePosition(int node) const {
    return node >= 0 && node < static_cast<int>(positions_.size()) ? positions_[static_cast<std::size_t>(node)]
                                                                   : QPointF();
}

qreal GraphView::zoomFactor() const {
    return transform().m11();
}

void GraphView::zoomBy(qreal factor) {
    const qreal current = zoomFactor();
    const qreal target = std::clamp(current * factor, 0.05, 8.0);
    if (qFuzzyCompare(target, current)) return;
    scale(target / current, target / current);
    emit zoomChanged(zoomFactor());
}

void GraphView::zoomIn() {
    autoFit_ = false;
    zoomBy(1.25);
}

void GraphView::zoomOut() {
    autoFit_ = false;
    zoomBy(1 / 1.25);
}

void GraphView::fitAll() {
    autoFit_ = true;
    if (!drawing_) return;
    // Fit into the part of the viewport the legend (top right) leaves free, if that part is wide.
    const QRectF rect = drawingRect();
    const QSizeF legendSize = legend(nullptr, {});
    const qreal vw = viewport()->width(), vh = viewport()->height();
    const qreal besideLegend = vw - legendSize.width() - 20;
    const qreal width = besideLegend > 0.55 * vw ? besideLegend : vw;
    const qreal scale = std::clamp(std::min(width / rect.width(), vh / rect.height()), 0.05, 2.0);
    setTransform(QTransform::fromScale(scale, scale));
    centerOn(rect.center() + QPointF((vw - width) / 2 / scale, 0));
    emit zoomChanged(zoomFactor());
}

void GraphView::centreOnNode(int node) {
    centerOn(nodePosition(node));
}

void GraphView::wheelEvent(QWheelEvent* event) {
    const int delta = event->angleDelta().y();
    if (delta == 0) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    autoFit_ = false;
    zoomBy(std::pow(1.0015, delta));
    event->accept();
}

void GraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (autoFit_) fitAll();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    autoFit_ = false; // the user pans: keep the view where they put it
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (drawing_) {
        for (QGraphicsItem* item : items(event->pos())) {
            while (item->parentItem())
                item = item->parentItem();
            if (auto* node = dynamic_cast<NodeItem*>(item)) {
                emit nodeActivated(drawing_->nodes[static_cast<std::size_t>(node->index())].entity);
                return;
            }
        }
    }
    QGraphicsView::mouseDoubleClickEvent(event);
}

QSizeF GraphView::legend(QPainter* p, QPointF topLeft) const {
    if (!drawing_) return {};
    const EgoGraphResult& d = *drawing_;
    QFont font = this->font();
    font.setPointSizeF(8.0);
    QFont bold = font;
    bold.setBold(true);
    const QFontMetricsF fm(font);
    const qreal row = fm.height() + 3;
    qreal width = 0;
    qreal y = kPad;
    std::vector<std::function<void(qreal, qreal)>> paints; // (x, y) of the row, relative to topLeft

    auto header = [&](const QString& text) {
        const qreal yy = y;
        width = std::max(width, QFontMetricsF(bold).horizontalAdvance(text));
        paints.push_back([p, text, yy, bold](qreal x, qreal y0) {
            p->setFont(bold);
            p->setPen(QColor(0x30, 0x30, 0x30));
            p->drawText(QPointF(x + kPad, y0 + yy + QFontMetricsF(bold).ascent()), text);
        });
        y += row;
    };
    auto entry = [&](const QString& text, std::function<void(QPointF)> icon) {
        const qreal yy = y;
        width = std::max(width, kSwatch + 6 + fm.horizontalAdvance(text));
        paints.push_back([p, text, yy, font, icon, fm](qreal x, qreal y0) {
            icon(QPointF(x + kPad, y0 + yy + fm.height() / 2));
            p->setFont(font);
            p->setPen(QColor(0x30, 0x30, 0x30));
            p->drawText(QPointF(x + kPad + kSwatch + 6, y0 + yy + fm.ascent()), text);
        });
        y += row;
    };

    header(tr("Relations"));
    int shown = 0;
    for (const LegendEntry& r : d.relations) {
        if (shown++ == kMaxLegendRelations) {
            entry(tr("… and %1 more").arg(d.relations.size() - kMaxLegendRelations), [](QPointF) {});
            break;
        }
        const QColor c = graph_style::relationColour(r.id);
        entry(QStringLiteral("%1 (%2)").arg(elided(r.name, 30)).arg(r.count),
              [p, c](QPointF at) { drawLegendLine(p, at, kSwatch, c, Qt::SolidLine, false); });
    }
    if (!d.types.empty()) {
        y += 4;
        header(tr("Types"));
        shown = 0;
        for (const LegendEntry& t : d.types) {
            if (shown++ == kMaxLegendTypes) {
                entry(tr("… and %1 more").arg(d.types.size() - kMaxLegendTypes), [](QPointF) {});
                break;
            }
            const kg::Id id = t.id;
            entry(QStringLiteral("%1 (%2)").arg(elided(t.name, 30)).arg(t.count), [p, id](QPointF at) {
                const QColor fill = graph_style::typeColour(id);
                p->save();
                p->translate(at + QPointF(kSwatch / 2, 0));
                p->setBrush(fill);
                p->setPen(QPen(fill.darker(170), 1.0));
                p->drawPath(graph_style::shapePath(graph_style::typeShape(id), 6));
                p->restore();
            });
        }
    }
    if (!d.params.highlight.empty()) {
        y += 4;
        header(tr("Highlight"));
        const QColor grey(0x55, 0x55, 0x55);
        entry(tr("premise / input fact"),
              [p, grey](QPointF at) { drawLegendLine(p, at, kSwatch, grey, Qt::SolidLine, true); });
        entry(tr("conclusion / derived fact"),
              [p, grey](QPointF at) { drawLegendLine(p, at, kSwatch, grey, Qt::SolidLine, true, 3.0); });
        entry(tr("fact not in the KG (dashed)"),
              [p, grey](QPointF at) { drawLegendLine(p, at, kSwatch, grey, Qt::DashLine, false); });
    }
    const QSizeF size(width + 2 * kPad, y + kPad - 3);
    if (p) {
        p->save();
        p->setRenderHint(QPainter::Antialiasing);
        p->setPen(QPen(QColor(0xc8, 0xc8, 0xcc), 1));
        p->setBrush(QColor(255, 255, 255, 235));
        p->drawRoundedRect(QRectF(topLeft, size), 5, 5);
        for (const auto& paint : paints)
            paint(topLeft.x(), topLeft.y());
        p->restore();
    }
    return size;
}

void GraphView::drawForeground(QPainter* painter, const QRectF& rect) {
    QGraphicsView::drawForeground(painter, rect);
    if (!drawing_) return;
    painter->save();
    painter->resetTransform();
    const QSizeF size = legend(nullptr, {});
    legend(painter, QPointF(viewport()->width() - size.width() - 10, 10));
    painter->restore();
}

QImage GraphView::renderImage(qreal scale) const {
    const QRectF source = drawingRect();
    const QSizeF legendSize = legend(nullptr, {});
    const QSizeF logical(source.width() + legendSize.width() + 24, std::max(source.height(), legendSize.height() + 24));
    QImage image((logical * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.fill(backgroundBrush().color());
    QPainter painter(&image);
    painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    painter.scale(scale, scale);
    scene()->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    legend(&painter, QPointF(source.width() + 12, 12));
    painter.end();
    return image;
}

bool GraphView::exportPng(const QString& path) const {
    if (!drawing_) return false;
    return renderImage(2.0).save(path, "PNG");
}

bool GraphView::exportSvg(const QString& path) const {
    if (!drawing_) return false;
    const QRectF source = drawingRect();
    const QSizeF legendSize = legend(nullptr, {});
    const QSize size(qCeil(source.width() + legendSize.width() + 24),
                     qCeil(std::max(source.height(), legendSize.height() + 24)));
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(tr("Ego network of %1").arg(drawing_->nodes.empty() ? QString() : drawing_->nodes[0].label));
    generator.setDescription(tr("Exported from KBC Explorer"));
    QPainter painter;
    if (!painter.begin(&generator)) return false;
    painter.fillRect(QRect(QPoint(0, 0), size), backgroundBrush().color());
    scene()->render(&painter, QRectF(QPointF(0, 0), source.size()), source);
    legend(&painter, QPointF(source.width() + 12, 12));
    painter.end();
    return QFileInfo(path).size() > 0;
}

} // namespace kbcx::ui
