# Speaks pypto-run's fork-server protocol (lib/Runtime/Process.h) and prints
# what the server answers, for fork-server.test.
#   fork-server-client.py PYPTO-RUN WORKDIR HELLO-WORLD.mlir ENDLESS.mlir
import os
import signal
import subprocess
import sys

tool, work, hello, endless = sys.argv[1:5]
server = subprocess.Popen([tool, "--fork-server"], stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, text=True, bufsize=1)
print("hello:", server.stdout.readline().strip())


def request(name, timeout, args, on_pid=None):
    log = os.path.join(work, name + ".log")
    server.stdin.write("run %d %d\n%s\n" % (timeout, len(args), log))
    for arg in args:
        server.stdin.write(arg + "\n")
    server.stdin.flush()
    started = server.stdout.readline().strip()
    pid = int(started.split()[1])
    if on_pid:
        on_pid(pid)
    ended = server.stdout.readline().strip()
    print("%s: %s" % (name, ended))
    with open(log) as f:
        for line in f:
            print("%s| %s" % (name, line.rstrip()))
    return pid


def gone(pid):
    try:
        os.kill(pid, 0)
        return False
    except ProcessLookupError:
        return True


# A run, then a run without its options: each starts from the defaults.
request("compile", 60, [hello, "-p", "a5sim", "--compile-only",
                        "--output-dir", os.path.join(work, "a")])
request("full", 120, [hello, "-p", "a2a3sim", "--output-dir",
                      os.path.join(work, "b")])
request("badflag", 60, [hello, "-p", "a5sim", "--no-such-flag"])
request("nested", 60, ["--fork-server", hello, "-p", "a5sim"])
pid = request("hang", 2, [endless, "-p", "a5sim", "--golden=reference",
                          "--output-dir", os.path.join(work, "c")])
print("hang child gone:", gone(pid))
request("crash", 60, [endless, "-p", "a5sim", "--golden=reference",
                     "--output-dir", os.path.join(work, "d")],
        on_pid=lambda pid: os.kill(pid, signal.SIGKILL))
server.stdin.write("run 5 1\n%s\n%s\n" % (os.path.join(work, "no", "dir.log"), hello))
server.stdin.flush()
print("unopenable:", server.stdout.readline().strip())
server.stdin.write("walk 1 2 3\n")
server.stdin.flush()
print("malformed:", server.stdout.readline().strip())
server.stdin.close()
print("server exit:", server.wait())
