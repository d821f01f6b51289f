// The Graph tab's canvas: a QGraphicsView that draws a laid-out ego network (nodes shaped and
// coloured by type, edges coloured per relation, highlighted facts), with pan, zoom, a legend
// and PNG/SVG export.
#pragma once

#include "ui/graph/ego_graph_job.hpp"

#include <QGraphicsView>
#include <QImage>

#include <optional>

namespace kbcx::ui {

class GraphView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit GraphView(QWidget* parent = nullptr);

    /// Replaces the scene's contents with `drawing` and fits it into the view.
    void setDrawing(const EgoGraphResult& drawing);
    void clearDrawing();
    bool hasDrawing() const { return drawing_.has_value(); }
    const EgoGraphResult* drawing() const { return drawing_ ? &*drawing_ : nullptr; }

    /// Counts of what the scene holds (tests, status line).
    int nodeItemCount() const { return nodeItems_; }
    int edgeItemCount() const { return edgeItems_; }
    int highlightedEdgeCount() const { return highlightedEdges_; }
    /// Scene position of a node (by index into the drawing's nodes).
    QPointF nodePosition(int node) const;
    /// Current zoom factor (1 = one scene unit per pixel).
    qreal zoomFactor() const;

    /// The graph and its legend as an image (scene units × `scale` pixels).
    QImage renderImage(qreal scale = 2.0) const;
    bool exportPng(const QString& path) const;
    bool exportSvg(const QString& path) const;

  public slots:
    void zoomIn();
    void zoomOut();
    /// Fits the whole drawing (never magnifying beyond 2×) and resumes auto-fitting on resize.
    void fitAll();
    /// Centres the view on a node.
    void centreOnNode(int node);

  signals:
    void zoomChanged(qreal factor);
    /// A node was double-clicked: the user wants it as the new centre.
    void nodeActivated(kbcx::kg::Id entity);

  protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

  private:
    void zoomBy(qreal factor);
    /// Size the legend needs; paints it at `topLeft` when painter is non-null.
    QSizeF legend(QPainter* painter, QPointF topLeft) const;
    QRectF drawingRect() const;

    std::optional<EgoGraphResult> drawing_;
    std::vector<QPointF> positions_;
    int nodeItems_ = 0;
    int edgeItems_ = 0;
    int highlightedEdges_ = 0;
    bool autoFit_ = true;
};

} // namespace kbcx::ui
