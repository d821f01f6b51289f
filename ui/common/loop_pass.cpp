// Implementation of loop_pass: the dispatcher's awake() marks the start of a pass; the
// thread's CPU clock (clock_gettime) measures what the pass has spent since.
#include "ui/common/loop_pass.hpp"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>

#if defined(Q_OS_UNIX)
#include <time.h>
#endif

namespace kbcx::ui::loop_pass {

namespace {

struct PassState {
    bool installed = false;
    double startMs = 0;
    bool deferrableRan = false;
};

PassState& state() {
    thread_local PassState s;
    return s;
}

double threadClockMs() {
#if defined(Q_OS_UNIX) && defined(CLOCK_THREAD_CPUTIME_ID)
    timespec ts{};
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
#endif
    static QElapsedTimer wall;
    if (!wall.isValid()) wall.start();
    return static_cast<double>(wall.nsecsElapsed()) / 1e6;
}

} // namespace

void install() {
    PassState& s = state();
    if (s.installed) return;
    QAbstractEventDispatcher* dispatcher = QAbstractEventDispatcher::instance(QThread::currentThread());
    if (!dispatcher) return; // no event loop yet: every pass is "the first", and work runs at once
    s.installed = true;
    s.startMs = threadClockMs();
    QObject::connect(dispatcher, &QAbstractEventDispatcher::awake, dispatcher, [] {
        PassState& p = state();
        p.startMs = threadClockMs();
        p.deferrableRan = false;
    });
}

double cpuMs() {
    install();
    return threadClockMs() - state().startMs;
}

bool hasRoom(double budgetMs) {
    const double spent = cpuMs();
    return spent < budgetMs || (!state().deferrableRan && spent < 3 * budgetMs);
}

void noteDeferrableRan() {
    install();
    state().deferrableRan = true;
}

namespace {

void runOrRetry(QObject* context, std::function<void()> work, const QElapsedTimer& waiting) {
    if (hasRoom() || waiting.hasExpired(kLongestDeferralMs)) {
        noteDeferrableRan();
        work();
        return;
    }
    // A 1 ms timer rather than a posted call: a timer that fires is dispatched in a later pass.
    QTimer::singleShot(1, context, [context, work = std::move(work), waiting]() mutable {
        runOrRetry(context, std::move(work), waiting);
    });
}

} // namespace

void whenRoom(QObject* context, std::function<void()> work) {
    QElapsedTimer waiting;
    waiting.start();
    runOrRetry(context, std::move(work), waiting);
}

} // namespace kbcx::ui::loop_pass
