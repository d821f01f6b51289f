// The one adapter between the core job API (Params → Result, JobContext with progress and
// stop token) and the GUI: runs work functions on a QThreadPool and reports through JobHandles.
#pragma once

#include "ui/jobs/job_handle.hpp"

#include "common/job.hpp"
#include "common/limits.hpp"

#include <QElapsedTimer>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QTimer>

#include <any>
#include <chrono>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

namespace kbcx::ui {

/// Runs long tasks off the GUI thread.
///
/// Usage — the qBittorrent Params/Result style on the core side, Tiled's hand-off here:
/// @code
///   jobs::LoadKgParams params = ...;                       // copied into the worker
///   JobHandle* job = runner.start(tr("Load train.txt"),
///       [params](jobs::JobContext& ctx) { return jobs::load_kg(params, ctx); });
///   connect(job, &JobHandle::finished, this, [this, job] {
///       const auto& result = job->resultAs<jobs::LoadKgResult>();   // GUI thread
///   });
///   connect(job, &JobHandle::failed, this, &Window::showError);
/// @endcode
///
/// The work function runs on a pool thread with a JobContext whose stop token is the
/// handle's cancel() and whose progress sink posts (throttled by JobContext) queued calls to
/// the handle, at most one waiting per job: reports that arrive while one waits only update
/// the values it will deliver. The calls of all jobs wait in one queue, in the order they were
/// posted, and the GUI thread runs them in slices of about 12 ms, letting the event loop take
/// input, timers and repaints between slices however many jobs end at once. Its return value — any copyable type,
/// converted to std::any — is moved to the GUI thread and the handle emits finished(). kbcx::Cancelled ends the job
/// with cancelled(), kbcx::InputError with failed(message, file, line, column), any other std::exception with
/// failed(what(), "", 0, 0). The work function must not touch QObjects of the GUI thread.
class JobRunner : public QObject {
    Q_OBJECT
  public:
    using Work = std::function<std::any(jobs::JobContext&)>;

    explicit JobRunner(QObject* parent = nullptr);
    /// Requests every active job to stop and waits for the pool to drain.
    ~JobRunner() override;

    /// Queues `work`; the returned handle is owned by the runner and valid until removed.
    /// The job runs under a limit on the process's resident memory: `memoryLimitBytes`, or
    /// defaultMemoryLimit() when not given (0 = none). Past it the job is stopped as if
    /// cancelled and ends with failed(), its message naming the limit and how to raise it.
    JobHandle* start(const QString& title, Work work, std::optional<std::uint64_t> memoryLimitBytes = std::nullopt);

    /// The memory limit of jobs started without one (0 = none). MainWindow sets it from the
    /// Preferences (ui/jobs/memory_limit.hpp); a bare runner has none.
    void setDefaultMemoryLimit(std::uint64_t bytes) { defaultMemoryLimit_ = bytes; }
    std::uint64_t defaultMemoryLimit() const { return defaultMemoryLimit_; }
    /// How often the running jobs' memory is sampled for the jobs dock (default 1 s).
    void setMemorySampleInterval(std::chrono::milliseconds interval);
    /// The text a job stopped by a limit fails with: `reached` (LimitWatchdog::reached()) and
    /// where to raise the limit.
    static QString limitMessage(const QString& reached);

    /// Minimum time between two progress reports a job delivers (default 100 ms).
    void setProgressInterval(std::chrono::milliseconds interval) { progressInterval_ = interval; }
    /// Threads for concurrent jobs (default: QThread::idealThreadCount()).
    void setMaxConcurrentJobs(int n) { pool_.setMaxThreadCount(n); }

    /// All handles not yet removed, in start order.
    QList<JobHandle*> jobs() const { return jobs_; }
    int activeJobCount() const;

    /// Removes one ended job (an active one is left alone); returns whether it was removed.
    bool remove(JobHandle* job);
    /// Removes every ended job.
    void clearFinished();
    /// Requests every active job to stop.
    void cancelAll();
    /// Any thread (a work function, typically): runs `call` on the GUI thread, in the one queue
    /// of job calls and so after every call posted before it — a job's own progress and end
    /// included — unless `context` (a QObject of the GUI thread) has been deleted by then.
    void post(const QPointer<QObject>& context, std::function<void()> call);
    /// Blocks until the pool is idle (tests, shutdown). Queued calls still need the event loop.
    bool waitForDone(int msecs = -1) { return pool_.waitForDone(msecs); }

  signals:
    void jobStarted(kbcx::ui::JobHandle* job);
    void jobEnded(kbcx::ui::JobHandle* job);
    /// Emitted just before the handle is deleted.
    void jobRemoved(kbcx::ui::JobHandle* job);
    /// The last active job ended.
    void idle();

  private:
    /// A call posted from a worker, run on the GUI thread unless its context object is gone.
    struct PendingCall {
        QPointer<QObject> context;
        std::function<void()> call;
    };
    /// GUI thread: runs queued calls in order while the pass of the event loop has room, then
    /// schedules itself for a later pass if calls remain.
    void drainCalls();
    /// GUI thread: reads the process's resident memory once and hands it to the running jobs.
    void sampleMemory();

    std::mutex callsMutex_;
    std::deque<PendingCall> calls_; ///< guarded by callsMutex_
    bool drainPosted_ = false;      ///< guarded by callsMutex_
    QElapsedTimer drainWaiting_;    ///< GUI thread: since when the first call left waiting has waited

    QThreadPool pool_;
    QList<JobHandle*> jobs_;
    std::chrono::milliseconds progressInterval_{100}; ///< per job: ten updates a second are plenty to watch
    std::uint64_t defaultMemoryLimit_ = 0;
    QTimer memoryTimer_; ///< runs while a job is active
    /// The engine's limits for every job, on one watchdog thread (a thread per job made the GUI
    /// start and end one more thread a click).
    jobs::SharedLimitWatchdog watchdog_;
};

} // namespace kbcx::ui
