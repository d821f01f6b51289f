// Colours and node shapes of the Graph tab, shared by the scene, its legend and the relation
// filter list: one colour per relation id, one colour-and-shape pair per type id.
#pragma once

#include "kg/ids.hpp"

#include <QColor>
#include <QPainterPath>

namespace kbcx::ui::graph_style {

enum class Shape { Circle, Square, Diamond, Triangle, Hexagon };

/// A stable colour for relation `id` (a qualitative palette, then golden-ratio hues).
QColor relationColour(kg::Id relation);
/// Fill colour and shape of nodes whose (primary) type is `type`; kNoId = untyped (grey circle).
QColor typeColour(kg::Id type);
Shape typeShape(kg::Id type);
/// The outline of a node of `shape` with the given radius, centred on (0, 0).
QPainterPath shapePath(Shape shape, qreal radius);
/// Colour of highlight halos and of the "new fact" dash.
QColor highlightColour();

} // namespace kbcx::ui::graph_style
