#!/usr/bin/env python3
"""Runs a command and writes what it cost to a file, in the format of GNU time's
`-f '%e %U %S %M'`, but with the CPU times in microseconds' resolution where GNU time
rounds to hundredths: a parallel run of forecast or curl uses a few hundredths of a second,
which GNU time shows as 0.02 for both.

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
    # wall seconds, user seconds, system seconds, peak RSS in KiB (ru_maxrss is KiB on Linux)
    out.write(f"{wall:.6f} {usage.ru_utime:.6f} {usage.ru_stime:.6f} {usage.ru_maxrss}\n")
sys.exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
