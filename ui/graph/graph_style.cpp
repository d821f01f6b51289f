// Palettes of the Graph tab: a colour-blind-friendly qualitative set for the first relations and
// types, golden-ratio hues beyond; five node shapes cycled with the type colours.
#include "ui/graph/graph_style.hpp"

#include <QPolygonF>
#include <QtMath>

#include <array>
#include <cmath>

namespace kbcx::ui::graph_style {

namespace {

// Tableau 10 and a few darker companions.
constexpr std::array<QRgb, 14> kRelationPalette{0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1,
                                                0xff9da7, 0x9c755f, 0x86bcb6, 0x3b5ba5, 0xd37295, 0x8cd17d, 0xa0cbe8};
constexpr std::array<QRgb, 10> kTypePalette{0x8fb8de, 0xf6b26b, 0xb6d7a8, 0xea9999, 0xd5a6bd,
                                            0xffe599, 0xa2c4c9, 0xc9b3e6, 0xf9cb9c, 0xb4a7d6};

QColor goldenHue(kg::Id id, double saturation, double value) {
    const double hue = std::fmod(0.13 + 0.6180339887 * static_cast<double>(id), 1.0);
    return QColor::fromHsvF(static_cast<float>(hue), static_cast<float>(saturation), static_cast<float>(value));
}

} // namespace

QColor relationColour(kg::Id relation) {
    if (relation == kg::kNoId) return QColor(0x60, 0x60, 0x60);
    if (relation < kRelationPalette.size()) return QColor(kRelationPalette[relation]);
    return goldenHue(relation, 0.7, 0.75);
}

QColor typeColour(kg::Id type) {
    if (type == kg::kNoId) return QColor(0xd9, 0xd9, 0xd9);
    if (type < kTypePalette.size()) return QColor(kTypePalette[type]);
    return goldenHue(type, 0.35, 0.95);
}

Shape typeShape(kg::Id type) {
    if (type == kg::kNoId) return Shape::Circle;
    static constexpr std::array<Shape, 5> kShapes{Shape::Circle, Shape::Square, Shape::Diamond, Shape::Triangle,
                                                  Shape::Hexagon};
    // Cycle shapes on a different period than colours so (colour, shape) pairs repeat late.
    return kShapes[(type / 2) % kShapes.size()];
}

QPainterPath shapePath(Shape shape, qreal r) {
    QPainterPath path;
    switch (shape) {
    case Shape::Circle: path.addEllipse(QPointF(0, 0), r, r); break;
    case Shape::Square:
        path.addRoundedRect(QRectF(-0.88 * r, -0.88 * r, 1.76 * r, 1.76 * r), 0.25 * r, 0.25 * r);
        break;
    case Shape::Diamond:
        path.addPolygon(QPolygonF({{0, -1.15 * r}, {1.15 * r, 0}, {0, 1.15 * r}, {-1.15 * r, 0}}));
        path.closeSubpath();
        break;
    case Shape::Triangle:
        path.addPolygon(QPolygonF({{0, -1.2 * r}, {1.1 * r, 0.8 * r}, {-1.1 * r, 0.8 * r}}));
        path.closeSubpath();
        break;
    case Shape::Hexagon: {
        QPolygonF hex;
        for (int i = 0; i < 6; ++i) {
            const qreal a = qDegreesToRadians(60.0 * i + 30.0);
            hex << QPointF(1.05 * r * std::cos(a), 1.05 * r * std::sin(a));
        }
        path.addPolygon(hex);
        path.closeSubpath();
        break;
    }
    }
    return path;
}

QColor highlightColour() {
    return QColor(0xff, 0xb0, 0x00);
}

} // namespace kbcx::ui::graph_style
