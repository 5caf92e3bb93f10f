package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.guard.DiskModel;
import io.hdfslocalcache.model.EventRules;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The room rule's blocks and whether they pay ({@link OutcomeRoom}, {@code roomPay}): each block
 * the rule alone admitted (its count at or below the live rung), kept as the pages fill's entry
 * (one hull of the bytes held, as {@link GhostCache} keeps it), and every later read of it: what
 * its hits saved and what its fills wrote, in the guard's disk model, as the ghosts count their
 * nets. A held block fills each later read's missed pages whatever the policy decides (from its
 * second such read, the whole block), so the rule's admissions go on writing after it stops; this
 * counts those committed fills with the hits they buy.
 *
 * <p>Nothing is evicted while the rule holds (it holds only while the cache has room), so no entry
 * leaves before the warm-up ends; the entries are at most {@code maxEntries} (the heap bound, one
 * per {@link GhostCache#ENTRY_FLOOR_BYTES} of the burst): a block beyond it is not counted.
 *
 * <p>Thread-safe: reader threads call it at a read's end (on a DataNode) or at the read (in the
 * simulator and shadow mode); its own monitor, held for a map step, guards the sums and the
 * entries' contents; {@link #holds}, asked by every read during the warm-up, reads the map without
 * it.
 */
final class RoomLedger {
  private static final DiskModel DISK = DiskModel.DEFAULT;

  private final int maxEntries;
  // {first byte, end, partial reads}; concurrent so that every read's holds() takes no lock
  private final Map<Long, long[]> entries = new ConcurrentHashMap<>();
  private long savedMicros;
  private long fillMicros;
  private long filledBytes;
  private volatile long owedBytes; // what the blocks still commit: their lengths less what is held

  RoomLedger(long burstBytes) {
    this.maxEntries =
        (int)
            Math.min(
                Integer.MAX_VALUE,
                Math.max(
                    1,
                    (burstBytes + GhostCache.ENTRY_FLOOR_BYTES - 1)
                        / GhostCache.ENTRY_FLOOR_BYTES));
  }

  /** The rule admitted {@code key} at this read of {@code [offset, offset + length)}. */
  synchronized void admitted(long key, long offset, long length, long blockLength) {
    if (entries.containsKey(key)) {
      read(key, offset, length, blockLength);
    } else if (entries.size() < maxEntries) {
      entries.put(key, new long[] {offset, offset + length, 0});
      filledBytes += length;
      owedBytes += Math.max(0, blockLength - length);
      fillMicros += DISK.micros(1, length);
    }
  }

  /** Whether {@code key} is one of the rule's blocks (no lock: asked by every read of the hour). */
  boolean holds(long key) {
    return entries.containsKey(key);
  }

  /** A read of {@code key} (if it is one of the rule's blocks): its hit and the fill it commits. */
  synchronized void read(long key, long offset, long length, long blockLength) {
    long[] e = entries.get(key);
    if (e == null) {
      return;
    }
    long end = offset + length;
    long covered = Math.max(0, Math.min(end, e[1]) - Math.max(offset, e[0]));
    long missed = length - covered;
    savedMicros += DISK.micros(1, length) - (missed > 0 ? DISK.micros(1, missed) : 0);
    if (missed > 0) {
      long from = ++e[2] >= EventRules.WHOLE_AFTER_PARTIAL_READS ? 0 : offset;
      long to = from == 0 ? Math.max(end, blockLength) : end;
      long grown = Math.max(e[1], to) - Math.min(e[0], from) - (e[1] - e[0]);
      if (grown > 0) {
        e[0] = Math.min(e[0], from);
        e[1] = Math.max(e[1], to);
        filledBytes += grown;
        owedBytes = Math.max(0, owedBytes - grown);
        fillMicros += DISK.micros(1, grown);
      }
    }
  }

  /**
   * Whether the rule's blocks pay: they saved more than they wrote (disk-head time), and at least
   * {@code livePerByte} net for each byte written (what the live rung's ghost buys with a byte).
   */
  synchronized boolean pays(double livePerByte) {
    long net = savedMicros - fillMicros;
    return filledBytes > 0 && net > 0 && net / (double) filledBytes >= livePerByte;
  }

  /**
   * The bytes the rule's blocks have committed and not written yet: their lengths less what each
   * holds (a held block fills the rest as it is read); read without the monitor.
   */
  long owedBytes() {
    return owedBytes;
  }
}
