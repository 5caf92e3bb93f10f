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
 * partly or not at all from SSD) and reported to the guard; a read of an unheld version is a miss.
 * A miss the policy admits creates an entry; a read of a held version fills what it missed without
 * admission (pages mode). Every fill must fit the whole cache, then pass the guard. Writes and
 * deletes never fill, never touch the policy, and cost no disk time.
 */
public final class Replayer {
  private static final long NONE = Long.MIN_VALUE;

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
        cache.lookup(block, offset, length, versionLength[version], plan);
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
        if ((held || decision == Decision.ADMIT) && plan.fillBytes > 0) {
          fill(
              cache,
              guard,
              block,
              offset,
              length,
              versionLength[version],
              plan,
              c,
              withCache,
              time);
          if (!held && cache.holds(block)) {
            cachedGenStamp[block] = genStamp;
          }
        }
      }
      progress.add(n);
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    guard.state(); // ends a pause that ran out by the last event's time
    return c.outcome(config, trace, cache, guard, log, clock.now, withCache, withoutCache, elapsed);
  }

  /** A fill that fits the whole cache and passes the guard is done and counted. */
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
    if (!cache.fits(block, plan)) {
      c.fillsTooLarge++;
      return;
    }
    if (guard.tryFill(plan.fillIos, plan.fillBytes, plan.fillBytes) != FillVerdict.ALLOW) {
      return; // counted by the guard
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
