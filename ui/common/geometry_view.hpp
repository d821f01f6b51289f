// The geometry of a score drawn as the model sees it: balls, boxes and translations of an axiom's
// concepts and their neighbours, projected to a plane (core's score_geometry), zoomable, exportable.
#pragma once

#include "embed/score_geometry.hpp"

#include <QGraphicsView>

#include <optional>

class QGraphicsScene;

namespace kbcx::ui {

class GeometryView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit GeometryView(const QString& objectName, QWidget* parent = nullptr);

    /// Draws `scene` showing the region `view` (the frames of a replay share one). Hovering a
    /// shape shows its name and exact coordinates; the wheel zooms, dragging pans; a new scene
    /// or a double click fits the region again.
    void showScene(const embed::GeoScene& scene, const embed::GeoView& view);
    void clearScene(const QString& message);

    const std::optional<embed::GeoScene>& geoScene() const { return scene_; }
    int ballCount() const { return balls_; }
    int boxCount() const { return boxes_; }
    int arrowCount() const { return arrows_; }
    /// The drawing as an SVG document (circles, rectangles, the caption: core's geometry_svg) or
    /// as a PNG of what the view shows.
    bool exportSvg(const QString& path, QString* error = nullptr) const;
    bool exportPng(const QString& path, QString* error = nullptr);
    /// The projection and its distortion in words, as the caption under the view says them.
    static QString caption(const embed::GeoScene& scene);

  protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;

  private:
    void fit();

    QGraphicsScene* graphics_;
    std::optional<embed::GeoScene> scene_;
    embed::GeoView region_;
    bool userZoomed_ = false;
    int balls_ = 0, boxes_ = 0, arrows_ = 0;
};

} // namespace kbcx::ui
