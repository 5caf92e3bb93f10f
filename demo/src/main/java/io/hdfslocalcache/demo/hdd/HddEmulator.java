package io.hdfslocalcache.demo.hdd;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * All emulated spindles of the in-process cluster, one per DataNode volume (keyed by storage id, so
 * restarted DataNodes find their disks again). One instance per {@link HddModel} in the process
 * because DataNodes build their datasets through a no-argument factory; the demo finds the same
 * instance from the same configuration.
 */
public final class HddEmulator {
  /** Thread names of the cache's fill threads; their HDD reads are fills, not client reads. */
  static final String FILL_THREAD_PREFIX = "local-cache-fill";

  private static final Map<HddModel, HddEmulator> BY_MODEL = new ConcurrentHashMap<>();

  private final HddModel model;
  private final Spindle.Sleeper sleeper;
  private final Map<String, Spindle> spindles = new ConcurrentHashMap<>();

  HddEmulator(HddModel model, Spindle.Sleeper sleeper) {
    this.model = model;
    this.sleeper = sleeper;
  }

  /** The process-wide emulator of {@code model}. */
  public static HddEmulator of(HddModel model) {
    return BY_MODEL.computeIfAbsent(model, m -> new HddEmulator(m, Spindle.REAL_TIME));
  }

  public HddModel model() {
    return model;
  }

  Spindle spindle(String storageId) {
    return spindles.computeIfAbsent(storageId, v -> new Spindle(model, sleeper));
  }

  /** A data stream's bytes, counted on its spindle as fill or client bytes by the reader. */
  static void countData(Spindle s, long bytes) {
    s.countData(bytes, Thread.currentThread().getName().startsWith(FILL_THREAD_PREFIX));
  }

  /** Requests waiting or in service, summed over all spindles: the "blocked processes". */
  public int queueDepth() {
    int q = 0;
    for (Spindle s : spindles.values()) {
      q += s.queueDepth();
    }
    return q;
  }

  /** Block data read from the emulated disks for clients (not fills, not checksums). */
  public long clientBytes() {
    return spindles.values().stream().mapToLong(Spindle::clientBytes).sum();
  }

  /** Block data read from the emulated disks by cache fills. */
  public long fillBytes() {
    return spindles.values().stream().mapToLong(Spindle::fillBytes).sum();
  }

  public List<Spindle> spindles() {
    return List.copyOf(spindles.values());
  }
}
