package io.hdfslocalcache.model;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.guard.DiskModel;
import io.hdfslocalcache.guard.FillGuard;
import io.hdfslocalcache.guard.FillVerdict;
import io.hdfslocalcache.guard.GuardConfig;
import io.hdfslocalcache.model.policy.AdmissionDecision;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.CacheRoom;
import io.hdfslocalcache.model.policy.MarginalPayback;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.model.policy.Victims;
import io.hdfslocalcache.time.CacheClock;
import java.util.Arrays;

/**
 * The model's per-event rules, in one place: the simulator's replay feeds it a trace's events
 * (blocks as the trace's dense indexes), a shadow-mode {@link LiveModel} a DataNode's client reads
 * (blocks as indexes it recycles). One admission policy, one cache model, one fill guard.
 *
 * <p>The rules (docs/simulator.md, "Per event"): every read records an access with the policy; a
 * read or write of a newer generation stamp invalidates the cached version; a read of an older one
 * is served from HDD and leaves the newer copy. A read of the held version is served by the cache
 * model (wholly, partly or not at all from SSD); a read of an unheld version is a miss; the guard
 * hears of every read. A miss the policy admits creates an entry; a read of a held version fills
 * what it missed without admission (pages mode), all the block's missing pages from its {@link
 * #WHOLE_AFTER_PARTIAL_READS}th such read. Every fill asks the guard, then must fit half the cache
 * (the DataNode's order). Writes and deletes never fill, never touch the policy or the guard, and
 * cost no disk time.
 *
 * <p>Per-block state (the cached generation stamp, the partial-read count) means something only
 * while the cache holds the block, and is reset when an entry is created: an index the cache no
 * longer holds may be given to another block. The guard's clock is the newest read time seen, so
 * reads arriving slightly out of order never move it back. Not thread-safe.
 */
public final class EventRules {
  /**
   * From the second read of a held block that needed pages it lacked, the fill takes all the
   * block's missing pages, as runs: a block read again past its cached pages is hot as a whole. The
   * DataNode's {@code Admission.WHOLE_AFTER_PARTIAL_READS} is this constant.
   */
  public static final int WHOLE_AFTER_PARTIAL_READS = 2;

  private static final DiskModel DISK = DiskModel.DEFAULT;

  /** Hears what the rules do beyond the counts: HDD IOs as they happen, blocks no longer held. */
  public interface Listener {
    /** {@code ios} HDD IOs moving {@code bytes} at {@code timeMs}, with the cache. */
    default void hddWithCache(long timeMs, long ios, long bytes) {}

    /** One HDD IO of {@code bytes} at {@code timeMs}, as the read would cost without the cache. */
    default void hddWithoutCache(long timeMs, long bytes) {}

    /** The cache stopped holding {@code block} (evicted, invalidated or deleted). */
    default void released(int block) {}
  }

  private final CacheModel cache;
  private final AdmissionPolicy policy;
  private final FillGuard guard;
  private final GuardLog log = new GuardLog();
  private final Listener listener;
  private final Counters c = new Counters();
  private final ReadPlan plan = new ReadPlan();
  private long now; // the guard's clock: the newest read time seen
  private long[] cachedGenStamp; // of the held version
  private int[] partialReads; // reads of the held version that missed pages
  private boolean[] atMargin; // the held entry was admitted at the tuner's margin
  private final MarginalPayback margin;
  private long[] keys; // each block's limiter key, as its last read gave it

  /**
   * @param startMillis the guard's clock until the first read (no later than it)
   * @param blocks block indexes to make room for now (more: {@link #ensureBlocks})
   */
  public EventRules(
      ModelConfig config, AdmissionPolicy policy, long startMillis, int blocks, Listener listener) {
    this.policy = policy;
    this.listener = listener;
    this.cache =
        config.fill() == FillMode.BLOCK
            ? new BlockLruCache(config.capacityBytes(), blocks, listener::released)
            : new PageLruCache(
                config.capacityBytes(), config.pageSizeBytes(), blocks, listener::released);
    this.now = startMillis;
    CacheClock clock = CacheClock.ofEventTime(() -> now);
    this.guard = new FillGuard(config.guard().config(config.capacityBytes()), clock, log);
    GuardConfig g = guard.config();
    policy.bind(
        g.enabled() && g.hasWriteBudget() ? g.maxDriveWritesPerDay() * g.capacityBytes() : 0,
        g.capacityBytes(),
        new ThresholdTuner.Budget() {
          @Override
          public long availableBytes() {
            return guard.writeBudgetAvailableBytes();
          }

          @Override
          public long bytesAsked() {
            return guard.ssdBytesAsked();
          }
        },
        clock,
        (from, to, demand, target) -> {});
    this.cachedGenStamp = new long[blocks];
    this.partialReads = new int[blocks];
    this.atMargin = new boolean[blocks];
    this.margin =
        policy.tuner().map(ThresholdTuner::payback).filter(MarginalPayback::enabled).orElse(null);
    this.keys = new long[blocks];
    policy.watch(Victims.of(() -> victimKey(cache.victim()), cache::heldBlocks));
    policy.watch(() -> cache.victim() < 0 ? CacheRoom.State.ROOM : CacheRoom.State.FULL);
  }

  private long victimKey(int block) {
    return block < 0 ? Victims.NONE : keys[block];
  }

  /** Makes room for block indexes below {@code blocks}. */
  public void ensureBlocks(int blocks) {
    if (blocks > cachedGenStamp.length) {
      int n = Math.max(blocks, cachedGenStamp.length + (cachedGenStamp.length >> 1));
      cachedGenStamp = Arrays.copyOf(cachedGenStamp, n);
      partialReads = Arrays.copyOf(partialReads, n);
      atMargin = Arrays.copyOf(atMargin, n);
      keys = Arrays.copyOf(keys, n);
      cache.ensureBlocks(n);
    }
  }

  /** True if the cache holds a version of {@code block}. */
  public boolean holds(int block) {
    return cache.holds(block);
  }

  /** The generation stamp of the version of {@code block} held; meaningful only while held. */
  public long heldGenStamp(int block) {
    return cachedGenStamp[block];
  }

  /** How many units of {@code block} {@link #unitBytes} answers for: 0 when it is not held. */
  public int unitSpan(int block) {
    return cache.unitSpan(block);
  }

  /**
   * SSD bytes of one unit of {@code block}: unit 0 is the entry's meta (pages fill) or the whole
   * entry (block fill), unit {@code i > 0} data page {@code i - 1}; 0 when it is not cached. The
   * same unit of the same version has the same size in every model of one fill mode, so models can
   * be compared unit by unit (the simulator's replicas).
   */
  public long unitBytes(int block, int unit) {
    return cache.unitBytes(block, unit);
  }

  /**
   * A read of {@code [offset, offset + length)} of version {@code genStamp} of {@code block}
   * ({@code blockLength} bytes; {@code key} its limiter key) at {@code timeMs}.
   */
  public void read(
      int block, long key, long genStamp, long blockLength, long offset, long length, long timeMs) {
    now = Math.max(now, timeMs);
    c.reads++;
    c.readBytes += length;
    c.hddMicrosWithoutCache += DISK.micros(1, length);
    listener.hddWithoutCache(timeMs, length);
    keys[block] = key;
    AdmissionDecision decision =
        policy.onRead(key, offset, length, blockLength); // at now, through the clock bound above
    if (cache.holds(block) && cachedGenStamp[block] != genStamp) {
      if (cachedGenStamp[block] > genStamp) {
        // An old reader: served from HDD; the newer copy stays.
        guard.recordMiss(length);
        c.hddBytesRead += length;
        hdd(timeMs, 1, length);
        return;
      }
      cache.drop(block);
      c.invalidations++;
    }
    boolean held = cache.holds(block);
    cache.lookup(block, offset, length, blockLength, plan);
    c.hitBytes += plan.cachedBytes;
    if (!held) {
      guard.recordMiss(length);
    } else {
      guard.recordRead(length, plan.hddIos, plan.hddBytes);
      if (atMargin[block] && plan.cachedBytes > 0) {
        margin.hit(guard.config().disk().savedMicros(length, plan.hddIos, plan.hddBytes));
      }
      if (plan.hit()) {
        c.hits++;
        return;
      }
      if (plan.cachedBytes > 0) {
        c.partialHits++;
      }
    }
    c.hddBytesRead += plan.hddBytes;
    hdd(timeMs, plan.hddIos, plan.hddBytes);
    if (held) {
      // A held block fills what the read missed; from its second such read, all it misses.
      if (++partialReads[block] >= WHOLE_AFTER_PARTIAL_READS) {
        offset = 0;
        length = blockLength;
        cache.planFill(block, offset, length, blockLength, plan);
      }
      fill(block, offset, length, blockLength, timeMs);
    } else if (decision.admits() && plan.fillBytes > 0) {
      atMargin[block] = margin != null && decision.atMargin();
      fill(block, offset, length, blockLength, timeMs);
      if (cache.holds(block)) {
        cachedGenStamp[block] = genStamp;
        partialReads[block] = 0;
      }
    }
  }

  /** A write of version {@code genStamp} of {@code block}: invalidates an older cached one. */
  public void write(int block, long genStamp) {
    if (cache.holds(block) && cachedGenStamp[block] < genStamp) {
      cache.drop(block);
      c.invalidations++;
    }
  }

  /** {@code block} was deleted: drops whatever version is cached. */
  public void delete(int block) {
    if (cache.holds(block)) {
      cache.drop(block);
      c.deletions++;
    }
  }

  /**
   * A fill asks the guard, then for room (the DataNode's order, FillSteps.admit: a fill allowed and
   * then refused as too large keeps its cost on the guard's ledger); if both agree it is done.
   */
  private void fill(int block, long offset, long length, long blockLength, long timeMs) {
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
    hdd(timeMs, plan.fillIos, written);
    if (atMargin[block]) {
      margin.fill(guard.config().disk().micros(plan.fillIos, written));
    }
  }

  private void hdd(long timeMs, long ios, long bytes) {
    c.hddMicrosWithCache += DISK.micros(ios, bytes);
    listener.hddWithCache(timeMs, ios, bytes);
  }

  /** Ends a guard pause that ran out by the last read's time (a replay's end). */
  public void finish() {
    guard.state();
  }

  /**
   * The counts so far. Reads nothing that moves the guard: a snapshot taken between events never
   * changes what the model does next.
   */
  public ModelTotals totals(long trackedBlocks) {
    return new ModelTotals(
        c,
        cache.evictions(),
        guard.deniedForCost(),
        guard.deniedForWriteBudget(),
        trackedBlocks,
        policy.trackedKeys(),
        now);
  }

  /** Changes of the guard's state so far (one INFO line each on a DataNode). */
  public long guardTransitions() {
    return log.transitions();
  }

  /** Time the guard spent paused up to the newest read, a pause still running included. */
  public double guardPausedSeconds() {
    return log.pausedSeconds(now);
  }
}
