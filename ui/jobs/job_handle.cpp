// Implementation of JobHandle: state transitions driven by the queued calls JobRunner's
// workers post, with progress fed to the ETA estimator.
#include "ui/jobs/job_handle.hpp"

#include "ui/common/error_box.hpp"

#include <algorithm>

namespace kbcx::ui {

JobHandle::JobHandle(QString title, std::shared_ptr<std::stop_source> stop, QObject* parent)
    : QObject(parent), title_(std::move(title)), stop_(std::move(stop)) {
    clock_.start();
}

JobHandle::~JobHandle() = default;

bool JobHandle::cancelRequested() const {
    return stop_->stop_requested();
}

double JobHandle::elapsedSeconds() const {
    if (endedAfter_ >= 0.0) return endedAfter_;
    return static_cast<double>(clock_.nsecsElapsed()) / 1e9;
}

std::optional<double> JobHandle::etaSeconds() const {
    if (state_ != State::Running) return std::nullopt;
    return eta_.remainingSeconds();
}

QString JobHandle::errorText() const {
    return locatedMessage(errorMessage_, errorLocation_.file, errorLocation_.line, errorLocation_.column);
}

QString JobHandle::stateText() const {
    switch (state_) {
    case State::Queued: return tr("Queued");
    case State::Running: return cancelRequested() ? tr("Cancelling…") : tr("Running");
    case State::Finished:
        if (elapsedSeconds() < 1.0)
            return tr("Finished in %1 ms").arg(static_cast<int>(elapsedSeconds() * 1000.0 + 0.5));
        return tr("Finished in %1 s").arg(elapsedSeconds(), 0, 'f', elapsedSeconds() < 10 ? 2 : 1);
    case State::Failed: return stoppedByLimit_ ? tr("Stopped at limit") : tr("Failed");
    case State::Cancelled: return tr("Cancelled");
    }
    return {};
}

void JobHandle::cancel() {
    if (!isActive() || stop_->stop_requested()) return;
    stop_->request_stop();
    emit stateChanged(state_); // views show "Cancelling…"
}

void JobHandle::markRunning() {
    if (state_ != State::Queued) return;
    clock_.restart();
    setState(State::Running);
}

void JobHandle::applyProgress(quint64 done, quint64 total, const QString& message) {
    if (!isActive()) return;
    done_ = done;
    total_ = total;
    if (!message.isEmpty()) message_ = message;
    eta_.add(elapsedSeconds(), done, total);
    emit progress(done, total, message_);
}

void JobHandle::finish(std::any result) {
    result_ = std::move(result);
    endedAfter_ = elapsedSeconds();
    if (total_ > 0) done_ = total_;
    setState(State::Finished);
    emit finished();
    emit ended();
}

void JobHandle::fail(const QString& message, ErrorLocation location) {
    errorMessage_ = message;
    errorLocation_ = std::move(location);
    endedAfter_ = elapsedSeconds();
    message_ = message;
    setState(State::Failed);
    emit failed(errorMessage_, errorLocation_.file, errorLocation_.line, errorLocation_.column);
    emit ended();
}

void JobHandle::markCancelled() {
    endedAfter_ = elapsedSeconds();
    setState(State::Cancelled);
    emit cancelled();
    emit ended();
}

void JobHandle::sampleMemory(quint64 bytes) {
    if (state_ != State::Running) return;
    if (memoryAtStart_ == 0) memoryAtStart_ = bytes;
    memory_ = bytes;
    peakMemory_ = std::max(peakMemory_, bytes);
    emit memorySampled();
}

void JobHandle::setState(State state) {
    if (state_ == state) return;
    state_ = state;
    emit stateChanged(state_);
}

} // namespace kbcx::ui
