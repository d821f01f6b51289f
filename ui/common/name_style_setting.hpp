// The GUI's one naming choice (View → Names: label, short name or full IRI), kept in the
// settings under view/names and announced to every view that shows ontology entities.
#pragma once

#include "common/name_style.hpp"

#include <QObject>
#include <QString>
#include <QStringList>

#include <array>

namespace kbcx::ui {

class NameStyleSetting : public QObject {
    Q_OBJECT
  public:
    /// The application's instance; reads the saved choice on first use (default:
    /// kbcx::kDefaultNameStyle).
    static NameStyleSetting& instance();
    NameStyle style() const { return style_; }
    /// Saves the choice and emits changed() when it differs from the current one.
    void setStyle(NameStyle style);

  signals:
    void changed();

  private:
    NameStyleSetting();
    NameStyle style_ = kDefaultNameStyle;
};

/// The current style, as an index into per-style arrays (std::array<…, 3>).
inline std::size_t currentStyleIndex() {
    return static_cast<std::size_t>(NameStyleSetting::instance().style());
}

/// Texts of one thing in every NameStyle, indexed by static_cast<std::size_t>(style).
using StyledText = std::array<QString, 3>;
using StyledLines = std::array<QStringList, 3>;

} // namespace kbcx::ui
