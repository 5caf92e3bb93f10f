package io.hdfslocalcache.simulator.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Events in file order, column-wise in fixed-size chunks of primitive arrays: 25 bytes per event,
 * and growing never copies what is already stored (a doubling array would need twice the heap at
 * the moment it grows).
 */
public final class EventLog {
  static final int CHUNK_BITS = 16;
  public static final int CHUNK = 1 << CHUNK_BITS;

  private final List<Chunk> chunks = new ArrayList<>();
  private long size;

  /** One chunk's columns; the last chunk may be partly filled. */
  public static final class Chunk {
    public final long[] timeMs = new long[CHUNK];
    public final long[] offset = new long[CHUNK];
    public final int[] version = new int[CHUNK];
    public final int[] length = new int[CHUNK];
    public final byte[] op = new byte[CHUNK];
    int count;

    public int count() {
      return count;
    }
  }

  void add(long timeMs, int version, Op op, long offset, int length) {
    Chunk c;
    if ((size & (CHUNK - 1)) == 0) {
      c = new Chunk();
      chunks.add(c);
    } else {
      c = chunks.get(chunks.size() - 1);
    }
    int i = c.count++;
    c.timeMs[i] = timeMs;
    c.version[i] = version;
    c.op[i] = op.code();
    c.offset[i] = offset;
    c.length[i] = length;
    size++;
  }

  public long size() {
    return size;
  }

  public List<Chunk> chunks() {
    return chunks;
  }
}
