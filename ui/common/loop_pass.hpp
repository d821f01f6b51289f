// The GUI thread's CPU time in the current pass of its event loop, so that deferrable work
// (job-end calls, chart rebuilds) can wait for a later pass instead of lengthening this one.
#pragma once

#include <QObject>

#include <functional>

namespace kbcx::ui::loop_pass {

/// GUI-thread CPU time a pass may spend before deferrable work waits for the next pass. A pass
/// also carries what cannot wait (input, layout, painting, a chart's scene catching up), so
/// the deferrable share is kept well under the 100 ms at which a user feels the window stall.
inline constexpr double kDeferrableBudgetMs = 12.0;

/// Starts following the passes of the calling (GUI) thread's event loop; idempotent.
void install();

/// GUI-thread CPU time (wall time where the system has no per-thread clock) since the current
/// pass of the event loop began.
double cpuMs();

/// True while deferrable work may run in this pass: the pass has spent under `budgetMs`, or
/// no deferrable work has run in it yet and it has spent under three times that (so a pass
/// that is not already long makes progress on what waits).
bool hasRoom(double budgetMs = kDeferrableBudgetMs);

/// How long deferrable work waits at most for a pass with room (wall time); past it, it runs
/// in the next pass whatever that pass has spent, so that a busy window still gets there.
inline constexpr int kLongestDeferralMs = 250;

/// Records that deferrable work ran in this pass (hasRoom() then holds only within budget).
void noteDeferrableRan();

/// Runs `work` now if the pass has room, else in a later pass (as long as `context` lives),
/// checking again there, and at the latest once it has waited kLongestDeferralMs.
void whenRoom(QObject* context, std::function<void()> work);

} // namespace kbcx::ui::loop_pass
