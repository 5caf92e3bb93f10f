package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.policy.AdmissionDecision;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.MarginalPayback;
import io.hdfslocalcache.model.policy.ThresholdTuner;
import io.hdfslocalcache.model.util.LruList;
import io.hdfslocalcache.ratelimit.BlockKey;
import io.hdfslocalcache.ratelimit.BucketTimeRateLimit;
import io.hdfslocalcache.ratelimit.Decision;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.Trace;
import io.hdfslocalcache.time.CacheClock;
import java.util.Arrays;

/**
 * A research admission that KNOWS THE FUTURE of the trace it replays: never a default, never run by
 * a DataNode or shadow mode (which cannot know it), only by {@code sweep --oracle}. Its figures
 * bound what a better admission rule could gain over the best fixed threshold with the same cache:
 * same LRU eviction, fill mode, page fills of held blocks, guard and write budget.
 *
 * <p>The rule, on the read of block b at time t: admit iff b's next reads form a chain of at least
 * {@code minReads} reads, each within tau of the one before, where tau is the running cache's
 * eviction age now (the time since the least recently read block it holds was read; unbounded while
 * it has never evicted). Under LRU a block filled now stays while every gap between its reads is
 * within the eviction age, so the chain is the hits its fill buys: Baleen's episodes (FAST'24),
 * with the eviction age read off the running cache instead of assumed, and the cut-off a count of
 * hits instead of a score ranked against a write rate (the guard's budget still binds). It sees
 * blocks, not pages: a block's pages older than its last read are not tracked.
 *
 * <p>Its cut-off is fixed ({@link OracleSpec.Cutoff#FIXED}) or moved by the DataNode's own {@link
 * ThresholdTuner} started at {@code minReads} ({@link OracleSpec.Cutoff#TUNED}): a fixed count
 * admits first come, first served where the write budget binds, as a fixed threshold does; the
 * tuned one ranks blocks by the hits they will get so that fills ask for what the budget gives.
 * {@link OracleSpec.Cutoff#GATED} keeps a fixed threshold's gate (the production limiter) and
 * refuses, of the blocks it admits, those that will not be read {@code minReads} more times within
 * the eviction age: the fills at that threshold that never pay, removed with hindsight.
 *
 * <p>Replays one trace once, on one thread: it counts the reads it is asked about and checks each
 * against the trace's next read, so it fails loudly if the replay and it fall out of step.
 */
final class FutureReadsOracle implements AdmissionPolicy {
  private static final long UNBOUNDED = Long.MAX_VALUE;
  private static final long EVICTION_CHECK_MS = 60_000;
  private static final int NONE = -1;

  private final int minReads;
  private final OracleSpec.Cutoff cutoff;
  private final int gate;
  private ThresholdTuner tuner;
  private BucketTimeRateLimit limiter;
  private final long[] blockKey;
  private final int[] readBlock; // by read ordinal, in trace order
  private final long[] readTime;
  private final int[] nextRead; // the same block's next read ordinal, or NONE
  private final long[] lastRead; // per block: its latest read time
  private final LruList recent = new LruList(); // blocks by latest read; unheld ones pruned lazily
  private EventRules rules;
  private int cursor;
  private boolean evicting;
  private long checkedAt; // when the cache was last seen not to have evicted yet

  FutureReadsOracle(Trace trace, OracleSpec spec) {
    this.minReads = spec.minReads();
    this.cutoff = spec.cutoff();
    this.gate = spec.gate();
    int blocks = trace.blockCount();
    blockKey = new long[blocks];
    for (int b = 0; b < blocks; b++) {
      blockKey[b] = BlockKey.of(trace.pool(b), trace.blockId()[b]);
    }
    int reads = 0;
    for (EventLog.Chunk chunk : trace.events().chunks()) {
      for (int i = 0; i < chunk.count(); i++) {
        reads += Op.of(chunk.op[i]) == Op.READ ? 1 : 0;
      }
    }
    readBlock = new int[reads];
    readTime = new long[reads];
    nextRead = new int[reads];
    int[] latest = new int[blocks];
    Arrays.fill(latest, NONE);
    int n = 0;
    for (EventLog.Chunk chunk : trace.events().chunks()) {
      for (int i = 0; i < chunk.count(); i++) {
        if (Op.of(chunk.op[i]) != Op.READ) {
          continue;
        }
        int b = trace.versionBlock()[chunk.version[i]];
        readBlock[n] = b;
        readTime[n] = chunk.timeMs[i];
        nextRead[n] = NONE;
        if (latest[b] != NONE) {
          nextRead[latest[b]] = n;
        }
        latest[b] = n++;
      }
    }
    lastRead = new long[blocks];
    recent.ensure(blocks);
    checkedAt = reads == 0 ? 0 : readTime[0] - EVICTION_CHECK_MS; // checks at the first read
  }

  @Override
  public void bind(
      double bytesPerDay,
      long burstBytes,
      ThresholdTuner.Budget budget,
      CacheClock clock,
      ThresholdTuner.Listener listener) {
    if (cutoff == OracleSpec.Cutoff.TUNED) {
      tuner =
          new ThresholdTuner(
              minReads, bytesPerDay, burstBytes, budget, clock, listener, new MarginalPayback(0));
    }
    if (cutoff == OracleSpec.Cutoff.GATED) {
      limiter = new BucketTimeRateLimit(RateLimitConfig.defaults().withThreshold(gate), clock);
    }
  }

  /** The hits a block must be about to get to be admitted now. */
  int cutoffReads() {
    return tuner == null ? minReads : Math.max(1, tuner.threshold());
  }

  /** The rules replaying the trace: the oracle asks them which blocks the cache holds. */
  void attach(EventRules replay) {
    this.rules = replay;
  }

  @Override
  public AdmissionDecision onRead(long key) {
    int n = cursor++;
    if (n >= readBlock.length || blockKey[readBlock[n]] != key) {
      throw new IllegalStateException("oracle out of step with the replay at read " + n);
    }
    if (limiter != null && limiter.recordAndCheck(key) != Decision.ADMIT) {
      touch(readBlock[n], readTime[n]);
      return AdmissionDecision.REJECT;
    }
    int b = readBlock[n];
    long now = readTime[n];
    long tau = evictionAge(now);
    touch(b, now);
    int need = cutoffReads();
    return chain(n, tau, need) >= need ? AdmissionDecision.ADMIT : AdmissionDecision.REJECT;
  }

  private void touch(int block, long now) {
    lastRead[block] = now;
    recent.addNewest(block);
  }

  /** Reads of the block after read {@code n}, each within {@code tau} of the one before, to max. */
  int chain(int n, long tau, int max) {
    int count = 0;
    for (int j = n; count < max; count++) {
      int k = nextRead[j];
      if (k == NONE || readTime[k] - readTime[j] > tau) {
        break;
      }
      j = k;
    }
    return count;
  }

  /** The running cache's eviction age at {@code now}; unbounded until it first evicts. */
  long evictionAge(long now) {
    if (!evicting) {
      if (now - checkedAt < EVICTION_CHECK_MS) {
        return UNBOUNDED;
      }
      checkedAt = now;
      evicting = rules.totals(0).evictions > 0;
      if (!evicting) {
        return UNBOUNDED;
      }
    }
    while (recent.size() > 0) {
      int tail = recent.oldest();
      if (rules.holds(tail)) {
        return now - lastRead[tail];
      }
      recent.remove(tail);
    }
    return UNBOUNDED;
  }
}
