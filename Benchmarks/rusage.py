#!/usr/bin/env python3
"""Runs a command and writes its wall time and CPU time to a file, as GNU time's
`-f '%e %U %S'` would, but to the microsecond where GNU time rounds to hundredths: a parallel
run of forecast or curl uses a few hundredths of a second, which GNU time shows as 0.02 for both.

Not its peak memory: the forked child starts as a copy of this Python process, whose ~10 MB
would count in the child's ru_maxrss. For that, run GNU time under this script
(`rusage.py OUT /usr/bin/time -f %M -o RSS COMMAND...`): GNU time forks from a small process.

Usage: rusage.py OUTPUT COMMAND...   (the command's stdin, stdout and stderr are this one's;
exits with the command's status)
"""
import os
import sys
import time

output, command = sys.argv[1], sys.argv[2:]
start = time.monotonic()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(command[0], command)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
wall = time.monotonic() - start
with open(output, "w") as out:
    # wall seconds, user seconds, system seconds
    out.write(f"{wall:.6f} {usage.ru_utime:.6f} {usage.ru_stime:.6f}\n")
sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
