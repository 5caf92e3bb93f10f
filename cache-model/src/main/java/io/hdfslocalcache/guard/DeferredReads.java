package io.hdfslocalcache.guard;

import io.hdfslocalcache.model.util.ReadBuffer;
import java.util.function.Consumer;

/**
 * The reads a {@link FillGuard} records without its monitor. A DataNode records a read per cached
 * read, from hundreds of reader threads on a few cores: behind the guard's monitor, a holder the
 * scheduler preempted stalled them all. So a read is stamped with the clock and put in a {@link
 * ReadBuffer}, and every synchronized method of the guard first replays the buffered reads, in the
 * order they were recorded, each at its own time, exactly as {@link FillGuard#recordRead} would
 * have run then (the window moves to that time, a pause may resume). A read that finds the buffer
 * full takes the guard's monitor and replays the buffer and itself.
 *
 * <p>So every decision sees every read recorded before it, in the same buckets and with the same
 * resume times, and a sequence of events gives the decisions, states and transitions the serial
 * guard gives (FillGuardTest compares them); only the report of a transition a read brings waits
 * for the guard's next call (the DataNode's gauges take a snapshot each metrics round). The model
 * calls {@link FillGuard#recordRead}, which applies the read at once.
 *
 * <p>Lock: the guard's monitor, for {@link #drain} (the guard holds it) and for a full buffer's
 * read; {@link #record} otherwise takes none.
 */
final class DeferredReads {
  /** Applies one read at its time; called under the guard's monitor. */
  interface Sink {
    void apply(long millis, long readBytes, long hddIos, long hddBytes);
  }

  /** A read waiting in the buffer, stamped with the time it was recorded. */
  private static final class Read {
    final long millis;
    final long bytes;
    final long hddIos;
    final long hddBytes;

    Read(long millis, long bytes, long hddIos, long hddBytes) {
      this.millis = millis;
      this.bytes = bytes;
      this.hddIos = hddIos;
      this.hddBytes = hddBytes;
    }
  }

  private final Object guardLock;
  private final Sink sink;
  private final ReadBuffer<Read> reads = new ReadBuffer<>();
  private final Consumer<Read> replay;

  DeferredReads(Object guardLock, Sink sink) {
    this.guardLock = guardLock;
    this.sink = sink;
    this.replay = r -> sink.apply(r.millis, r.bytes, r.hddIos, r.hddBytes);
  }

  static void check(long readBytes, long hddIos, long hddBytes) {
    if (readBytes < 0 || hddIos < 0 || hddBytes < 0) {
      throw new IllegalArgumentException(
          "negative read: " + readBytes + " bytes, " + hddIos + " HDD IOs, " + hddBytes);
    }
  }

  /**
   * Buffers a read recorded at {@code millis}; applies it under the monitor if the buffer is full.
   */
  void record(long millis, long readBytes, long hddIos, long hddBytes) {
    check(readBytes, hddIos, hddBytes);
    if (reads.offer(new Read(millis, readBytes, hddIos, hddBytes)) == ReadBuffer.Offer.FULL) {
      synchronized (guardLock) {
        drain();
        sink.apply(millis, readBytes, hddIos, hddBytes);
      }
    }
  }

  /** Replays the buffered reads, oldest first; under the guard's monitor. */
  void drain() {
    reads.drainTo(replay);
  }
}
