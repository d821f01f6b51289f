// The GUI-thread face of one background job started by JobRunner: its state, latest
// progress, ETA, result or error, and the signals the views connect to.
#pragma once

#include "ui/jobs/eta_estimator.hpp"

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <any>
#include <memory>
#include <optional>
#include <stop_token>

namespace kbcx::ui {

class JobRunner;

/// Lives on the GUI thread and is owned by its JobRunner. The worker never touches it
/// directly: it posts queued calls (progress, result, error) that run here, in order.
/// A handle is deleted only by JobRunner::clearFinished()/remove() once it has ended.
class JobHandle : public QObject {
    Q_OBJECT
  public:
    enum class State { Queued, Running, Finished, Failed, Cancelled };
    Q_ENUM(State)

    /// Where an input error points (file, 1-based line and column; 0 = not applicable).
    struct ErrorLocation {
        QString file;
        quint64 line = 0;
        quint64 column = 0;
    };

    ~JobHandle() override;

    QString title() const { return title_; }
    State state() const { return state_; }
    bool isActive() const { return state_ == State::Queued || state_ == State::Running; }
    bool cancelRequested() const;

    quint64 done() const { return done_; }
    quint64 total() const { return total_; }
    QString message() const { return message_; }
    /// Seconds since the job started running (frozen once it ended).
    double elapsedSeconds() const;
    /// Remaining seconds from the progress rate; nullopt while unknown or after the end.
    std::optional<double> etaSeconds() const;

    /// Valid after finished(): the work function's return value.
    const std::any& result() const { return result_; }
    /// Typed access to the result; throws std::bad_any_cast on a type mismatch.
    template <class Result> const Result& resultAs() const { return std::any_cast<const Result&>(result_); }

    /// Valid after failed().
    QString errorMessage() const { return errorMessage_; }
    const ErrorLocation& errorLocation() const { return errorLocation_; }
    /// Valid after failed(): "file:line:column: message" (ui/common/error_box.hpp's format), or
    /// the message alone when the error has no location.
    QString errorText() const;

    /// The limit on the process's resident memory this job runs under, in bytes (0 = none).
    quint64 memoryLimitBytes() const { return memoryLimit_; }
    /// The process's resident memory at the runner's last sample while this job ran (0 before
    /// the first), when it started running, and the most sampled while it ran. The process's
    /// whole memory: loaded datasets and other running jobs count too.
    quint64 memoryBytes() const { return memory_; }
    quint64 memoryAtStartBytes() const { return memoryAtStart_; }
    quint64 peakMemoryBytes() const { return peakMemory_; }
    /// Whether the job was stopped because it passed a resource limit (it then ended with
    /// failed(), and errorMessage() names the limit and how to raise it).
    bool stoppedByLimit() const { return stoppedByLimit_; }

    /// Short text for the state ("Running", "Finished in 1.2 s", "Failed", "Cancelled").
    QString stateText() const;

  public slots:
    /// Requests a stop through the job's std::stop_source; the job ends with cancelled()
    /// at its next JobContext::throw_if_stopped(), or finishes if it was about to anyway.
    void cancel();

  signals:
    void stateChanged(kbcx::ui::JobHandle::State state);
    /// A throttled progress report from the worker (total 0 = unknown).
    void progress(quint64 done, quint64 total, const QString& message);
    /// The job returned; its value is in result().
    void finished();
    /// The job threw. For a kbcx::InputError, file/line/column locate the problem
    /// (line and column 1-based, 0 when not applicable); `message` excludes the location.
    void failed(const QString& message, const QString& file, quint64 line, quint64 column);
    void cancelled();
    /// A new memory sample (memoryBytes()) while the job runs.
    void memorySampled();
    /// Emitted once after finished(), failed() or cancelled().
    void ended();

  private:
    friend class JobRunner;
    JobHandle(QString title, std::shared_ptr<std::stop_source> stop, QObject* parent);

    // Called on the GUI thread through queued calls posted by the worker.
    void markRunning();
    void applyProgress(quint64 done, quint64 total, const QString& message);
    void finish(std::any result);
    void fail(const QString& message, ErrorLocation location);
    void markCancelled();
    void sampleMemory(quint64 bytes);
    void setState(State state);

    QString title_;
    std::shared_ptr<std::stop_source> stop_;
    State state_ = State::Queued;
    quint64 done_ = 0;
    quint64 total_ = 0;
    QString message_;
    QElapsedTimer clock_;
    double endedAfter_ = -1.0;
    EtaEstimator eta_;
    std::any result_;
    QString errorMessage_;
    ErrorLocation errorLocation_;
    quint64 memoryLimit_ = 0;
    quint64 memory_ = 0;
    quint64 memoryAtStart_ = 0;
    quint64 peakMemory_ = 0;
    bool stoppedByLimit_ = false;
};

} // namespace kbcx::ui
