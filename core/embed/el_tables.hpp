// The EL models' parameter tables per geometry (balls, boxes, Box²EL's boxes and bumps), named as
// checkpoints store them, and the ball and unit-row initialisers both objectives share.
#pragma once

#include "embed/params.hpp"

#include <random>
#include <vector>

namespace kbcx::embed {

/// The parameter tables of each geometry, named as checkpoints store them (and shared by every
/// variant of a model): n class rows, r roles, dimension d.
void add_ball_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d);
/// The original ball init: each [c | ρ] row drawn (c ~ U(−1, 1), ρ ~ U(0, 1) when `positive_radius`,
/// else U(−1, 1)) and normalised as one vector.
void init_joint_balls(Matrix& C, Matrix& R, std::mt19937_64& rng, bool positive_radius);
/// Rows drawn from U(−1, 1) and normalised (relation vectors).
void init_unit_rows(Matrix& V, std::mt19937_64& rng);
/// ELBE's tables: class centres and offsets, relation translations.
void add_box_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d);
/// Box²EL's tables: class boxes and bumps, each relation's head and tail boxes.
void add_box2el_tables(std::vector<ParamTable>& t, Eigen::Index n, Eigen::Index r, Eigen::Index d);

} // namespace kbcx::embed
