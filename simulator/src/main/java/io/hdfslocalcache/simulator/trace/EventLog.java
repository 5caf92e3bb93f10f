package io.hdfslocalcache.simulator.trace;

import java.io.Closeable;

/**
 * Events in file order, column-wise in fixed-size chunks of primitive arrays: 25 bytes per event.
 * Where the full chunks go is the kind's ({@link EventsOn}): kept on the heap ({@link HeapEvents})
 * or written to a file ({@link FileEvents}) so that the heap holds one chunk per reader, whatever
 * the number of events. Filled by one thread, then {@link #seal sealed}; after that any number of
 * threads read it, each through its own {@link #chunks} iterator.
 */
public abstract sealed class EventLog implements Closeable permits HeapEvents, FileEvents {
  static final int CHUNK_BITS = 16;

  /** Events per chunk unless a test asks for fewer. */
  public static final int CHUNK = 1 << CHUNK_BITS;

  private final int chunkEvents;
  private Chunk tail;
  private long size;

  EventLog(int chunkEvents) {
    if (chunkEvents < 1) {
      throw new IllegalArgumentException("events per chunk must be >= 1, got " + chunkEvents);
    }
    this.chunkEvents = chunkEvents;
  }

  /** One chunk's columns; the last chunk may be partly filled. */
  public static final class Chunk {
    public final long[] timeMs;
    public final long[] offset;
    public final int[] version;
    public final int[] length;
    public final byte[] op;
    int count;

    Chunk(int capacity) {
      timeMs = new long[capacity];
      offset = new long[capacity];
      version = new int[capacity];
      length = new int[capacity];
      op = new byte[capacity];
    }

    public int count() {
      return count;
    }

    boolean full() {
      return count == op.length;
    }
  }

  void add(long timeMs, int version, Op op, long offset, int length) {
    if (tail == null) {
      tail = fresh();
    }
    int i = tail.count++;
    tail.timeMs[i] = timeMs;
    tail.version[i] = version;
    tail.op[i] = op.code();
    tail.offset[i] = offset;
    tail.length[i] = length;
    size++;
    if (tail.full()) {
      tail = stored(tail);
    }
  }

  /** No more events: the partly filled chunk, if any, is stored too. */
  void seal() {
    if (tail != null && tail.count > 0) {
      stored(tail);
    }
    tail = null;
    sealed();
  }

  int chunkEvents() {
    return chunkEvents;
  }

  Chunk fresh() {
    return new Chunk(chunkEvents);
  }

  /**
   * Stores {@code chunk} and returns the chunk to fill next (a new one, or {@code chunk} emptied
   * when its events are now elsewhere).
   */
  abstract Chunk stored(Chunk chunk);

  /** Called once, after the last chunk is stored. */
  abstract void sealed();

  public long size() {
    return size;
  }

  /**
   * The chunks in order. An iterator may hand back one chunk object refilled on each {@code next}
   * (a file's chunks are read into it): a chunk is valid until its iterator's next {@code next}.
   */
  public abstract Iterable<Chunk> chunks();

  /** Frees what the events hold outside the heap (a file's events: the file); idempotent. */
  @Override
  public void close() {}
}
