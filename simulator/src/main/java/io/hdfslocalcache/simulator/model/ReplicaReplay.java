package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.ModelConfig;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.ratelimit.BlockKey;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Trace;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;

/**
 * The fleet's replicas for one configuration: replays every DataNode's trace as one stream, merged
 * by time (a DataNode's own events keep their order), through each DataNode's own model, as its
 * {@link Replayer} does, and through one model of the fleet's combined capacity.
 *
 * <p>The DataNodes' models give the duplicated bytes ({@link DuplicatedBytes}), sampled every
 * {@link #SAMPLE_MILLIS} of trace time and at the end; the time average is what replica-aware
 * caching would give back on average, the peak the most it would. The one model sees every read of
 * the fleet with the same policy, fill mode and guard settings, its write budget sized by its
 * capacity and so the DataNodes' budgets summed: what a cache that knew every replica could hit at
 * best (an upper bound: one cache has no network hop, no per-DataNode placement limit, and its
 * blocks serve every replica's readers).
 */
public final class ReplicaReplay {
  /** How often the duplicated bytes are sampled, in trace time. */
  public static final long SAMPLE_MILLIS = 15 * 60_000L;

  private final List<Trace> dataNodes;
  private final RunConfig config;
  private final FleetBlocks blocks;
  private final LongAdder progress;

  public ReplicaReplay(List<Trace> dataNodes, RunConfig config, LongAdder progress) {
    this(dataNodes, new FleetBlocks(dataNodes), config, progress);
  }

  private ReplicaReplay(
      List<Trace> dataNodes, FleetBlocks blocks, RunConfig config, LongAdder progress) {
    this.dataNodes = dataNodes;
    this.config = config;
    this.blocks = blocks;
    this.progress = progress;
  }

  /** One replay per configuration, in parallel on {@code threads}, sharing the block map. */
  public static List<ReplicaResult> run(
      List<Trace> dataNodes, List<RunConfig> configs, int threads, LongAdder progress)
      throws InterruptedException {
    FleetBlocks blocks = new FleetBlocks(dataNodes);
    return SweepRunner.inParallel(
        configs.stream()
            .map(
                c ->
                    (Callable<ReplicaResult>)
                        () -> new ReplicaReplay(dataNodes, blocks, c, progress).run())
            .toList(),
        threads);
  }

  /** A DataNode's place in its trace during the merge. */
  private static final class Cursor {
    final int dataNode;
    final List<EventLog.Chunk> chunks;
    int chunk;
    int i;

    Cursor(int dataNode, List<EventLog.Chunk> chunks) {
      this.dataNode = dataNode;
      this.chunks = chunks;
    }

    boolean more() {
      return chunk < chunks.size() && i < chunks.get(chunk).count();
    }

    long timeMs() {
      return chunks.get(chunk).timeMs[i];
    }

    void advance() {
      if (++i == chunks.get(chunk).count()) {
        chunk++;
        i = 0;
      }
    }
  }

  public ReplicaResult run() {
    int n = dataNodes.size();
    EventRules[] own = new EventRules[n];
    long[][] keys = new long[n][];
    PriorityQueue<Cursor> next =
        new PriorityQueue<>(
            (a, b) ->
                a.timeMs() != b.timeMs()
                    ? Long.compare(a.timeMs(), b.timeMs())
                    : Integer.compare(a.dataNode, b.dataNode));
    long first = Long.MAX_VALUE;
    for (int d = 0; d < n; d++) {
      Trace t = dataNodes.get(d);
      own[d] =
          new EventRules(
              config.model(), config.policy().create(), t.firstTimeMs(), t.blockCount(), NONE);
      keys[d] = new long[t.blockCount()];
      for (int b = 0; b < t.blockCount(); b++) {
        keys[d][b] = BlockKey.of(t.pool(b), t.blockId()[b]);
      }
      Cursor c = new Cursor(d, t.events().chunks());
      if (c.more()) {
        next.add(c);
        first = Math.min(first, t.firstTimeMs());
      }
    }
    long pooledSize = config.cacheSizeBytes() * n;
    EventRules pooled =
        new EventRules(
            new ModelConfig(pooledSize, config.fill(), config.pageSizeBytes(), config.guard()),
            config.policy().create(),
            first == Long.MAX_VALUE ? 0 : first,
            blocks.count(),
            NONE);
    DuplicatedBytes duplicated = new DuplicatedBytes(blocks, own);
    Samples samples = new Samples();
    long sampleAt = first == Long.MAX_VALUE ? Long.MAX_VALUE : first + SAMPLE_MILLIS;
    long done = 0;
    while (!next.isEmpty()) {
      Cursor c = next.poll();
      long time = c.timeMs();
      if (time >= sampleAt) {
        // Every sample time passed since the last event sees the caches as they are now.
        long times = (time - sampleAt) / SAMPLE_MILLIS + 1;
        samples.add(duplicated.now(), times);
        sampleAt += times * SAMPLE_MILLIS;
      }
      replay(c, own[c.dataNode], keys[c.dataNode], pooled);
      c.advance();
      if (c.more()) {
        next.add(c);
      }
      if ((++done & 0xFFFF) == 0) {
        progress.add(0x10000);
      }
    }
    progress.add(done & 0xFFFF);
    pooled.finish();
    long end = duplicated.now();
    samples.add(end, 1);
    ModelTotals p = pooled.totals(0);
    return new ReplicaResult(
        n,
        samples.mean(),
        samples.peak(),
        end,
        pooledSize,
        p.hitBytes,
        p.byteHitRatio(),
        p.hddMicrosWithCache / 1e6,
        p.hddMicrosWithoutCache / 1e6);
  }

  /** One event to its DataNode's model and, by its fleet block, to the one model. */
  private void replay(Cursor c, EventRules own, long[] keys, EventRules pooled) {
    EventLog.Chunk chunk = c.chunks.get(c.chunk);
    int i = c.i;
    Trace t = dataNodes.get(c.dataNode);
    int version = chunk.version[i];
    int block = t.versionBlock()[version];
    int fleetBlock = blocks.of(c.dataNode, block);
    long genStamp = t.versionGenStamp()[version];
    long length = t.versionLength()[version];
    Replayer.apply(own, block, keys[block], genStamp, length, chunk, i);
    Replayer.apply(pooled, fleetBlock, keys[block], genStamp, length, chunk, i);
  }

  private static final EventRules.Listener NONE = new EventRules.Listener() {};

  /** The duplicated bytes' samples, each weighted by the sample times it stands for. */
  private static final class Samples {
    private double sum;
    private long count;
    private long peak;

    void add(long bytes, long times) {
      sum += (double) bytes * times;
      count += times;
      peak = Math.max(peak, bytes);
    }

    long mean() {
      return count == 0 ? 0 : Math.round(sum / count);
    }

    long peak() {
      return peak;
    }
  }
}
