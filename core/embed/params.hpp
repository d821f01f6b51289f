// Parameter storage shared by every embedding model: named row-major float tables indexed by
// entity, relation or concept ids, and the sparse per-thread gradient buffer the trainer fills.
#pragma once

#include <Eigen/Core>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace kbcx::embed {

/// Row-major float table: one row per entity/relation/concept, contiguous rows.
using Matrix = Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVec = Eigen::Array<float, 1, Eigen::Dynamic>;

/// Fills m with independent draws from U(lo, hi), row by row (the models' initialisation).
inline void fill_uniform(Matrix& m, float lo, float hi, std::mt19937_64& rng) {
    std::uniform_real_distribution<float> u(lo, hi);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = u(rng);
}

/// Rescales every row of m to unit Euclidean norm, x / max(‖x‖, 1e-12) (torch's
/// functional.normalize, PyKEEN's entity constrainer).
inline void normalise_rows(Matrix& m) {
    for (Eigen::Index i = 0; i < m.rows(); ++i) {
        const float n = m.row(i).matrix().norm();
        m.row(i) /= std::max(n, 1e-12f);
    }
}

/// A named parameter table. `name` is stable: it is written into checkpoints.
struct ParamTable {
    std::string name;
    Matrix values;
};

/// Gradients of one minibatch slice, for touched rows only.
///
/// Each table has a dense zeroed shadow plus the list of rows touched since the last clear();
/// clear() zeroes just those rows, so a batch costs O(touched rows × width), not O(table).
/// One buffer per worker thread; buffers are merged in thread order, which keeps training
/// deterministic for a fixed number of threads.
class GradBuffer {
  public:
    /// Sizes the buffer like `tables` (drops any content).
    void shape_like(const std::vector<ParamTable>& tables);
    /// Gradient row of table `t`, row `r` (zero on first touch in this batch).
    float* row(std::size_t t, std::uint32_t r) {
        Table& tb = tables_[t];
        if (!tb.touched[r]) {
            tb.touched[r] = 1;
            tb.rows.push_back(r);
        }
        return tb.data.data() + static_cast<std::size_t>(r) * tb.width;
    }
    /// Rows of table `t` touched since the last clear(), in first-touch order.
    const std::vector<std::uint32_t>& touched(std::size_t t) const { return tables_[t].rows; }
    const float* data(std::size_t t, std::uint32_t r) const {
        return tables_[t].data.data() + static_cast<std::size_t>(r) * tables_[t].width;
    }
    std::size_t width(std::size_t t) const { return tables_[t].width; }
    std::size_t num_tables() const { return tables_.size(); }
    /// Writable gradient row without marking it touched (rows never touched read as zero).
    float* data(std::size_t t, std::uint32_t r) {
        return tables_[t].data.data() + static_cast<std::size_t>(r) * tables_[t].width;
    }
    /// Marks every row of every table touched, so an optimiser step updates them all (torch's
    /// Adam on dense gradients: a row outside the batch still moves with its moments).
    void touch_all();
    /// Adds every touched row of `other` (same shape) into this buffer.
    void add(const GradBuffer& other);
    void clear();
    /// The Euclidean norm of every touched row of every table together (TensorFlow's global norm).
    double global_norm() const;
    /// Multiplies every touched row by `factor`.
    void scale(float factor);
    /// Gradient clipping by the global norm (tf.clip_by_global_norm): if global_norm() > max_norm,
    /// scales every touched row by max_norm / global_norm(). Returns the norm before clipping.
    double clip_global_norm(float max_norm);
    /// Forgets the touched rows after the caller has zeroed each of them itself (as
    /// Optimizer::step_and_clear does while it reads them); leaves the data alone.
    void forget_zeroed_rows();

  private:
    struct Table {
        std::size_t width = 0;
        std::vector<float> data;
        std::vector<std::uint8_t> touched;
        std::vector<std::uint32_t> rows;
    };
    std::vector<Table> tables_;
};

} // namespace kbcx::embed
