//===- RunDataLibrary.h - loading the libtorch half lazily -----*- C++ -*-===//
//
// pypto-run links no libtorch: RunData's implementation is in
// libPyptoRunData.so, beside the tools in `<prefix>/lib`, and is loaded only
// by a run with data phases. The load starts on a background thread while
// the program compiles, so libtorch's start-up overlaps the compile phase;
// `--help`, `--compile-only`, `--skip-ptoas` and the other tools never pay it.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_RUNDATALIBRARY_H
#define PYPTO_HARNESS_RUNDATALIBRARY_H

#include "pypto/Harness/Data.h"

#include <memory>
#include <string>

namespace pypto::harness {

/// The library's path: $PYPTO_RUN_DATA_LIBRARY when set, else
/// `<directory of the executable>/../lib/libPyptoRunData.so`.
std::string runDataLibraryPath();

/// Starts loading the library on a background thread; does nothing when a
/// load has started already.
void startLoadingRunData();

/// Loads the library and returns when no loading thread is left (the fork
/// server, before it forks: a fork during a load would copy the loader's
/// lock held). Returns an error message, or "" when the library is loaded.
std::string loadRunDataNow();

/// A new RunData for `spec`: waits for the load (starting it when nothing
/// has). Null with `error` set when the library cannot be loaded; the
/// message names the path and the loader's reason.
std::unique_ptr<RunData> createRunData(const RunSpec &spec, std::string &error);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_RUNDATALIBRARY_H
