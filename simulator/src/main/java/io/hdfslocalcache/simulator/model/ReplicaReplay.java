package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.model.EventRules;
import io.hdfslocalcache.model.ModelConfig;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.ratelimit.BlockKey;
import io.hdfslocalcache.simulator.trace.EventLog;
import io.hdfslocalcache.simulator.trace.Op;
import io.hdfslocalcache.simulator.trace.Trace;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;

/**
 * The fleet's replicas for one configuration and one {@link RoutingType}: replays every DataNode's
 * trace as one stream, merged by time (a DataNode's own events keep their order), through each
 * DataNode's own model and through one model of the fleet's combined capacity. A DataNode's writes
 * and deletions go to its own model; each read to the model of the DataNode the routing picks among
 * the block's replicas: with {@code stock} the one that logged it, so each model sees the same
 * events in the same order as the DataNode's {@link Replayer} and gives the same figures; with
 * {@code owner} the block's rendezvous owner ({@link OwnerRouting}). Each DataNode's figures come
 * back as a {@link RunOutcome}, as its own replay's would.
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
  private final List<String> ids;
  private final RunConfig config;
  private final RoutingType routing;
  private final FleetBlocks blocks;
  private final LongAdder progress;

  /**
   * @param ids the DataNodes' ids (their UUIDs, or their files), in {@code dataNodes}' order: what
   *     the owner routing hashes
   */
  public ReplicaReplay(
      List<Trace> dataNodes,
      List<String> ids,
      RunConfig config,
      RoutingType routing,
      LongAdder progress) {
    this(dataNodes, ids, new FleetBlocks(dataNodes), config, routing, progress);
  }

  private ReplicaReplay(
      List<Trace> dataNodes,
      List<String> ids,
      FleetBlocks blocks,
      RunConfig config,
      RoutingType routing,
      LongAdder progress) {
    if (ids.size() != dataNodes.size()) {
      throw new IllegalArgumentException(
          ids.size() + " DataNode ids for " + dataNodes.size() + " DataNodes");
    }
    this.dataNodes = dataNodes;
    this.ids = ids;
    this.config = config;
    this.routing = routing;
    this.blocks = blocks;
    this.progress = progress;
  }

  /**
   * One replay per routing and configuration, in parallel on {@code threads}, sharing the block
   * map; routing-major: all of {@code routings.get(0)}'s configurations first.
   */
  public static List<ReplicaOutcome> run(
      List<Trace> dataNodes,
      List<String> ids,
      List<RunConfig> configs,
      List<RoutingType> routings,
      int threads,
      LongAdder progress)
      throws InterruptedException {
    FleetBlocks blocks = new FleetBlocks(dataNodes);
    List<Callable<ReplicaOutcome>> replays = new ArrayList<>();
    for (RoutingType r : routings) {
      for (RunConfig c : configs) {
        replays.add(() -> new ReplicaReplay(dataNodes, ids, blocks, c, r, progress).run());
      }
    }
    return SweepRunner.inParallel(replays, threads);
  }

  /**
   * A DataNode's place in its trace during the merge: its chunk iterator's current chunk (valid
   * until the iterator moves on, as a file's chunks are read into one array set) and the event in
   * it.
   */
  private static final class Cursor {
    final int dataNode;
    final Iterator<EventLog.Chunk> chunks;
    EventLog.Chunk chunk;
    int i;

    Cursor(int dataNode, Iterable<EventLog.Chunk> log) {
      this.dataNode = dataNode;
      this.chunks = log.iterator();
      nextChunk();
    }

    private void nextChunk() {
      chunk = null;
      i = 0;
      while (chunk == null && chunks.hasNext()) {
        EventLog.Chunk c = chunks.next();
        chunk = c.count() > 0 ? c : null;
      }
    }

    boolean more() {
      return chunk != null;
    }

    long timeMs() {
      return chunk.timeMs[i];
    }

    void advance() {
      if (++i == chunk.count()) {
        nextChunk();
      }
    }
  }

  public ReplicaOutcome run() {
    long start = System.nanoTime();
    int n = dataNodes.size();
    EventRules[] own = new EventRules[n];
    Replayer.Loads[] loads = new Replayer.Loads[n];
    long[] firstMs = new long[n];
    long[] lastMs = new long[n];
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
      loads[d] = Replayer.Loads.over(t);
      firstMs[d] = t.firstTimeMs();
      lastMs[d] = t.lastTimeMs();
      own[d] =
          new EventRules(
              config.model(), config.policy().create(), t.firstTimeMs(), t.blockCount(), loads[d]);
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
    Routing route = routing.create(blocks, ids, firstMs, lastMs);
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
      replay(c, route, own, keys[c.dataNode], pooled);
      c.advance();
      if (c.more()) {
        next.add(c);
      }
      if ((++done & 0xFFFF) == 0) {
        progress.add(0x10000);
      }
    }
    progress.add(done & 0xFFFF);
    double elapsed = (System.nanoTime() - start) / 1e9;
    pooled.finish();
    long end = duplicated.now();
    samples.add(end, 1);
    List<RunOutcome> perDataNode = new ArrayList<>();
    for (int d = 0; d < n; d++) {
      Trace t = dataNodes.get(d);
      own[d].finish();
      ModelTotals totals = own[d].totals(Replayer.held(own[d], t.blockCount()));
      perDataNode.add(
          RunTotals.outcome(
              config, t, totals, own[d], loads[d].withCache(), loads[d].withoutCache(), elapsed));
    }
    ModelTotals p = pooled.totals(0);
    return new ReplicaOutcome(
        routing,
        perDataNode,
        new ReplicaResult(
            n,
            samples.mean(),
            samples.peak(),
            end,
            pooledSize,
            p.hitBytes,
            p.byteHitRatio(),
            p.hddMicrosWithCache / 1e6,
            p.hddMicrosWithoutCache / 1e6));
  }

  /**
   * One event to a DataNode's model (its own for a write or a deletion, the routing's pick for a
   * read) and, by its fleet block, to the one model.
   */
  private void replay(Cursor c, Routing route, EventRules[] own, long[] keys, EventRules pooled) {
    EventLog.Chunk chunk = c.chunk;
    int i = c.i;
    Trace t = dataNodes.get(c.dataNode);
    int version = chunk.version[i];
    int block = t.versionBlock()[version];
    int fleetBlock = blocks.of(c.dataNode, block);
    long genStamp = t.versionGenStamp()[version];
    long length = t.versionLength()[version];
    int logged = blocks.entry(c.dataNode, block);
    Op op = Op.of(chunk.op[i]);
    route.seen(logged, op, genStamp);
    int serves =
        op == Op.READ ? route.route(fleetBlock, logged, genStamp, chunk.timeMs[i]) : logged;
    Replayer.apply(
        own[blocks.dataNode(serves)],
        blocks.dataNodeBlock(serves),
        keys[block],
        genStamp,
        length,
        chunk,
        i);
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
