#!/usr/bin/python3
# Starts one warm soffice under a Landlock file-system sandbox (Linux >= 5.13),
# so that no document can make LibreOffice read a file outside the instance's
# own directory: RTF INCLUDEPICTURE, linked images of ODF/OOXML documents,
# linked sections and OLE links all go through LibreOffice's own file access,
# and several of those paths (the RTF tokenizer, svx graphics of Impress and
# Calc) ignore BlockUntrustedRefererLinks (docs/operations/convert.md). The
# rules are inherited across exec and fork by every LibreOffice process.
#
#   libreoffice-sandbox.py HOME -- PROGRAM ARGS...
#
# Allowed: read/execute of /usr, of the few files in /etc, /proc and /sys that
# LibreOffice opens (fonts, its registry, passwd, CPU and memory facts), of
# /dev and fontconfig's cache; everything inside HOME (profile, temp files, the
# one document being converted); and in /tmp only making and removing the
# named pipe UNO listens on. No TCP bind or connect (ABI >= 4).
# Exit 3 when the kernel has no Landlock: the caller then decides (it refuses
# to start unsandboxed unless told otherwise).
import ctypes
import os
import sys

SYS_LANDLOCK_CREATE_RULESET = 444
SYS_LANDLOCK_ADD_RULE = 445
SYS_LANDLOCK_RESTRICT_SELF = 446
LANDLOCK_CREATE_RULESET_VERSION = 1
LANDLOCK_RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38
EXIT_UNSUPPORTED = 3

EXECUTE = 1 << 0
WRITE_FILE = 1 << 1
READ_FILE = 1 << 2
READ_DIR = 1 << 3
REMOVE_DIR = 1 << 4
REMOVE_FILE = 1 << 5
MAKE_CHAR = 1 << 6
MAKE_DIR = 1 << 7
MAKE_REG = 1 << 8
MAKE_SOCK = 1 << 9
MAKE_FIFO = 1 << 10
MAKE_BLOCK = 1 << 11
MAKE_SYM = 1 << 12
REFER = 1 << 13  # ABI 2
TRUNCATE = 1 << 14  # ABI 3

READ = EXECUTE | READ_FILE | READ_DIR
ALL_V1 = (1 << 13) - 1


class RulesetAttr(ctypes.Structure):
    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64)]


class PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        print("usage: libreoffice-sandbox.py HOME -- PROGRAM ARGS...", file=sys.stderr)
        return 2
    home, program, args = argv[1], argv[3], argv[3:]
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    abi = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION))
    if abi < 1:
        print("landlock unavailable: %s" % os.strerror(ctypes.get_errno()), file=sys.stderr)
        return EXIT_UNSUPPORTED
    handled = ALL_V1 | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    # ABI 4 adds TCP bind/connect: handled and never allowed, so no link reaches the network either.
    attr = RulesetAttr(handled, 0b11 if abi >= 4 else 0)
    size = ctypes.sizeof(RulesetAttr) if abi >= 4 else 8
    ruleset = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if ruleset < 0:
        print("landlock_create_ruleset: %s" % os.strerror(ctypes.get_errno()), file=sys.stderr)
        return EXIT_UNSUPPORTED

    everything = handled
    rules = [
        ("/usr", READ),
        # From /etc only what LibreOffice was seen to open (strace of starts and conversions):
        # not the rest (service configuration, keys, /etc/shadow when running as root).
        ("/etc/fonts", READ),
        ("/etc/libreoffice", READ),
        ("/etc/gcrypt", READ),
        ("/etc/ssl/certs", READ),
        ("/etc/passwd", READ_FILE),
        ("/etc/group", READ_FILE),
        ("/etc/nsswitch.conf", READ_FILE),
        ("/etc/ld.so.cache", READ_FILE),
        ("/etc/localtime", READ_FILE),
        ("/etc/timezone", READ_FILE),
        # From /proc only system-wide facts: never another process's environ, cwd, root or fds.
        ("/proc/filesystems", READ_FILE),
        ("/proc/meminfo", READ_FILE),
        ("/proc/cpuinfo", READ_FILE),
        ("/proc/stat", READ_FILE),
        ("/proc/sys/crypto", READ),
        ("/sys/devices/system/cpu", READ),
        ("/var/cache/fontconfig", READ),
        # Debian links the shared extension cache here (read only: a failed write test is expected).
        ("/var/spool/libreoffice", READ),
        ("/var/lib/libreoffice", READ),
        # Devices: /dev/null, /dev/urandom; /dev/shm for shared memory.
        ("/dev", READ | WRITE_FILE | TRUNCATE),
        ("/dev/shm", everything & ~(MAKE_CHAR | MAKE_BLOCK)),
        # osl creates the UNO pipe's socket in /tmp (hard-coded) and removes it on exit.
        ("/tmp", MAKE_SOCK | REMOVE_FILE),
        (home, everything),
    ]
    for path, access in rules:
        try:
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except OSError:
            continue  # e.g. no /var/cache/fontconfig on this system
        rule = PathBeneathAttr(access & handled, fd)
        result = libc.syscall(SYS_LANDLOCK_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH), ctypes.byref(rule), ctypes.c_uint32(0))
        os.close(fd)
        if result != 0:
            print("landlock_add_rule %s: %s" % (path, os.strerror(ctypes.get_errno())), file=sys.stderr)
            return 1
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        print("no_new_privs: %s" % os.strerror(ctypes.get_errno()), file=sys.stderr)
        return 1
    if libc.syscall(SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) != 0:
        print("landlock_restrict_self: %s" % os.strerror(ctypes.get_errno()), file=sys.stderr)
        return 1
    os.close(ruleset)
    os.execvp(program, args)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
