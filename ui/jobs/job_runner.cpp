// Implementation of JobRunner: wraps a work function in a QRunnable that builds the
// JobContext and posts progress, result, error or cancellation back to the GUI thread.
#include "ui/jobs/job_runner.hpp"

#include "ui/common/loop_pass.hpp"

#include "common/error.hpp"
#include "common/limits.hpp"
#include "common/resources.hpp"

#include <QElapsedTimer>
#include <QMetaObject>
#include <QRunnable>
#include <QTimer>

#include <algorithm>
#include <cerrno>

#include <exception>
#include <memory>
#include <mutex>
#include <new>

#if defined(Q_OS_LINUX)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace kbcx::ui {

namespace {

/// Lowers the calling pool thread's scheduling priority, once per thread, so that on a busy
/// machine the GUI thread wins the CPU over background jobs. Linux: nice values are per thread
/// (setpriority on the thread id), so only this pool thread gets +10 (capped at 19): under CFS a
/// nice-10 thread weighs about 1/10 of a nice-0 one, so a runnable GUI thread is scheduled at
/// once even while jobs keep every core busy. Threads that a job starts itself (the core's
/// thread pools) inherit the value. Other systems: unchanged priority.
void deprioritiseCurrentThread() {
#if defined(Q_OS_LINUX)
    thread_local bool done = false;
    if (done) return;
    done = true;
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0) (void)::setpriority(PRIO_PROCESS, tid, std::min(nice + 10, 19));
#endif
}

/// The latest progress report of one job that the GUI thread has not taken yet. A worker
/// posts a call to the handle only when none is pending, so however fast a job reports (or
/// however long the GUI thread is busy), at most one progress call per job waits in the event
/// queue, and it carries the newest values.
struct ProgressMailbox {
    std::mutex mutex;
    jobs::Progress latest;
    bool pending = false;
};

} // namespace

JobRunner::JobRunner(QObject* parent) : QObject(parent) {
    memoryTimer_.setInterval(1000);
    connect(&memoryTimer_, &QTimer::timeout, this, &JobRunner::sampleMemory);
    loop_pass::install(); // drainCalls() runs calls while the pass of the event loop has room
}

void JobRunner::setMemorySampleInterval(std::chrono::milliseconds interval) {
    memoryTimer_.setInterval(static_cast<int>(interval.count()));
}

QString JobRunner::limitMessage(const QString& reached) {
    return tr("Stopped: %1. Everything loaded stays as it was. To allow more, raise the memory limit for "
              "jobs in File → Preferences, or the job's own limit in the dialog that started it.")
        .arg(reached);
}

void JobRunner::sampleMemory() {
    // One read of /proc/self/statm (microseconds) for every running job: the process's
    // resident memory is one figure, whatever job it belongs to.
    bool running = false;
    for (const JobHandle* job : jobs_)
        running = running || job->state() == JobHandle::State::Running;
    if (!running) {
        if (activeJobCount() == 0) memoryTimer_.stop();
        return;
    }
    const quint64 rss = current_memory_bytes();
    for (JobHandle* job : jobs_)
        job->sampleMemory(rss);
}

JobRunner::~JobRunner() {
    cancelAll();
    pool_.waitForDone();
    // Handles are children: QObject's destructor deletes them with any calls still queued.
}

JobHandle* JobRunner::start(const QString& title, Work work, std::optional<std::uint64_t> memoryLimitBytes) {
    auto stop = std::make_shared<std::stop_source>();
    auto* job = new JobHandle(title, stop, this);
    jobs::ResourceLimits limits;
    limits.max_memory_bytes = memoryLimitBytes.value_or(defaultMemoryLimit_);
    job->memoryLimit_ = limits.max_memory_bytes;
    jobs_.append(job);
    if (!memoryTimer_.isActive()) memoryTimer_.start();
    connect(job, &JobHandle::ended, this, [this, job] {
        emit jobEnded(job);
        if (activeJobCount() == 0) emit idle();
    });
    emit jobStarted(job);

    const auto interval = progressInterval_;
    // The runnable posts its calls through this runner, which outlives it (~JobRunner waits
    // for the pool); each call is dropped if its handle has been deleted meanwhile.
    const QPointer<QObject> guard(job);
    pool_.start(QRunnable::create([this, job, guard, stop, interval, limits, work = std::move(work)]() mutable {
        const auto post = [this, guard](std::function<void()> fn) { this->post(guard, std::move(fn)); };
        if (stop->stop_requested()) {
            post([job] { job->markCancelled(); });
            return;
        }
        deprioritiseCurrentThread();
        post([job, rss = quint64{current_memory_bytes()}] {
            job->markRunning();
            job->sampleMemory(rss);
        });
        auto mailbox = std::make_shared<ProgressMailbox>();
        jobs::ProgressSink sink = [job, mailbox, post](const jobs::Progress& p) {
            {
                std::lock_guard lock(mailbox->mutex);
                mailbox->latest.done = p.done;
                mailbox->latest.total = p.total;
                if (!p.message.empty()) // a report without a message keeps the last one
                    mailbox->latest.message = p.message;
                if (mailbox->pending) return;
                mailbox->pending = true;
            }
            post([job, mailbox] {
                jobs::Progress taken;
                {
                    std::lock_guard lock(mailbox->mutex);
                    taken = mailbox->latest;
                    mailbox->pending = false;
                }
                job->applyProgress(taken.done, taken.total, QString::fromStdString(taken.message));
            });
        };
        jobs::JobContext ctx(stop->get_token(), std::move(sink), interval);
        // The engine's own watchdog (as kbcx --max-memory): it requests the job's stop when the
        // process's resident memory passes the limit, and the job ends as if cancelled.
        auto watchdog = watchdog_.watch(limits, *stop); // one thread for every job of the runner
        const auto stopAtLimit = [&](const QString& reached) {
            watchdog.reset();
            release_free_memory(); // what the job freed goes back to the system now
            post([job, message = limitMessage(reached)] {
                job->stoppedByLimit_ = true;
                job->fail(message, {});
            });
        };
        try {
            auto result = std::make_shared<std::any>(work(ctx));
            post([job, result] { job->finish(std::move(*result)); });
        } catch (const kbcx::Cancelled&) {
            const std::string reached = watchdog->reached();
            if (!reached.empty())
                stopAtLimit(QString::fromStdString(reached));
            else
                post([job] { job->markCancelled(); });
        } catch (const kbcx::InputError& e) {
            JobHandle::ErrorLocation location{QString::fromStdString(e.file()), quint64{e.line()}, quint64{e.column()}};
            post([job, message = QString::fromStdString(e.message()), location] { job->fail(message, location); });
        } catch (const std::bad_alloc&) {
            if (limits.max_memory_bytes > 0)
                stopAtLimit(tr("memory limit of %1 reached (an allocation failed; resident %2)")
                                .arg(QString::fromStdString(human_bytes(limits.max_memory_bytes)),
                                     QString::fromStdString(human_bytes(current_memory_bytes()))));
            else
                post([job] { job->fail(JobHandle::tr("Out of memory"), {}); });
        } catch (const std::exception& e) {
            post([job, message = QString::fromUtf8(e.what())] { job->fail(message, {}); });
        } catch (...) {
            post([job] { job->fail(JobHandle::tr("Unknown error"), {}); });
        }
    }));
    return job;
}

void JobRunner::post(const QPointer<QObject>& context, std::function<void()> call) {
    {
        std::lock_guard lock(callsMutex_);
        calls_.push_back({context, std::move(call)});
        if (drainPosted_) return;
        drainPosted_ = true;
    }
    QMetaObject::invokeMethod(this, &JobRunner::drainCalls, Qt::QueuedConnection);
}

void JobRunner::drainCalls() {
    // Calls run while the pass of the event loop has room for deferrable work (loop_pass): a
    // burst of job ends (each updating tables, charts, the jobs dock) spreads over several passes
    // instead of holding the loop for the sum of their costs, and a pass already long with other
    // work (a chart's scene laying out, painting) leaves them for the next. A call that has
    // waited loop_pass::kLongestDeferralMs runs in the next pass whatever it has spent.
    {
        std::lock_guard lock(callsMutex_);
        drainPosted_ = false; // calls posted from now on post a drain of their own
    }
    for (;;) {
        PendingCall next;
        {
            std::lock_guard lock(callsMutex_);
            if (calls_.empty()) break;
            const bool overdue = drainWaiting_.isValid() && drainWaiting_.hasExpired(loop_pass::kLongestDeferralMs);
            if (!overdue && !loop_pass::hasRoom()) { // the rest waits for a later pass
                if (!drainWaiting_.isValid()) drainWaiting_.start();
                if (!drainPosted_) {
                    drainPosted_ = true;
                    // A timer that fires is dispatched in a later pass; a posted call could not
                    // be told apart from this pass's.
                    QTimer::singleShot(1, this, &JobRunner::drainCalls);
                }
                break;
            }
            next = std::move(calls_.front());
            calls_.pop_front();
        }
        drainWaiting_.invalidate();
        loop_pass::noteDeferrableRan();
        if (next.context) // a call may open a nested event loop, which can run further drains
            next.call();
    }
}

int JobRunner::activeJobCount() const {
    int n = 0;
    for (const JobHandle* job : jobs_)
        n += job->isActive() ? 1 : 0;
    return n;
}

bool JobRunner::remove(JobHandle* job) {
    if (!jobs_.contains(job) || job->isActive()) return false;
    jobs_.removeOne(job);
    emit jobRemoved(job);
    job->deleteLater(); // safe even when called from a slot the job's signal triggered
    return true;
}

void JobRunner::clearFinished() {
    const auto snapshot = jobs_;
    for (JobHandle* job : snapshot)
        if (!job->isActive()) remove(job);
}

void JobRunner::cancelAll() {
    for (JobHandle* job : jobs_)
        job->cancel();
}

} // namespace kbcx::ui
