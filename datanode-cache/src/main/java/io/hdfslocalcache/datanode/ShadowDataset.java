package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.read.ShadowReads;
import io.hdfslocalcache.datanode.read.ShortCircuitOpens;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Optional;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dataset wrapper of shadow mode: every call goes to the real dataset, and every stream is the
 * real dataset's own. Intercepted, besides the {@code Object} methods: {@code getBlockInputStream}
 * (a client read's data stream is counted, and told to the models when it closes), short-circuit
 * opens (counted: reads no candidate's cache could serve, {@code DatasetProxy}), the calls that
 * delete or change a replica (told to the models before they go on, {@link ReplicaChanges}) and
 * {@code shutdown} (the feed stops after the dataset). Nothing here opens a file on any SSD.
 */
final class ShadowDataset extends DatasetProxy {
  private static final Logger LOG = LoggerFactory.getLogger(ShadowDataset.class);

  private final ShadowFeed feed;
  private final ShadowReads reads;
  private final AutoCloseable onShutdown;

  private ShadowDataset(
      FsDatasetSpi<?> inner,
      ShadowFeed feed,
      ShortCircuitOpens shortCircuit,
      AutoCloseable onShutdown,
      ReplicaChanges changes) {
    super(inner, Optional.of(feed), shortCircuit, changes);
    this.feed = feed;
    this.reads = new ShadowReads(new DatasetReplicas(inner), feed);
    this.onShutdown = onShutdown;
  }

  /**
   * {@code inner}, its client reads fed to {@code feed} and its short-circuit opens counted in
   * {@code shortCircuit} (the reads no candidate could serve); {@code onShutdown} (the metrics) is
   * closed first when the dataset shuts down, then the feed. The calls that delete or change a
   * replica go through {@code changes}.
   */
  static FsDatasetSpi<?> wrap(
      FsDatasetSpi<?> inner,
      ShadowFeed feed,
      ShortCircuitOpens shortCircuit,
      AutoCloseable onShutdown,
      ReplicaChanges changes) {
    return proxy(new ShadowDataset(inner, feed, shortCircuit, onShutdown, changes));
  }

  @Override
  String label() {
    return "LocalCacheShadow";
  }

  /** A replica deleted: the models are told. */
  @Override
  public void deleted(String poolId, long blockId) {
    feed.removed(new BlockId(poolId, blockId));
  }

  /** A replica changed: the models are told. */
  @Override
  public void changed(String poolId, long blockId, InvalidationCause cause, long newGenStamp) {
    feed.rewritten(new BlockId(poolId, blockId), newGenStamp);
  }

  @Override
  Object handle(DatasetCall call, Method m, Object[] args) throws Throwable {
    switch (call) {
      case DATA_STREAM:
        return reads.openData(
            (ExtendedBlock) args[0], (Long) args[1], () -> (InputStream) forwardRead(m, args));
      case SHUTDOWN:
        try {
          return forward(m, args);
        } finally {
          try {
            onShutdown.close();
          } catch (Exception e) {
            LOG.warn("hdfs-local-cache: closing the shadow metrics failed", e);
          }
          feed.close();
        }
      default:
        return forward(m, args);
    }
  }
}
