//===- CrashGuard.cpp - Recover from faults in kernel code ----------------===//

#include "CrashGuard.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <sys/mman.h>
#include <unistd.h>

namespace pypto::runtime::detail {

namespace {

constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
constexpr int kInterruptSignal = SIGURG;

thread_local GuardState tlsGuard;
// Set once the thread's state is in use: the handlers must not touch a
// thread_local that was never initialised on this thread.
thread_local GuardState *tlsGuardPtr = nullptr;

struct sigaction g_previous[NSIG];

void chain(int sig, siginfo_t *si, void *uc) {
  const struct sigaction &old = g_previous[sig];
  if (old.sa_flags & SA_SIGINFO) {
    if (old.sa_sigaction) {
      old.sa_sigaction(sig, si, uc);
      return;
    }
  } else if (old.sa_handler == SIG_IGN) {
    if (sig == kInterruptSignal)
      return;
  } else if (old.sa_handler != SIG_DFL && old.sa_handler != nullptr) {
    old.sa_handler(sig);
    return;
  }
  if (sig == kInterruptSignal)
    return; // default action: ignore
  // Default action: restore it and deliver the signal again (a synchronous
  // fault re-executes the faulting instruction when the handler returns).
  struct sigaction dfl;
  std::memset(&dfl, 0, sizeof(dfl));
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  if (si == nullptr || si->si_code <= 0) // sent by kill/raise: send it again
    ::raise(sig);
}

void handler(int sig, siginfo_t *si, void *uc) {
  const int savedErrno = errno;
  GuardState *st = tlsGuardPtr;
  if (st != nullptr && st->armed.load(std::memory_order_relaxed)) {
    const bool interrupt = sig == kInterruptSignal;
    const uint64_t serial = st->serial.load();
    if (!interrupt || (serial != 0 && st->interruptSerial.load() == serial)) {
      st->armed.store(0, std::memory_order_relaxed);
      st->info.signo = sig;
      st->info.code = si ? si->si_code : 0;
      st->info.addr = si ? reinterpret_cast<uintptr_t>(si->si_addr) : 0;
      st->info.interrupted = interrupt;
      st->info.stackOverflow = sig == SIGSEGV && st->stackLow != 0 &&
                               st->info.addr + 65536 >= st->stackLow &&
                               st->info.addr < st->stackLow + 4096;
      siglongjmp(st->env, 1);
    }
    if (interrupt) {
      errno = savedErrno;
      return; // a stale interrupt for an earlier call
    }
  }
  errno = savedErrno;
  chain(sig, si, uc);
}

} // namespace

GuardState *currentGuardState() {
  if (tlsGuardPtr == nullptr) {
    GuardState *st = &tlsGuard;
    pthread_attr_t attr;
    if (::pthread_getattr_np(::pthread_self(), &attr) == 0) {
      void *addr = nullptr;
      size_t size = 0;
      if (::pthread_attr_getstack(&attr, &addr, &size) == 0)
        st->stackLow = reinterpret_cast<uintptr_t>(addr);
      ::pthread_attr_destroy(&attr);
    }
    ::pthread_sigmask(SIG_BLOCK, nullptr, &st->mask);
    tlsGuardPtr = st;
  }
  return tlsGuardPtr;
}

void installCrashHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof(sa));
    sa.sa_sigaction = &handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int sig : kFaultSignals)
      ::sigaction(sig, &sa, &g_previous[sig]);
    sa.sa_flags |= SA_RESTART;
    ::sigaction(kInterruptSignal, &sa, &g_previous[kInterruptSignal]);
  });
}

AltStack::AltStack() {
  long min = ::sysconf(_SC_MINSIGSTKSZ);
  size_t size = size_t(std::max<long>(min, 0)) + 128 * 1024;
  mem_ = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem_ == MAP_FAILED) {
    mem_ = nullptr;
    return;
  }
  stack_t ss;
  ss.ss_sp = mem_;
  ss.ss_size = size;
  ss.ss_flags = 0;
  if (::sigaltstack(&ss, &old_) == 0) {
    installed_ = true;
    hadOld_ = !(old_.ss_flags & SS_DISABLE);
  } else {
    ::munmap(mem_, size);
    mem_ = nullptr;
  }
}

AltStack::~AltStack() {
  if (!installed_)
    return;
  stack_t cur;
  if (::sigaltstack(nullptr, &cur) == 0 && cur.ss_sp == mem_) {
    if (hadOld_) {
      ::sigaltstack(&old_, nullptr);
    } else {
      stack_t off;
      std::memset(&off, 0, sizeof(off));
      off.ss_flags = SS_DISABLE;
      ::sigaltstack(&off, nullptr);
    }
    ::munmap(mem_, cur.ss_size);
  }
}

bool runGuarded(void (*fn)(void *), void *arg, uint64_t serial, CrashInfo &info,
                MaskOnEntry mask) {
  GuardState *st = currentGuardState();
  if (mask == MaskOnEntry::Save)
    ::pthread_sigmask(SIG_BLOCK, nullptr, &st->mask);
  // A call's serial may repeat on a thread (the orchestration's does): an
  // interrupt requested for an earlier call must not end this one.
  st->interruptSerial.store(0);
  st->serial.store(serial);
  st->info = CrashInfo{};
  // The jump back does not restore the mask (saving it in sigsetjmp costs a
  // system call per kernel); the handler left its signal blocked, so the
  // mask of entry is set again below.
  if (sigsetjmp(st->env, 0) == 0) {
    struct Disarm {
      GuardState *st;
      ~Disarm() { st->armed.store(0); }
    } disarm{st};
    st->armed.store(1);
    fn(arg);
    return true;
  }
  // Back from the handler (which disarmed).
  ::pthread_sigmask(SIG_SETMASK, &st->mask, nullptr);
  info = st->info;
  return false;
}

Unguarded::Unguarded() : state_(tlsGuardPtr), prev_(0) {
  if (state_) {
    prev_ = state_->armed.load();
    state_->armed.store(0);
  }
}

Unguarded::~Unguarded() {
  if (state_)
    state_->armed.store(prev_);
}

bool inGuardedCode(const GuardState *state, uint64_t serial) {
  return state && state->armed.load() && state->serial.load() == serial;
}

void requestInterrupt(GuardState *state, pthread_t thread, uint64_t serial) {
  if (!state || serial == 0 || state->serial.load() != serial)
    return;
  state->interruptSerial.store(serial);
  ::pthread_kill(thread, kInterruptSignal);
}

std::string describeCrash(const CrashInfo &info) {
  char addr[32];
  std::snprintf(addr, sizeof(addr), "%#llx", (unsigned long long)info.addr);
  switch (info.signo) {
  case SIGSEGV:
    if (info.stackOverflow)
      return std::string("SIGSEGV (stack overflow at ") + addr + ")";
    return std::string("SIGSEGV (invalid memory access at ") + addr +
           (info.code == SEGV_ACCERR ? ", no permission)" : ")");
  case SIGBUS:
    return std::string("SIGBUS (bus error at ") + addr + ")";
  case SIGFPE:
    switch (info.code) {
    case FPE_INTDIV: return "SIGFPE (integer divide by zero)";
    case FPE_INTOVF: return "SIGFPE (integer overflow)";
    default: return "SIGFPE (arithmetic exception)";
    }
  case SIGILL:
    return std::string("SIGILL (illegal instruction at ") + addr +
           "; a __builtin_trap or undefined behaviour?)";
  case SIGABRT:
    return "SIGABRT (abort: a failed assert or std::terminate?)";
  case kInterruptSignal:
    return "interrupted by the watchdog";
  default:
    return "signal " + std::to_string(info.signo);
  }
}

} // namespace pypto::runtime::detail
