"""A FUSE file system of one file, /page, whose reads block in the kernel until this process is
told to answer them: a reader is then stuck as on a hung disk. After a signal (the JDK signals a
thread to close a channel under it) the kernel sends FUSE_INTERRUPT, which this ignores, and waits
for the answer killably: only a fatal signal ends the wait, as for a read in uninterruptible sleep.

Speaks the kernel's FUSE protocol on /dev/fuse directly (no libfuse). Usage:
  python3 hung_file_fs.py MOUNTPOINT SIZE
Prints "mounted" once mounted and "read" for each read it holds. Reads stdin: "answer" answers
the held reads with zeros; end of input unmounts and exits, which fails any read still held.
"""
import ctypes
import os
import select
import struct
import sys

MS_NOSUID, MS_NODEV, MNT_DETACH = 2, 4, 2
LOOKUP, FORGET, GETATTR, OPEN, READ, RELEASE = 1, 2, 3, 14, 15, 18
FLUSH, INIT, OPENDIR, RELEASEDIR, INTERRUPT, BATCH_FORGET = 25, 26, 27, 29, 36, 42
ENOENT, ENOSYS = 2, 38
FOPEN_DIRECT_IO = 1  # every read reaches this process, none is served from the page cache

mnt, size = sys.argv[1], int(sys.argv[2])
fd = os.open("/dev/fuse", os.O_RDWR)
libc = ctypes.CDLL(None, use_errno=True)
opts = "fd=%d,rootmode=40000,user_id=0,group_id=0" % fd
if libc.mount(b"hungfile", mnt.encode(), b"fuse.hungfile", MS_NOSUID | MS_NODEV,
              opts.encode()) != 0:
    sys.exit("mount " + mnt + ": " + os.strerror(ctypes.get_errno()))
print("mounted", flush=True)


def attr(node):
    mode, nlink, length = (0o40755, 2, 0) if node == 1 else (0o100444, 1, size)
    return struct.pack("<QQQQQQIIIIIIIIII", node, length, (length + 511) // 512, 0, 0, 0,
                       0, 0, 0, mode, nlink, 0, 0, 0, 4096, 0)


def reply(unique, body=b"", error=0):
    os.write(fd, struct.pack("<IiQ", 16 + len(body), error, unique) + body)


held = []
while True:
    ready, _, _ = select.select([fd, sys.stdin], [], [])
    if sys.stdin in ready:
        if not sys.stdin.readline():
            break
        for unique, n in held:
            reply(unique, bytes(n))
        held = []
        print("answered", flush=True)
        continue
    try:
        msg = os.read(fd, (1 << 20) + 4096)
    except OSError:
        break
    _, op, unique, node = struct.unpack_from("<IIQQ", msg)
    arg = msg[40:]
    if op == INIT:
        # fuse_init_out, protocol 7.31: major, minor, max_readahead, flags, max_background,
        # congestion_threshold, max_write, time_gran, max_pages, map_alignment, flags2, unused
        reply(unique, struct.pack("<IIIIHHIIHHI", 7, 31, 0, 0, 16, 12, 1 << 20, 1, 256, 0, 0)
              + bytes(28))
    elif op == LOOKUP:
        if node == 1 and arg.rstrip(b"\0") == b"page":
            reply(unique, struct.pack("<QQQQII", 2, 0, 0, 0, 0, 0) + attr(2))
        else:
            reply(unique, error=-ENOENT)
    elif op == GETATTR:
        reply(unique, struct.pack("<QII", 0, 0, 0) + attr(node))
    elif op in (OPEN, OPENDIR):
        reply(unique, struct.pack("<QII", 0, FOPEN_DIRECT_IO, 0))
    elif op == READ:
        held.append((unique, struct.unpack_from("<QQI", arg)[2]))
        print("read", flush=True)
    elif op in (RELEASE, FLUSH, RELEASEDIR):
        reply(unique)
    elif op in (FORGET, INTERRUPT, BATCH_FORGET):
        pass  # no answer expected; an interrupt is ignored, so the read stays held
    else:
        reply(unique, error=-ENOSYS)
libc.umount2(mnt.encode(), MNT_DETACH)
