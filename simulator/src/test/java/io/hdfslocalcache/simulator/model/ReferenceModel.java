package io.hdfslocalcache.simulator.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The simulator's rules (docs/simulator.md, "Model") written again the obvious way, sharing no code
 * with the production model: strings for keys, LinkedHashMaps in access order for LRU, the
 * admission window as a map of bucket counts, the guard as {@link ReferenceGuard}. Slow and simple,
 * so that {@link ReferenceModelTest} can hold the real {@link Replayer} to it exactly.
 */
final class ReferenceModel {
  record Event(long time, String pool, long id, long gen, String op, long offset, long length) {
    String block() {
      return pool + "/" + id;
    }

    String version() {
      return block() + "_" + gen;
    }
  }

  /** threshold < 0 = admit-all; otherwise bucket-time. */
  record Params(
      int threshold,
      int buckets,
      long bucketMs,
      long capacity,
      boolean pages,
      long pageSize,
      boolean guard,
      long guardWindowMs,
      int guardBuckets,
      double allowance,
      double dwpd) {}

  /** The counters RunResult reports. */
  record Totals(
      long reads,
      long readBytes,
      long hits,
      long partialHits,
      long hitBytes,
      long ssdWritten,
      long hddRead,
      long fillRead,
      long admissions,
      long pageFills,
      long tooLarge,
      long deniedCost,
      long deniedBudget,
      long transitions,
      double pausedSeconds,
      long evictions,
      long invalidations,
      long deletions,
      double secondsWith,
      double secondsWithout) {}

  private final Params p;
  private final Map<String, Long> length = new HashMap<>();
  // Block mode: block -> bytes, in LRU order. Pages mode: "block#page" -> bytes, in LRU order.
  private final LinkedHashMap<String, Long> lru = new LinkedHashMap<>(16, 0.75f, true);
  private final Map<String, Long> meta = new HashMap<>(); // pages mode: block -> meta bytes
  private final Map<String, Set<Long>> pagesOf = new HashMap<>();
  private final Map<String, Long> cachedGen = new HashMap<>();
  private final Map<String, Integer> partialReads = new HashMap<>();
  private final Map<String, Map<Long, Integer>> accesses = new HashMap<>();
  private long newestBucket = Long.MIN_VALUE;
  private long used;
  private long evictions;

  private ReferenceModel(Params p) {
    this.p = p;
  }

  static Totals run(List<Event> events, Params p) {
    return new ReferenceModel(p).replay(events);
  }

  private static long metaLength(long blockLength) {
    return 7 + 4 * ((blockLength + 511) / 512);
  }

  private static double seconds(long ios, long bytes) {
    return ios * 0.0115 + bytes / 143e6;
  }

  private boolean holds(String block) {
    return p.pages ? meta.containsKey(block) : lru.containsKey(block);
  }

  private boolean admit(String block, long time) {
    if (p.threshold < 0) {
      return true;
    }
    long bucket = Math.max(Math.floorDiv(time, p.bucketMs), newestBucket);
    newestBucket = bucket;
    Map<Long, Integer> counts = accesses.computeIfAbsent(block, k -> new HashMap<>());
    counts.merge(bucket, 1, Integer::sum);
    counts.keySet().removeIf(b -> b <= bucket - p.buckets); // out of the window for good
    long total = 0;
    for (Map.Entry<Long, Integer> e : counts.entrySet()) {
      if (e.getKey() > bucket - p.buckets) {
        total += e.getValue();
      }
    }
    return total > p.threshold;
  }

  private void drop(String block) {
    if (p.pages) {
      for (long page : pagesOf.getOrDefault(block, Set.of())) {
        used -= lru.remove(block + "#" + page);
      }
      pagesOf.remove(block);
      Long m = meta.remove(block);
      used -= m == null ? 0 : m;
    } else {
      Long size = lru.remove(block);
      used -= size == null ? 0 : size;
    }
  }

  private Totals replay(List<Event> events) {
    long first = Long.MAX_VALUE;
    for (Event e : events) {
      first = Math.min(first, e.time());
      length.merge(e.version(), e.offset() + e.length(), Math::max);
    }
    ReferenceGuard guard =
        new ReferenceGuard(
            p.guard, p.guardWindowMs, p.guardBuckets, p.allowance, p.dwpd, p.capacity, first);
    long clock = first;
    long reads = 0;
    long readBytes = 0;
    long hits = 0;
    long partialHits = 0;
    long hitBytes = 0;
    long ssdWritten = 0;
    long hddRead = 0;
    long admissions = 0;
    long pageFills = 0;
    long tooLarge = 0;
    long invalidations = 0;
    long deletions = 0;
    double with = 0;
    double without = 0;
    for (Event e : events) {
      String block = e.block();
      if (!e.op().equals("READ")) {
        if (holds(block) && (e.op().equals("DELETE") || cachedGen.get(block) < e.gen())) {
          drop(block);
          if (e.op().equals("DELETE")) {
            deletions++;
          } else {
            invalidations++;
          }
        }
        continue;
      }
      clock = Math.max(clock, e.time());
      reads++;
      readBytes += e.length();
      without += seconds(1, e.length());
      boolean admitted = admit(block, e.time());
      if (holds(block) && cachedGen.get(block) != e.gen()) {
        if (cachedGen.get(block) > e.gen()) {
          guard.miss(clock);
          hddRead += e.length();
          with += seconds(1, e.length());
          continue;
        }
        drop(block);
        invalidations++;
      }
      boolean held = holds(block);
      long blockLength = length.get(e.version());
      long[] plan =
          p.pages
              ? pagePlan(block, e.offset(), e.length(), blockLength, held, true)
              : blockPlan(block, e, held);
      // plan: {cached, hddIos, hddBytes, fillIos, fillBytes}
      hitBytes += plan[0];
      if (!held) {
        guard.miss(clock);
      } else {
        guard.read(clock, e.length(), plan[1], plan[2]);
        if (plan[1] == 0) {
          hits++;
          continue;
        }
        if (plan[0] > 0) {
          partialHits++;
        }
      }
      hddRead += plan[2];
      with += seconds(plan[1], plan[2]);
      long from = e.offset();
      long len = e.length();
      if (held && partialReads.merge(block, 1, Integer::sum) >= 2) {
        from = 0; // the second read that missed pages: the whole block's missing pages
        len = blockLength;
        long[] whole = pagePlan(block, from, len, blockLength, true, false);
        plan[3] = whole[3];
        plan[4] = whole[4];
      }
      if ((held || admitted) && plan[4] > 0) {
        boolean room =
            plan[4] <= p.capacity / 2
                && plan[4] + (held ? meta.getOrDefault(block, 0L) : 0) <= p.capacity;
        if (guard.fill(clock, plan[3], plan[4], plan[4])) {
          if (!room) {
            tooLarge++; // after the guard allowed it, as the DataNode asks
            continue;
          }
          long written =
              p.pages ? fillPages(block, from, len, blockLength, plan[4]) : fillBlock(block, plan);
          if (held) {
            pageFills++;
          } else {
            admissions++;
            cachedGen.put(block, e.gen());
            partialReads.put(block, 0);
          }
          ssdWritten += written;
          hddRead += written;
          with += seconds(plan[3], written);
        }
      }
    }
    double paused = guard.pausedSeconds(clock);
    return new Totals(
        reads,
        readBytes,
        hits,
        partialHits,
        hitBytes,
        ssdWritten,
        hddRead,
        ssdWritten,
        admissions,
        pageFills,
        tooLarge,
        guard.deniedCost,
        guard.deniedBudget,
        guard.transitions,
        paused,
        evictions,
        invalidations,
        deletions,
        with,
        without);
  }

  private long[] blockPlan(String block, Event e, boolean held) {
    if (held) {
      lru.get(block); // touch
      return new long[] {e.length(), 0, 0, 0, 0};
    }
    long blockLength = length.get(e.version());
    return new long[] {0, 1, e.length(), 2, blockLength + metaLength(blockLength)};
  }

  private long fillBlock(String block, long[] plan) {
    while (used + plan[4] > p.capacity) {
      Iterator<Map.Entry<String, Long>> eldest = lru.entrySet().iterator();
      used -= eldest.next().getValue();
      eldest.remove();
      evictions++;
    }
    lru.put(block, plan[4]);
    used += plan[4];
    return plan[4];
  }

  /** The pages a range touches, in order: none past the block's end. */
  private TreeSet<Long> touched(long offset, long length, long blockLength) {
    TreeSet<Long> pages = new TreeSet<>();
    long end = length == 0 ? offset + 1 : offset + length;
    for (long page = offset / p.pageSize; page * p.pageSize < end; page++) {
      if (page * p.pageSize < blockLength) {
        pages.add(page);
      }
    }
    return pages;
  }

  private long pageBytes(long page, long blockLength) {
    return Math.min(p.pageSize, blockLength - page * p.pageSize);
  }

  /** {cached, hddIos, hddBytes, fillIos, fillBytes} of a range; {@code touch}: LRU touch. */
  private long[] pagePlan(
      String block, long offset, long length, long blockLength, boolean held, boolean touch) {
    long runs = 0;
    long readMissing = 0;
    long fillMissing = 0;
    Long previous = null;
    for (long page : touched(offset, length, blockLength)) {
      if (held && pagesOf.get(block).contains(page)) {
        if (touch) {
          lru.get(block + "#" + page);
        }
        continue;
      }
      if (previous == null || previous != page - 1) { // a cached page or a gap ended the run
        runs++;
      }
      previous = page;
      long start = page * p.pageSize;
      long stop = start + pageBytes(page, blockLength);
      readMissing += Math.max(0, Math.min(stop, offset + length) - Math.max(start, offset));
      fillMissing += stop - start;
    }
    if (!held) {
      return runs == 0
          ? new long[] {0, 1, length, 0, 0}
          : new long[] {0, 1, length, runs + 1, fillMissing + metaLength(blockLength)};
    }
    return new long[] {length - readMissing, runs, readMissing, runs, fillMissing};
  }

  private long fillPages(String block, long offset, long length, long blockLength, long needed) {
    List<Long> missing = new ArrayList<>();
    for (long page : touched(offset, length, blockLength)) {
      if (!pagesOf.getOrDefault(block, Set.of()).contains(page)) {
        missing.add(page);
      }
    }
    while (used + needed > p.capacity) {
      Iterator<Map.Entry<String, Long>> eldest = lru.entrySet().iterator();
      Map.Entry<String, Long> victim = eldest.next();
      eldest.remove();
      used -= victim.getValue();
      evictions++;
      String owner = victim.getKey().substring(0, victim.getKey().indexOf('#'));
      long page = Long.parseLong(victim.getKey().substring(victim.getKey().indexOf('#') + 1));
      pagesOf.get(owner).remove(page);
      if (pagesOf.get(owner).isEmpty() && !owner.equals(block)) {
        pagesOf.remove(owner);
        used -= meta.remove(owner);
      }
    }
    long written = 0;
    if (!meta.containsKey(block)) {
      meta.put(block, metaLength(blockLength));
      pagesOf.put(block, new HashSet<>());
      used += meta.get(block);
      written += meta.get(block);
    }
    for (long page : missing) {
      long bytes = pageBytes(page, blockLength);
      lru.put(block + "#" + page, bytes);
      pagesOf.get(block).add(page);
      used += bytes;
      written += bytes;
    }
    return written;
  }
}
