//===- runtime.h - Orchestration umbrella header ----------------*- C++ -*-===//
//
// pypto inserts `#include "runtime.h"` into orchestration sources; it brings
// in the PTO2 orchestration API.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_RUNTIME_H
#define PYPTO_RUNTIME_RUNTIME_H

#include "pto_orchestration_api.h"

#endif // PYPTO_RUNTIME_RUNTIME_H
