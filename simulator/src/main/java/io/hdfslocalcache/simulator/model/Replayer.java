package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.ratelimit.BlockKey;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.Trace;
import java.util.concurrent.atomic.LongAdder;

/**
 * Replays a {@link Trace} through one policy, one cache model and one fill guard, in file order:
 * each event goes to the cache-model module's {@link EventRules}, the rules a shadow-mode DataNode
 * runs too (docs/simulator.md). Blocks are the trace's dense indexes; HDD time is also kept per
 * minute of trace time, for utilisation.
 */
public final class Replayer {
  private final Trace trace;
  private final RunConfig config;
  private final LongAdder progress;
  private ModelTotals totals;

  public Replayer(Trace trace, RunConfig config, LongAdder progress) {
    this.trace = trace;
    this.config = config;
    this.progress = progress;
  }

  /** HDD time per minute with and without the cache, as the rules report its IOs. */
  record Loads(DiskLoad withCache, DiskLoad withoutCache) implements EventRules.Listener {
    @Override
    public void hddWithCache(long timeMs, long ios, long bytes) {
      withCache.ios(timeMs, ios, bytes);
    }

    @Override
    public void hddWithoutCache(long timeMs, long bytes) {
      withoutCache.io(timeMs, bytes);
    }

    /** Over the minutes of {@code trace}. */
    static Loads over(Trace trace) {
      return new Loads(
          new DiskLoad(trace.firstTimeMs(), trace.lastTimeMs()),
          new DiskLoad(trace.firstTimeMs(), trace.lastTimeMs()));
    }
  }

  public RunOutcome run() {
    long start = System.nanoTime();
    int blocks = trace.blockCount();
    long[] keys = new long[blocks];
    for (int b = 0; b < blocks; b++) {
      keys[b] = BlockKey.of(trace.pool(b), trace.blockId()[b]);
    }
    Loads loads = Loads.over(trace);
    AdmissionPolicy policy =
        config
            .oracle()
            .<AdmissionPolicy>map(o -> new FutureReadsOracle(trace, o))
            .orElseGet(config.policy()::create);
    EventRules rules = new EventRules(config.model(), policy, trace.firstTimeMs(), blocks, loads);
    if (policy instanceof FutureReadsOracle oracle) {
      oracle.attach(rules); // it asks the running cache which blocks it holds
    }
    int[] versionBlock = trace.versionBlock();
    long[] versionGenStamp = trace.versionGenStamp();
    long[] versionLength = trace.versionLength();
    for (EventLog.Chunk chunk : trace.events().chunks()) {
      int n = chunk.count();
      for (int i = 0; i < n; i++) {
        int version = chunk.version[i];
        int block = versionBlock[version];
        apply(
            rules, block, keys[block], versionGenStamp[version], versionLength[version], chunk, i);
      }
      progress.add(n);
    }
    double elapsed = (System.nanoTime() - start) / 1e9;
    rules.finish();
    totals = rules.totals(held(rules, blocks));
    return RunTotals.outcome(
        config, trace, totals, rules, loads.withCache(), loads.withoutCache(), elapsed);
  }

  /** How many of blocks {@code [0, blocks)} {@code rules} holds. */
  static int held(EventRules rules, int blocks) {
    int held = 0;
    for (int b = 0; b < blocks; b++) {
      held += rules.holds(b) ? 1 : 0;
    }
    return held;
  }

  /**
   * Event {@code i} of {@code chunk} to {@code rules}, as a read, write or delete of {@code block}
   * ({@code key} its limiter key), version {@code genStamp} of {@code length} bytes.
   */
  static void apply(
      EventRules rules,
      int block,
      long key,
      long genStamp,
      long length,
      EventLog.Chunk chunk,
      int i) {
    switch (Op.of(chunk.op[i])) {
      case READ ->
          rules.read(
              block, key, genStamp, length, chunk.offset[i], chunk.length[i], chunk.timeMs[i]);
      case WRITE -> rules.write(block, genStamp);
      case DELETE -> rules.delete(block);
    }
  }

  /** The model's own totals of the last {@link #run} (tests hold a LiveModel to them). */
  ModelTotals totals() {
    return totals;
  }
}
