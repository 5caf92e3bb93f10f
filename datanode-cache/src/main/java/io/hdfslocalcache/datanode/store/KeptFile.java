package io.hdfslocalcache.datanode.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A page file kept open for the reads of its page ({@link OpenPageFiles}), closed only once no read
 * is inside it.
 *
 * <p>Why: closing a {@link FileChannel} waits until every thread inside its native read has left it
 * ({@code FileChannelImpl.implCloseChannel} signals them, then {@code NativeThreadSet
 * .signalAndWait} waits; JDK 8, 17 and 25 alike), and a read on a hung disk does not leave: the
 * signal does not end a read the kernel waits on uninterruptibly. Closing a kept file under a stuck
 * read would hang the reader whose add evicts it, or whose delete forgets it. So a read {@link
 * #enter}s and {@link #leave}s, and {@link #retire} only marks the file: whoever is last out closes
 * it, the retiring thread if no read is inside, else the last read as it leaves (a stuck one when
 * the disk answers it). A retired file takes no new read; its page's next reader opens the file
 * afresh.
 *
 * <p>State: one int, the reads inside plus {@link #RETIRED}; the file is closed once, by the one
 * change that leaves it retired with no read inside. Two atomic operations per read, no lock.
 */
final class KeptFile {
  private static final int RETIRED = 1 << 30;

  private final FileChannel ch;
  private final AtomicInteger state = new AtomicInteger();

  /** The count of adds when it was last read ({@link OpenPageFiles}' least-recently-read order). */
  volatile long lastRead;

  KeptFile(FileChannel ch, long lastRead) {
    this.ch = ch;
    this.lastRead = lastRead;
  }

  /** The file; read it only between {@link #enter} and {@link #leave}. */
  FileChannel channel() {
    return ch;
  }

  /** A read starts: false if the file is retired (the reader opens the file afresh). */
  boolean enter() {
    for (; ; ) {
      int s = state.get();
      if ((s & RETIRED) != 0) {
        return false;
      }
      if (state.compareAndSet(s, s + 1)) {
        return true;
      }
    }
  }

  /** The read that {@link #enter}ed ended; closes the file if it was retired meanwhile. */
  void leave() {
    if (state.decrementAndGet() == RETIRED) {
      closeQuietly(ch);
    }
  }

  /**
   * No read may start any more; closes the file now if none is inside, else when the last leaves.
   */
  void retire() {
    int before;
    do {
      before = state.get();
    } while ((before & RETIRED) == 0 && !state.compareAndSet(before, before | RETIRED));
    if (before == 0) {
      closeQuietly(ch);
    }
  }

  /** Open and not retired: worth keeping rather than a file another reader just opened. */
  boolean usable() {
    return (state.get() & RETIRED) == 0 && ch.isOpen();
  }

  /** Closes a file no other thread reads: nothing to wait for. */
  static void closeQuietly(FileChannel ch) {
    try {
      ch.close();
    } catch (IOException e) {
      // a read-only descriptor: nothing was left to write
    }
  }
}
