package io.hdfslocalcache.datanode.read;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import io.hdfslocalcache.metrics.ReadPathMetrics;

/**
 * Counts the short-circuit opens this DataNode serves ({@link
 * ReadPathMetrics#SHORT_CIRCUIT_OPENS}): the reads a client on this host makes from the HDD files
 * itself, which no cache on this side of the dataset can serve. Both readers' opens pass through
 * the dataset (Hadoop 3.3 to 3.5):
 *
 * <ul>
 *   <li>descriptors: {@code DataXceiver.requestShortCircuitFds} calls {@code
 *       DataNode.requestShortCircuitFdsForRead}, which opens {@code getBlockInputStream(b, 0)} then
 *       {@code getMetaDataInputStream(b)}, once per request; counted when the meta stream, the
 *       second and last, is opened (both files are then in hand);
 *   <li>paths (the legacy reader): {@code DataNode.getBlockLocalPathInfo}, the RPC the client
 *       calls, asks the dataset's {@code getBlockLocalPathInfo} once per request; counted when it
 *       answers.
 * </ul>
 *
 * A request refused before those calls (client too old, descriptor passing off, access denied) or
 * failing in them is not counted. Who is calling is {@link ReadCaller}'s: a client read's thread is
 * known by its name, so the hit path pays a string search per block, not a stack walk.
 */
public final class ShortCircuitOpens {
  private final Counter opens;

  public ShortCircuitOpens(MetricRegistry registry) {
    this.opens = registry.counter(ReadPathMetrics.SHORT_CIRCUIT_OPENS);
  }

  /** {@code getMetaDataInputStream} returned {@code meta}; returns it. */
  public <T> T metaOpened(T meta) {
    return counted(meta);
  }

  /** {@code getBlockLocalPathInfo} returned {@code paths}; returns it. */
  public <T> T pathsGiven(T paths) {
    return counted(paths);
  }

  private <T> T counted(T opened) {
    if (opened != null && ReadCaller.current() == ReadCaller.SHORT_CIRCUIT) {
      opens.inc();
    }
    return opened;
  }

  /** Short-circuit opens counted so far. */
  public long count() {
    return opens.getCount();
  }
}
