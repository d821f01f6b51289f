// The geometry of a score drawn as the model sees it: balls, boxes and translations of an axiom's
// concepts and their neighbours, projected to a plane (core's score_geometry), zoomable, exportable.
#include "ui/common/geometry_view.hpp"

#include "ui/common/chart_export.hpp"

#include <QFile>
#include <QGraphicsEllipseItem>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QMouseEvent>
#include <QPen>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace kbcx::ui {

namespace {

/// The axiom's shapes in distinct colours (in the order the scene lists them), neighbours grey.
QColor shapeColour(int axiomIndex) {
    static const QColor palette[] = {QColor(0x15, 0x65, 0xc0), QColor(0xc6, 0x28, 0x28), QColor(0x2e, 0x7d, 0x32),
                                     QColor(0x6a, 0x1b, 0x9a), QColor(0xef, 0x6c, 0x00), QColor(0x00, 0x83, 0x8f)};
    return palette[static_cast<std::size_t>(axiomIndex) % std::size(palette)];
}

QString num(double v) {
    return QString::number(v, 'g', 6);
}

} // namespace

GeometryView::GeometryView(const QString& objectName, QWidget* parent) : QGraphicsView(parent) {
    setObjectName(objectName);
    graphics_ = new QGraphicsScene(this);
    setScene(graphics_);
    setRenderHint(QPainter::Antialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setMinimumSize(220, 180);
    setBackgroundBrush(Qt::white);
    setAccessibleName(tr("Geometry of the score"));
    setToolTip(tr("Wheel: zoom; drag: pan; double click: fit. Hover a shape for its exact values."));
}

void GeometryView::clearScene(const QString& message) {
    graphics_->clear();
    scene_.reset();
    balls_ = boxes_ = arrows_ = 0;
    if (!message.isEmpty()) {
        auto* text = graphics_->addSimpleText(message);
        text->setBrush(QColor(0x61, 0x61, 0x61));
    }
    resetTransform();
    graphics_->setSceneRect(graphics_->itemsBoundingRect());
}

void GeometryView::showScene(const embed::GeoScene& scene, const embed::GeoView& view) {
    graphics_->clear();
    scene_ = scene;
    region_ = view;
    balls_ = boxes_ = arrows_ = 0;
    // The plane's y axis points up, the scene's down.
    int axiomIndex = 0;
    QHash<QString, QColor> colourOf; // a moved shape ("A + v(r)") takes the colour of A
    for (const embed::GeoShape& s : scene.shapes) {
        const QString label = QString::fromStdString(s.label);
        QColor colour(0x9e, 0x9e, 0x9e);
        if (s.role == embed::GeoShape::Axiom) {
            colour = shapeColour(axiomIndex++);
            colourOf.insert(label, colour);
        } else if (s.role == embed::GeoShape::Moved) {
            const QString base = label.section(QLatin1Char(' '), 0, 0);
            colour = colourOf.value(base, QColor(0x79, 0x55, 0x48));
        }
        QPen pen(colour, s.role == embed::GeoShape::Axiom ? 2.2 : 1.4);
        pen.setCosmetic(true);
        if (s.role != embed::GeoShape::Axiom) pen.setStyle(Qt::DashLine);
        QColor fill = colour;
        fill.setAlpha(s.role == embed::GeoShape::Neighbour ? 18 : 40);
        QGraphicsItem* item = nullptr;
        QPointF labelAt;
        QString tip;
        switch (s.kind) {
        case embed::GeoShape::Ball: {
            item = graphics_->addEllipse(QRectF(s.x - s.r, -s.y - s.r, 2 * s.r, 2 * s.r), pen, fill);
            labelAt = QPointF(s.x, -s.y - s.r);
            tip = tr("%1\nball: centre (%2, %3), radius %4").arg(label, num(s.x), num(s.y), num(s.r));
            ++balls_;
            break;
        }
        case embed::GeoShape::Box: {
            const QRectF r(QPointF(std::min(s.x, s.x2), -std::max(s.y, s.y2)),
                           QPointF(std::max(s.x, s.x2), -std::min(s.y, s.y2)));
            item = graphics_->addRect(r, pen, fill);
            labelAt = r.topLeft();
            tip = tr("%1\nbox: (%2, %3) to (%4, %5)").arg(label, num(s.x), num(s.y), num(s.x2), num(s.y2));
            ++boxes_;
            break;
        }
        case embed::GeoShape::Point: {
            auto* dot = graphics_->addEllipse(QRectF(-3, -3, 6, 6), QPen(colour), colour);
            dot->setPos(s.x, -s.y);
            dot->setFlag(QGraphicsItem::ItemIgnoresTransformations);
            item = dot;
            labelAt = QPointF(s.x, -s.y);
            tip = tr("%1\npoint (%2, %3)").arg(label, num(s.x), num(s.y));
            break;
        }
        case embed::GeoShape::Arrow: {
            item = graphics_->addLine(QLineF(s.x, -s.y, s.x2, -s.y2), pen);
            labelAt = QPointF((s.x + s.x2) / 2, -(s.y + s.y2) / 2);
            tip = tr("%1\nfrom (%2, %3) to (%4, %5)").arg(label, num(s.x), num(s.y), num(s.x2), num(s.y2));
            ++arrows_;
            break;
        }
        }
        item->setToolTip(tip);
        item->setZValue(s.role == embed::GeoShape::Neighbour ? 0 : 1);
        auto* text = graphics_->addSimpleText(label);
        text->setBrush(colour.darker(130));
        text->setPos(labelAt);
        text->setFlag(QGraphicsItem::ItemIgnoresTransformations);
        text->setToolTip(tip);
        text->setZValue(2);
    }
    userZoomed_ = false;
    fit();
}

void GeometryView::fit() {
    if (!scene_) return;
    const double w = std::max(region_.x1 - region_.x0, 1e-9), h = std::max(region_.y1 - region_.y0, 1e-9);
    const QRectF r(region_.x0 - 0.08 * w, -region_.y1 - 0.08 * h, 1.16 * w, 1.16 * h);
    graphics_->setSceneRect(r.united(graphics_->itemsBoundingRect()));
    fitInView(r, Qt::KeepAspectRatio);
}

void GeometryView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0) return;
    userZoomed_ = true;
    const double f = std::pow(1.2, steps);
    scale(f, f);
    event->accept();
}

void GeometryView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (!userZoomed_) fit();
}

void GeometryView::mouseDoubleClickEvent(QMouseEvent* event) {
    userZoomed_ = false;
    fit();
    event->accept();
}

QString GeometryView::caption(const embed::GeoScene& scene) {
    // The projection, then core's notes (which state the distortion); without notes, the
    // distortion from the scene's figures.
    QString s = QString::fromStdString(scene.projection);
    if (scene.notes.empty())
        s += tr("; centre distances distorted by up to %1 % (%2 % among the axiom's own)")
                 .arg(100 * scene.distance_error, 0, 'f', 1)
                 .arg(100 * scene.axiom_distance_error, 0, 'f', 1);
    for (const std::string& n : scene.notes)
        s += QStringLiteral("; ") + QString::fromStdString(n);
    return s;
}

bool GeometryView::exportSvg(const QString& path, QString* error) const {
    if (!scene_) {
        if (error) *error = tr("nothing is drawn");
        return false;
    }
    QFile f(path);
    const std::string svg = embed::geometry_svg(*scene_, &region_);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        f.write(svg.data(), static_cast<qint64>(svg.size())) != static_cast<qint64>(svg.size())) {
        if (error) *error = f.errorString();
        return false;
    }
    return true;
}

bool GeometryView::exportPng(const QString& path, QString* error) {
    return exportWidgetPng(this, path, error);
}

} // namespace kbcx::ui
