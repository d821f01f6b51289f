// GradBuffer: dense shadow tables with touched-row lists, so clearing and merging cost only
// what a minibatch actually touched.
#include "embed/params.hpp"

#include <algorithm>
#include <cmath>

namespace kbcx::embed {

void GradBuffer::shape_like(const std::vector<ParamTable>& tables) {
    tables_.clear();
    tables_.resize(tables.size());
    for (std::size_t t = 0; t < tables.size(); ++t) {
        const auto rows = static_cast<std::size_t>(tables[t].values.rows());
        tables_[t].width = static_cast<std::size_t>(tables[t].values.cols());
        tables_[t].data.assign(rows * tables_[t].width, 0.0f);
        tables_[t].touched.assign(rows, 0);
    }
}

void GradBuffer::touch_all() {
    for (std::size_t t = 0; t < tables_.size(); ++t)
        for (std::size_t r = 0; r < tables_[t].touched.size(); ++r)
            row(t, static_cast<std::uint32_t>(r));
}

void GradBuffer::add(const GradBuffer& other) {
    for (std::size_t t = 0; t < tables_.size(); ++t) {
        const std::size_t w = tables_[t].width;
        for (std::uint32_t r : other.tables_[t].rows) {
            float* dst = row(t, r);
            const float* src = other.data(t, r);
            for (std::size_t k = 0; k < w; ++k)
                dst[k] += src[k];
        }
    }
}

void GradBuffer::clear() {
    for (auto& tb : tables_) {
        for (std::uint32_t r : tb.rows) {
            std::fill_n(tb.data.data() + static_cast<std::size_t>(r) * tb.width, tb.width, 0.0f);
            tb.touched[r] = 0;
        }
        tb.rows.clear();
    }
}

double GradBuffer::global_norm() const {
    double sq = 0;
    for (const auto& tb : tables_)
        for (std::uint32_t r : tb.rows) {
            const float* x = tb.data.data() + static_cast<std::size_t>(r) * tb.width;
            for (std::size_t k = 0; k < tb.width; ++k)
                sq += static_cast<double>(x[k]) * static_cast<double>(x[k]);
        }
    return std::sqrt(sq);
}

void GradBuffer::scale(float factor) {
    for (auto& tb : tables_)
        for (std::uint32_t r : tb.rows) {
            float* x = tb.data.data() + static_cast<std::size_t>(r) * tb.width;
            for (std::size_t k = 0; k < tb.width; ++k)
                x[k] *= factor;
        }
}

double GradBuffer::clip_global_norm(float max_norm) {
    const double norm = global_norm();
    if (norm > static_cast<double>(max_norm)) scale(static_cast<float>(static_cast<double>(max_norm) / norm));
    return norm;
}

void GradBuffer::forget_zeroed_rows() {
    for (auto& tb : tables_) {
        for (std::uint32_t r : tb.rows)
            tb.touched[r] = 0;
        tb.rows.clear();
    }
}

} // namespace kbcx::embed
