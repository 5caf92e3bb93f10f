package io.hdfslocalcache.datanode.shadow;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.store.CacheThreads;
import io.hdfslocalcache.metrics.ShadowMetrics;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.time.CacheClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Feeds the DataNode's live client reads to the shadow candidates' models. Readers never wait for a
 * model: each event is offered to a bounded queue (a full queue drops it and counts it, the models
 * then miss that read), and one daemon thread applies every event to every candidate, in queue
 * order, then publishes each model's totals for the metrics. So a reader pays one clock read, one
 * small object and one queue offer per block read, whatever the models cost.
 *
 * <p>Threads: any number of offering threads (DataXceivers, the DataNode's command thread), one
 * feed thread, metric readers. The models and the tallies are touched by the feed thread only;
 * readers see the published snapshots. The queue's lock is the only lock, never held while a model
 * runs. Time: each event carries the clock at its offer; the feed never lets a model's clock step
 * back (offers race by microseconds).
 *
 * <p>Heap: the queue holds at most {@code capacity} events of 132 bytes each (with their reads and
 * block ids); each model's own bound is in docs/benchmarks.md.
 */
public final class ShadowFeed implements ReadTap, AutoCloseable {
  /** What came of offering one event. */
  enum Offer {
    QUEUED,
    /** The queue was full: the event is lost to the models, counted in shadow.feed.dropped. */
    DROPPED,
    /** The feed has closed (the DataNode is stopping). */
    CLOSED
  }

  /** Events the feed thread takes from the queue at once before publishing totals. */
  private static final int BATCH = 1024;

  /**
   * How long the feed thread sleeps when it found the queue empty. It polls rather than waits on
   * the queue: a waiting consumer is woken by every offer, a context switch per client read (with
   * one candidate the miss path's overhead was 8.5% that way, 0.2-1.0% polling; docs/benchmarks.md,
   * "Shadow mode: miss path"). Polling lets 10 ms of reads pile up and be applied as one batch.
   */
  static final long IDLE_MILLIS = 10;

  private final List<ShadowCandidate> candidates;
  private final Calibration calibration;
  private final RealTally real = new RealTally();
  private final BlockingQueue<ShadowEvent> queue;
  private final CacheClock clock;
  private final Counter dropped;
  private final Counter applied;
  private final Counter errors;
  private final Thread thread;
  private volatile boolean closed;

  /** Feed thread only: the latest time given to the models. */
  private long lastTimeMs = Long.MIN_VALUE;

  ShadowFeed(
      List<CandidateSpec> specs,
      Calibration calibration,
      int capacity,
      CacheClock clock,
      MetricRegistry registry) {
    List<ShadowCandidate> cs = new ArrayList<>();
    for (CandidateSpec s : specs) {
      cs.add(new ShadowCandidate(s));
    }
    this.candidates = Collections.unmodifiableList(cs);
    this.calibration = calibration;
    this.queue = new ArrayBlockingQueue<>(capacity);
    this.clock = clock;
    this.dropped = registry.counter(ShadowMetrics.FEED_DROPPED);
    this.applied = registry.counter(ShadowMetrics.FEED_EVENTS);
    this.errors = registry.counter(ShadowMetrics.FEED_ERRORS);
    ShadowStats.register(registry, this);
    this.thread = CacheThreads.newThread(this::run, "local-cache-shadow-feed");
  }

  /**
   * A started feed of {@code specs}, its metrics on {@code registry}; {@code capacity} events may
   * wait for the feed thread.
   */
  public static ShadowFeed start(
      List<CandidateSpec> specs,
      Calibration calibration,
      int capacity,
      CacheClock clock,
      MetricRegistry registry) {
    ShadowFeed f = new ShadowFeed(specs, calibration, capacity, clock, registry);
    f.thread.start();
    return f;
  }

  /** Starts the feed thread of a feed built unstarted (tests fill its queue first). */
  void startThread() {
    thread.start();
  }

  @Override
  public void read(ClientRead read) {
    offer(ShadowEvent.read(read, clock.millis()));
  }

  @Override
  public void removed(BlockId block) {
    offer(ShadowEvent.removed(block, clock.millis()));
  }

  @Override
  public void rewritten(BlockId block, long newGenStamp) {
    offer(ShadowEvent.rewritten(block, newGenStamp, clock.millis()));
  }

  Offer offer(ShadowEvent e) {
    if (closed) {
      return Offer.CLOSED;
    }
    if (queue.offer(e)) {
      return Offer.QUEUED;
    }
    dropped.inc();
    return Offer.DROPPED;
  }

  private void run() {
    List<ShadowEvent> batch = new ArrayList<>(BATCH);
    while (!closed) {
      if (queue.drainTo(batch, BATCH) == 0) {
        try {
          // The machine's time, not the cache's: it paces a poll (see IDLE_MILLIS); on a test's
          // fake clock it would move the events' time under the test.
          Thread.sleep(IDLE_MILLIS);
        } catch (InterruptedException e) {
          return; // close()
        }
        continue;
      }
      for (ShadowEvent e : batch) {
        apply(e);
      }
      for (ShadowCandidate c : candidates) {
        c.publish();
      }
      real.publish();
      applied.inc(batch.size());
      batch.clear();
    }
  }

  private void apply(ShadowEvent e) {
    lastTimeMs = Math.max(lastTimeMs, e.timeMs);
    for (ShadowCandidate c : candidates) {
      if (c.apply(e, lastTimeMs) == ShadowCandidate.Applied.FAILED) {
        errors.inc();
      }
    }
    if (e.kind == ShadowEvent.Kind.READ) {
      real.add(e.read);
    }
  }

  /** The candidates' names, in the configured order. */
  public List<String> candidateNames() {
    List<String> out = new ArrayList<>();
    for (ShadowCandidate c : candidates) {
      out.add(c.name());
    }
    return out;
  }

  /** A candidate's totals as of the last batch applied. */
  public ModelTotals totals(String candidate) {
    for (ShadowCandidate c : candidates) {
      if (c.name().equals(candidate)) {
        return c.totals();
      }
    }
    throw new IllegalArgumentException("no shadow candidate " + candidate);
  }

  /** Events applied to the models (and published) since start. */
  public long applied() {
    return applied.getCount();
  }

  /** Events dropped because the queue was full, since start. */
  public long dropped() {
    return dropped.getCount();
  }

  List<ShadowCandidate> candidates() {
    return candidates;
  }

  Calibration calibration() {
    return calibration;
  }

  RealTally.Totals realTotals() {
    return real.totals();
  }

  int queueDepth() {
    return queue.size();
  }

  /** Stops the feed thread; events still queued are discarded. Idempotent. */
  @Override
  public void close() {
    closed = true;
    thread.interrupt();
    try {
      thread.join(TimeUnit.SECONDS.toMillis(5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
