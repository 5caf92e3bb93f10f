package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.ratelimit.BlockKey;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.simulator.policy.AdmissionPolicy;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.Trace;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * Replays a {@link Trace} through one policy, one cache model and one fill guard, in file order.
 * The rules (see docs/simulator.md): every read records an access with the policy; a read or write
 * of a newer generation stamp invalidates the cached version; a read of an older one is served from
 * HDD and leaves the newer copy. A read of the held version is served by the cache model (wholly,
 * partly or not at all from SSD); a read of an unheld version is a miss; the guard hears of every
 * read. A miss the policy admits creates an entry; a read of a held version fills what it missed
 * without admission (pages mode), all the block's missing pages from its second such read. Every
 * fill asks the guard, then must fit half the cache (the DataNode's order). Writes and deletes
 * never fill, never touch the policy, and cost no disk time.
 */
public final class Replayer {
  private static final long NONE = Long.MIN_VALUE;

  /**
   * The DataNode's Admission.WHOLE_AFTER_PARTIAL_READS: from the second read of a held block that
   * needed pages it lacked, the fill takes all the block's missing pages, as runs.
   */
  static final int WHOLE_AFTER_PARTIAL_READS = 2;

  private final Trace trace;
  private final RunConfig config;
  private final LongAdder progress;

  public Replayer(Trace trace, RunConfig config, LongAdder progress) {
    this.trace = trace;
    this.config = config;
    this.progress = progress;
  }

  /** The trace's time as the guard's clock: the newest event time replayed so far. */
  private static final class TraceClock implements LongSupplier {
    long now;

    @Override
    public long getAsLong() {
      return now;
    }
  }

  public RunOutcome run() {
    long start = System.nanoTime();
    int blocks = trace.blockCount();
    long[] keys = new long[blocks];
    for (int b = 0; b < blocks; b++) {
      keys[b] = BlockKey.of(trace.pool(b), trace.blockId()[b]);
    }
    CacheModel cache =
        config.fill() == FillMode.BLOCK
            ? new BlockLruCache(config.cacheSizeBytes(), blocks)
            : new PageLruCache(config.cacheSizeBytes(), config.pageSizeBytes(), blocks);
    AdmissionPolicy policy = config.policy().create();
    TraceClock clock = new TraceClock();
    clock.now = trace.firstTimeMs();
    GuardLog log = new GuardLog();
    FillGuard guard = new FillGuard(config.guard().config(config.cacheSizeBytes()), clock, log);
    long[] cachedGenStamp = new long[blocks];
    Arrays.fill(cachedGenStamp, NONE);
    int[] partialReads = new int[blocks]; // reads of the held version that missed pages
    int[] versionBlock = trace.versionBlock();
    long[] versionGenStamp = trace.versionGenStamp();
    long[] versionLength = trace.versionLength();
    DiskLoad withCache = new DiskLoad(trace.firstTimeMs(), trace.lastTimeMs());
    DiskLoad withoutCache = new DiskLoad(trace.firstTimeMs(), trace.lastTimeMs());
    RunTotals c = new RunTotals();
    ReadPlan plan = new ReadPlan();

    for (EventLog.Chunk chunk : trace.events().chunks()) {
      int n = chunk.count();
      for (int i = 0; i < n; i++) {
        int version = chunk.version[i];
        int block = versionBlock[version];
        long genStamp = versionGenStamp[version];
        Op op = Op.of(chunk.op[i]);
        if (op != Op.READ) {
          if (cache.holds(block) && (op == Op.DELETE || cachedGenStamp[block] < genStamp)) {
            cache.drop(block);
            if (op == Op.DELETE) {
              c.deletions++;
            } else {
              c.invalidations++;
            }
          }
          continue;
        }
        long time = chunk.timeMs[i];
        clock.now = Math.max(clock.now, time);
        long offset = chunk.offset[i];
        long length = chunk.length[i];
        c.reads++;
        c.readBytes += length;
        withoutCache.io(time, length);
        Decision decision = policy.onRead(keys[block], time);
        if (cache.holds(block) && cachedGenStamp[block] != genStamp) {
          if (cachedGenStamp[block] > genStamp) {
            // An old reader: served from HDD; the newer copy stays.
            guard.recordMiss(length);
            c.hddBytesRead += length;
            withCache.io(time, length);
            continue;
          }
          cache.drop(block);
          c.invalidations++;
        }
        boolean held = cache.holds(block);
        long blockLength = versionLength[version];
        cache.lookup(block, offset, length, blockLength, plan);
        c.hitBytes += plan.cachedBytes;
        if (!held) {
          guard.recordMiss(length);
        } else {
          guard.recordRead(length, plan.hddIos, plan.hddBytes);
          if (plan.hit()) {
            c.hits++;
            continue;
          }
          if (plan.cachedBytes > 0) {
            c.partialHits++;
          }
        }
        c.hddBytesRead += plan.hddBytes;
        withCache.ios(time, plan.hddIos, plan.hddBytes);
        if (held) {
          // A held block fills what the read missed; from its second such read, all it misses.
          if (++partialReads[block] >= WHOLE_AFTER_PARTIAL_READS) {
            offset = 0;
            length = blockLength;
            cache.planFill(block, offset, length, blockLength, plan);
          }
          fill(cache, guard, block, offset, length, blockLength, plan, c, withCache, time);
        } else if (decision == Decision.ADMIT && plan.fillBytes > 0) {
          fill(cache, guard, block, offset, length, blockLength, plan, c, withCache, time);
          if (cache.holds(block)) {
            cachedGenStamp[block] = genStamp;
            partialReads[block] = 0;
          }
        }
      }
      progress.add(n);
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    guard.state(); // ends a pause that ran out by the last event's time
    return c.outcome(config, trace, cache, guard, log, clock.now, withCache, withoutCache, elapsed);
  }

  /**
   * A fill asks the guard, then for room (the DataNode's order, FillSteps.admit: a fill allowed and
   * then refused as too large keeps its cost on the guard's ledger); if both agree it is done.
   */
  private static void fill(
      CacheModel cache,
      FillGuard guard,
      int block,
      long offset,
      long length,
      long blockLength,
      ReadPlan plan,
      RunTotals c,
      DiskLoad withCache,
      long time) {
    if (guard.tryFill(plan.fillIos, plan.fillBytes, plan.fillBytes) != FillVerdict.ALLOW) {
      return; // counted by the guard
    }
    if (!cache.fits(block, plan)) {
      c.fillsTooLarge++;
      return;
    }
    boolean held = cache.holds(block);
    long written = cache.fill(block, offset, length, blockLength, plan);
    if (held) {
      c.pageFills++;
    } else {
      c.admissions++;
    }
    c.ssdBytesWritten += written;
    c.hddBytesRead += written;
    c.fillBytesRead += written;
    withCache.ios(time, plan.fillIos, written);
  }
}
