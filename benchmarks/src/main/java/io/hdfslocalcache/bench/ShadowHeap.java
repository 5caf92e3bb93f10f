package io.hdfslocalcache.bench;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.CandidateSpec;
import io.hdfslocalcache.model.LiveModel;
import io.hdfslocalcache.model.ModelTotals;
import io.hdfslocalcache.model.policy.AdmissionPolicy;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.ratelimit.BlockKey;
import io.hdfslocalcache.ratelimit.RateLimitConfig;
import io.hdfslocalcache.time.CacheClock;
import org.openjdk.jol.info.GraphLayout;

/**
 * Heap of one shadow-mode candidate ({@link LiveModel}), measured with JOL: its fixed part (the
 * default admission limiter, empty, and the model before and after its first read), bytes per block
 * the modelled SSD holds (block mode; pages mode with 1 MB pages, and per held page) and per key
 * the limiter tracks. The limiter's share is told apart by feeding a twin limiter the same
 * accesses: the same calls build the same tables, so its size is the model's limiter's size.
 * Layouts are deterministic: one run gives the figures.
 */
public final class ShadowHeap {
  private static final long MB = 1 << 20;
  private static final long BLOCK = 128 * MB;
  private static final String POOL = "BP-1180386133-10.20.30.40-1700000000000";

  private ShadowHeap() {}

  /** A model and a twin of its limiter, fed the same reads. */
  private static final class Run {
    final LiveModel model;
    final AdmissionPolicy twin;
    final long[] time = {1_700_000_000_000L}; // the twin's clock reads it

    Run(FillMode fill, int threshold) {
      RateLimitConfig admission = RateLimitConfig.defaults().withThreshold(threshold);
      model =
          new LiveModel(
              new CandidateSpec("c", admission, 1L << 60, fill, MB, false, 3_600_000, 0.5));
      twin = PolicySpec.dataNode(admission, false).create();
      // The clock reads a local, not the field: a lambda over this.time would hold this run, so
      // the twin's graph would take in the model and its bytes would be subtracted from it.
      long[] now = time;
      twin.bind(0, 0, null, CacheClock.ofEventTime(() -> now[0]), null);
    }

    /** Reads {@code length} bytes at 0 of {@code blocks} blocks from {@code first}, 1 ms apart. */
    Run read(long first, int blocks, long length) {
      for (long id = first; id < first + blocks; id++) {
        model.read(POOL, id, 1001, BLOCK, 0, length, time[0]);
        twin.onRead(BlockKey.of(POOL, id));
        time[0]++;
      }
      return this;
    }

    long modelBytes() {
      long bytes = GraphLayout.parseInstance(model).totalSize() - limiterBytes();
      if (bytes < 0) { // the twin reached objects outside its limiter: the split is wrong
        throw new IllegalStateException("the twin limiter measured more than the whole model");
      }
      return bytes;
    }

    long limiterBytes() {
      return GraphLayout.parseInstance(twin).totalSize();
    }

    ModelTotals totals() {
      return model.totals();
    }
  }

  public static void main(String[] args) {
    Run idle = new Run(FillMode.PAGES, 15);
    long constructed = GraphLayout.parseInstance(idle.model).totalSize();
    System.out.printf(
        "shadow candidate, before its first read: heapBytes=%d (default limiter, empty: %d)%n",
        constructed, idle.limiterBytes());
    for (FillMode fill : FillMode.values()) {
      // Started: the first read (not admitted at threshold 15) creates the cache and the guard.
      Run started = new Run(fill, 15).read(0, 1, MB);
      long fixed = started.modelBytes();
      System.out.printf(
          "shadow candidate %s mode, started, holding nothing: modelBytes=%d"
              + " (+ limiter %d) = heapBytes=%d%n",
          fill.configName(), fixed, started.limiterBytes(), fixed + started.limiterBytes());
      // Two sizes: the arrays grow by steps, so the slack differs.
      for (int n : new int[] {100_000, 1_000_000}) {
        // Threshold 0 admits every block on its first read: n blocks held (1 page each in pages).
        Run held = new Run(fill, 0).read(0, n, MB);
        perBlock(fill.configName(), held, fixed, n);
        if (fill == FillMode.PAGES) {
          Run eight = new Run(fill, 0).read(0, n, 8 * MB);
          System.out.printf(
              "shadow pages mode, %d blocks of 8 held pages: modelBytes=%d"
                  + " bytesPerHeldPage=%.1f (from 1 to 8 pages a block)%n",
              n, eight.modelBytes(), (double) (eight.modelBytes() - held.modelBytes()) / (7L * n));
        }
        ModelTotals t = held.totals();
        System.out.printf(
            "shadow limiter (default config, one read per key): trackedKeys=%d heapBytes=%d"
                + " bytesPerKey=%.1f%n",
            t.limiterKeys, held.limiterBytes(), (double) held.limiterBytes() / t.limiterKeys);
      }
    }
  }

  private static void perBlock(String mode, Run run, long fixed, int n) {
    ModelTotals t = run.totals();
    if (t.trackedBlocks != n) {
      throw new IllegalStateException(mode + ": expected " + n + " held blocks, " + t);
    }
    long bytes = run.modelBytes();
    System.out.printf(
        "shadow %s mode, %d blocks held (1 MB read each): modelBytes=%d"
            + " bytesPerHeldBlock=%.1f (over the started model)%n",
        mode, n, bytes, (double) (bytes - fixed) / n);
  }
}
