//===- CrashGuard.h - Recover from faults in kernel code (internal) -*- C++ -*-===//
//
// A kernel (or the orchestration) runs "guarded": process-wide handlers for
// SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT jump back (siglongjmp) to the
// guarded call when the fault happens on a thread that is inside guarded code,
// and chain to the previous handler otherwise. The handlers run on a
// per-thread alternate stack, so a stack overflow is caught too. The watchdog
// interrupts a guarded thread that makes no progress with SIGURG (handled the
// same way, ignored when the thread is not in guarded code).
//
// Limits (see docs/Simulator.md): destructors of the abandoned kernel frames do
// not run; memory the kernel corrupted before the fault stays corrupted; a
// fault inside a libc routine that holds a lock (malloc) may leave the lock
// held. Runtime hooks called from guarded code run unguarded (Unguarded), so a
// jump never leaves a runtime lock held.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_LIB_RUNTIME_CRASHGUARD_H
#define PYPTO_LIB_RUNTIME_CRASHGUARD_H

#include <atomic>
#include <cstdint>
#include <string>

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>

namespace pypto::runtime::detail {

struct CrashInfo {
  int signo = 0;
  int code = 0;
  uintptr_t addr = 0;
  bool interrupted = false; // by the watchdog
  bool stackOverflow = false; // the fault address is at the end of the thread's stack
};

/// Per-thread guard state (one per thread that runs guarded code).
struct GuardState {
  sigjmp_buf env;
  std::atomic<int> armed{0};
  std::atomic<uint64_t> serial{0};          // the guarded call running now
  std::atomic<uint64_t> interruptSerial{0}; // interrupt requested for this call
  CrashInfo info;
  uintptr_t stackLow = 0; // lowest address of the thread's stack (0: unknown)
  sigset_t mask;          // restored after a fault (see runGuarded)
};

/// The calling thread's guard state.
GuardState *currentGuardState();

/// Installs the handlers (once per process).
void installCrashHandlers();

/// An alternate signal stack for the calling thread while alive (the previous
/// one is restored).
class AltStack {
public:
  AltStack();
  ~AltStack();
  AltStack(const AltStack &) = delete;
  AltStack &operator=(const AltStack &) = delete;

private:
  void *mem_ = nullptr;
  bool installed_ = false;
  bool hadOld_ = false;
  stack_t old_{};
};

/// How runGuarded finds the signal mask to restore after a fault.
enum class MaskOnEntry {
  Save,     // the thread's mask now (a system call per call)
  Unchanged // the thread's mask is the one its first guarded call saw
};

/// Calls fn(arg) guarded; `serial` identifies the call for interrupts (0: the
/// call cannot be interrupted). Returns
/// false when a fault or an interrupt ended it (`info` tells which).
/// Exceptions leave fn normally (fn should catch them). A thread that calls
/// it once per simulated kernel and never changes its signal mask passes
/// MaskOnEntry::Unchanged.
bool runGuarded(void (*fn)(void *), void *arg, uint64_t serial, CrashInfo &info,
                MaskOnEntry mask = MaskOnEntry::Save);

/// Runtime code called from guarded code: not guarded while alive.
class Unguarded {
public:
  Unguarded();
  ~Unguarded();
  Unguarded(const Unguarded &) = delete;
  Unguarded &operator=(const Unguarded &) = delete;

private:
  GuardState *state_;
  int prev_;
};

/// Whether `state` runs guarded code of call `serial` right now.
bool inGuardedCode(const GuardState *state, uint64_t serial);

/// Interrupt call `serial` on `thread` (whose guard state is `state`) if it is
/// in guarded code; a no-op otherwise.
void requestInterrupt(GuardState *state, pthread_t thread, uint64_t serial);

/// "SIGSEGV (invalid memory access at 0x10)", "SIGFPE (integer divide by zero)", ...
std::string describeCrash(const CrashInfo &info);

} // namespace pypto::runtime::detail

#endif // PYPTO_LIB_RUNTIME_CRASHGUARD_H
