package io.hdfslocalcache.datanode.read;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The HDD copy of a cached file as a source of windows, for the uncached pages (gaps) or for the
 * whole rest of a stream after a cache failure: one HDD stream, opened at the first read and kept
 * open, skipped forward to a later position (a run of gaps between cached pages costs one open) and
 * reopened for an earlier one. HDD bytes are as verified as the HDD path makes them: the client
 * checks them against the checksums sent with them.
 */
final class HddWindows {
  /** Opens the HDD file positioned at an offset. */
  interface Open {
    InputStream at(long offset) throws IOException;
  }

  private final Open open;
  private final long length;
  private final String what;
  private InputStream in;

  /** Where {@link #in} is; meaningless while it is null. */
  private long at;

  /** {@code what}: the file's name in an early-end message; {@code length}: what it must hold. */
  HddWindows(Open open, long length, String what) {
    this.open = open;
    this.length = length;
    this.what = what;
  }

  /** True if a read at {@code pos} continues the last one, on the stream already open. */
  boolean continuesAt(long pos) {
    return in != null && at == pos;
  }

  boolean isOpen() {
    return in != null;
  }

  /**
   * Reads bytes at {@code pos} (at least one, at most {@code len}). Throws if the file ends before
   * {@code length} (the replica truncated in place by a recovery, or shorter than the replica map
   * says): a -1 here would end the stream early, and {@link CachedBlockChannel}, whose size is the
   * length, would answer transferTo with 0 bytes forever. Stock BlockSender gets an EOFException.
   */
  int read(long pos, byte[] b, int off, int len) throws IOException {
    if (in != null && at != pos) {
      if (at < pos) {
        org.apache.hadoop.io.IOUtils.skipFully(in, pos - at);
        at = pos;
      } else {
        close();
      }
    }
    if (in == null) {
      in = open.at(pos);
      at = pos;
    }
    int n = in.read(b, off, len);
    if (n < 0) {
      throw new EOFException(
          "EOF reached at "
              + pos
              + " of "
              + length
              + " bytes: the HDD copy of "
              + what
              + " is shorter than its replica");
    }
    at += n;
    return n;
  }

  void close() throws IOException {
    if (in != null) {
      InputStream i = in;
      in = null;
      i.close();
    }
  }
}
