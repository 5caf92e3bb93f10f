package io.hdfslocalcache.model.policy;

import io.hdfslocalcache.guard.DiskModel;
import io.hdfslocalcache.model.EventRules;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One rung of {@link OutcomeAdmission}'s ladder: a model of the cache's contents had it admitted at
 * a fixed threshold, on the sampled blocks only (capacity and write budget scaled by the sample
 * rate, as in SHARDS' miniature simulation). An LRU of entries, each the byte range its reads
 * filled (the pages fill's entry, kept as one hull); a token bucket as the guard's write budget
 * (fills it cannot pay for are refused, first come first served, as the guard refuses them). It
 * adds what its hits saved and what its fills cost, in the guard's disk model, for the ladder to
 * take at each step. Not thread-safe: the ladder calls it under its monitor.
 *
 * <p>Heap bound: an entry is a block, whatever its range, so a ghost of small reads (64 KiB preads
 * on distinct blocks) would hold capacity / 64 KiB entries, about 11 GB of heap a TiB over six
 * rungs. So a ghost holds at most one entry per {@link #ENTRY_FLOOR_BYTES} of its capacity (LRU
 * beyond it, as beyond the capacity): at most 114 bytes an entry, about 45 MB a TiB of cache over
 * six rungs. Whole-block caches (128 MiB blocks) never reach it.
 */
final class GhostCache {
  private static final DiskModel DISK = DiskModel.DEFAULT;

  /** A ghost holds at most one entry per this many bytes of its capacity (the heap bound). */
  static final long ENTRY_FLOOR_BYTES = 16L << 20;

  private final int threshold;
  private final long capacityBytes;
  private final long maxEntries;
  private final double budgetBytesPerMs; // 0: no budget
  private final double burstBytes;
  private final LinkedHashMap<Long, long[]> entries = new LinkedHashMap<>(64, 0.75f, true);
  private long usedBytes;
  private double tokens;
  private long lastMs = Long.MIN_VALUE;
  private long savedMicros; // since the last take
  private long fillMicros;
  private long askedBytes; // fills' bytes, paid for or refused
  private long paidBytes; // fills' bytes paid for: written
  private long refusedMicros; // what the refused fills would have cost

  GhostCache(int threshold, long capacityBytes, double budgetBytesPerMs, double burstBytes) {
    this.threshold = threshold;
    this.capacityBytes = capacityBytes;
    this.maxEntries = Math.max(1, (capacityBytes + ENTRY_FLOOR_BYTES - 1) / ENTRY_FLOOR_BYTES);
    this.budgetBytesPerMs = budgetBytesPerMs;
    this.burstBytes = burstBytes;
    this.tokens = burstBytes;
  }

  int threshold() {
    return threshold;
  }

  int entries() {
    return entries.size();
  }

  /**
   * A read with window count {@code count} of {@code [offset, offset + length)} at {@code nowMs}.
   */
  void read(long key, int count, long offset, long length, long blockLength, long nowMs) {
    refill(nowMs);
    long end = offset + length;
    long[] e = entries.get(key); // {first byte, end, partial reads}
    if (e != null) {
      long covered = Math.max(0, Math.min(end, e[1]) - Math.max(offset, e[0]));
      long missed = length - covered;
      savedMicros += DISK.micros(1, length) - (missed > 0 ? DISK.micros(1, missed) : 0);
      if (missed > 0) { // a held entry fills what the read missed; from its second such read, all
        long from = ++e[2] >= EventRules.WHOLE_AFTER_PARTIAL_READS ? 0 : offset;
        long to = from == 0 ? Math.max(end, blockLength) : end;
        long before = e[1] - e[0];
        long grown = Math.max(e[1], to) - Math.min(e[0], from) - before;
        if (grown > 0 && pay(grown)) {
          e[0] = Math.min(e[0], from);
          e[1] = Math.max(e[1], to);
          usedBytes += grown;
          fillMicros += DISK.micros(1, grown);
          evict(key);
        }
      }
    } else if (count > threshold && length <= capacityBytes && pay(length)) {
      entries.put(key, new long[] {offset, end, 0});
      usedBytes += length;
      fillMicros += DISK.micros(1, length);
      evict(key);
    }
  }

  /**
   * Since the last take, at {@code nowMs}: {net disk-head time saved (hits' savings less fills'
   * cost), SSD bytes its fills asked for (refused or not), SSD bytes its fills were paid for, what
   * its refused fills would have cost in disk-head time}.
   */
  void take(long nowMs, double[] out) {
    refill(nowMs);
    out[0] = savedMicros - fillMicros;
    out[1] = askedBytes;
    out[2] = paidBytes;
    out[3] = refusedMicros;
    savedMicros = 0;
    fillMicros = 0;
    askedBytes = 0;
    paidBytes = 0;
    refusedMicros = 0;
  }

  private boolean pay(long bytes) {
    askedBytes += bytes;
    if (budgetBytesPerMs > 0) {
      if (tokens < bytes) {
        refusedMicros += DISK.micros(1, bytes);
        return false;
      }
      tokens -= bytes;
    }
    paidBytes += bytes;
    return true;
  }

  private void refill(long nowMs) {
    if (lastMs != Long.MIN_VALUE && nowMs > lastMs) {
      tokens = Math.min(burstBytes, tokens + (nowMs - lastMs) * budgetBytesPerMs);
    }
    lastMs = Math.max(lastMs, nowMs);
  }

  private void evict(long keep) {
    Iterator<Map.Entry<Long, long[]>> it = entries.entrySet().iterator();
    while ((usedBytes > capacityBytes || entries.size() > maxEntries) && it.hasNext()) {
      Map.Entry<Long, long[]> victim = it.next();
      if (victim.getKey() == keep) {
        continue;
      }
      usedBytes -= victim.getValue()[1] - victim.getValue()[0];
      it.remove();
    }
  }
}
