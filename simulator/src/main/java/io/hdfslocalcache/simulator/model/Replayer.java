package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.ratelimit.BlockKey;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.simulator.policy.AdmissionPolicy;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.ParseStats;
import io.hdfslocalcache.simulator.trace.Trace;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * Replays a {@link Trace} through one policy and one cache model, in file order. The rules (see
 * docs/simulator.md): every read records an access with the policy; a read of the cached generation
 * stamp whose bytes are all cached is a hit; a read or write of a newer generation stamp
 * invalidates the cached version; a read of an older one is a miss that leaves the newer copy; a
 * miss of the current version fills when the policy admits. Writes and deletes never fill, never
 * touch the policy, and cost no disk time.
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
    long[] cachedGenStamp = new long[blocks];
    Arrays.fill(cachedGenStamp, NONE);
    int[] versionBlock = trace.versionBlock();
    long[] versionGenStamp = trace.versionGenStamp();
    long[] versionLength = trace.versionLength();
    DiskLoad withCache = new DiskLoad(trace.firstTimeMs(), trace.lastTimeMs());
    DiskLoad withoutCache = new DiskLoad(trace.firstTimeMs(), trace.lastTimeMs());
    Counts c = new Counts();

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
        long offset = chunk.offset[i];
        long length = chunk.length[i];
        c.reads++;
        c.readBytes += length;
        withoutCache.io(time, length);
        Decision decision = policy.onRead(keys[block], time);
        boolean stale = false;
        if (cache.holds(block) && cachedGenStamp[block] != genStamp) {
          if (cachedGenStamp[block] > genStamp) {
            stale = true; // an old reader; the newer copy stays
          } else {
            cache.drop(block);
            c.invalidations++;
          }
        }
        if (!stale && cache.holds(block) && cache.hit(block, offset, length)) {
          c.hits++;
          c.hitBytes += length;
          continue;
        }
        c.hddBytesRead += length;
        withCache.io(time, length);
        if (!stale && decision == Decision.ADMIT) {
          long written = cache.fill(block, offset, length, versionLength[version]);
          if (written > 0) {
            cachedGenStamp[block] = genStamp;
            c.admissions++;
            c.ssdBytesWritten += written;
            c.hddBytesRead += written;
            withCache.io(time, written);
          }
        }
      }
      progress.add(n);
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    return outcome(cache, c, withCache, withoutCache, elapsed);
  }

  private RunOutcome outcome(
      CacheModel cache, Counts c, DiskLoad withCache, DiskLoad withoutCache, double elapsed) {
    ParseStats stats = trace.stats();
    double[] with = withCache.utilization(config.disks());
    double[] without = withoutCache.utilization(config.disks());
    RunResult r =
        new RunResult(
            config.policy().name(),
            config.fill().configName(),
            config.cacheSizeBytes(),
            config.pageSizeBytes(),
            c.reads,
            c.readBytes,
            c.hits,
            c.hitBytes,
            ratio(c.hits, c.reads),
            ratio(c.hitBytes, c.readBytes),
            c.ssdBytesWritten,
            c.hddBytesRead,
            c.admissions,
            cache.evictions(),
            c.invalidations,
            c.deletions,
            stats.malformedLines(),
            stats.skippedLines(),
            withCache.totalSeconds(),
            withoutCache.totalSeconds(),
            mean(with),
            mean(without),
            max(with),
            max(without),
            stats.parseSeconds(),
            elapsed,
            elapsed > 0 ? trace.events().size() / elapsed : 0);
    return new RunOutcome(config, r, new UtilizationSeries(withCache.firstMinute(), with, without));
  }

  private static double ratio(long part, long whole) {
    return whole == 0 ? 0 : (double) part / whole;
  }

  private static double mean(double[] values) {
    return values.length == 0 ? 0 : Arrays.stream(values).sum() / values.length;
  }

  private static double max(double[] values) {
    return Arrays.stream(values).max().orElse(0);
  }

  /** The running totals of one replay. */
  private static final class Counts {
    long reads;
    long readBytes;
    long hits;
    long hitBytes;
    long ssdBytesWritten;
    long hddBytesRead;
    long admissions;
    long invalidations;
    long deletions;
  }
}
