package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import io.hdfslocalcache.datanode.invalidate.Invalidator;
import io.hdfslocalcache.datanode.read.ReadRouter;
import io.hdfslocalcache.datanode.restore.Restorer;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.shadow.ShadowFeed;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.util.Optional;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/**
 * The dataset wrapper of cache mode: forwards every call to the real dataset and intercepts only
 * reads, invalidations and lifecycle. The methods intercepted here exist, with these parameters, in
 * Hadoop 3.3 to 3.5 ({@code CachingDatasetTest} checks against the compiled interface).
 *
 * <p>Mutations drop the cache entry <em>before</em> forwarding, so no reader starts on the old
 * cached copy once the HDD copy may change; shadow candidates running beside the cache are told
 * too.
 */
final class CachingDataset extends DatasetProxy {
  private final CacheLifecycle cache;
  private final ReadRouter router;
  private final Restorer restorer;
  private final Invalidator invalidator;
  private final ReadTap tap;

  private CachingDataset(
      FsDatasetSpi<?> inner,
      CacheLifecycle cache,
      CacheWiring wiring,
      Optional<ShadowFeed> shadow) {
    super(inner, shadow, wiring.shortCircuit, new ReplicaChanges());
    this.cache = cache;
    this.router = wiring.router;
    this.restorer = wiring.restorer;
    this.invalidator = wiring.invalidator;
    this.tap = shadow.isPresent() ? shadow.get() : ReadTap.NONE;
  }

  /**
   * {@code inner} served through the cache's {@code wiring} (reads go to its router directly),
   * closed with {@code cache}; {@code shadow} runs beside it, if present.
   */
  static FsDatasetSpi<?> wrap(
      FsDatasetSpi<?> inner,
      CacheLifecycle cache,
      CacheWiring wiring,
      Optional<ShadowFeed> shadow) {
    return proxy(new CachingDataset(inner, cache, wiring, shadow));
  }

  /** The cache behind a wrapped dataset, or null if {@code dataset} is not one of ours. */
  static CacheLifecycle cacheOf(Object dataset) {
    Optional<DatasetProxy> p = of(dataset);
    return p.isPresent() && p.get() instanceof CachingDataset
        ? ((CachingDataset) p.get()).cache
        : null;
  }

  @Override
  String label() {
    return "LocalCache";
  }

  /** A replica deleted: the cached copy goes, and the shadow models are told. */
  @Override
  public void deleted(String poolId, long blockId) {
    invalidator.drop(new BlockId(poolId, blockId), InvalidationCause.DELETE);
    tap.removed(new BlockId(poolId, blockId));
  }

  /** A replica changed: the cached copy goes, and the shadow models are told. */
  @Override
  public void changed(String poolId, long blockId, InvalidationCause cause, long newGenStamp) {
    invalidator.drop(new BlockId(poolId, blockId), cause);
    tap.rewritten(new BlockId(poolId, blockId), newGenStamp);
  }

  @Override
  Object handle(DatasetCall call, Method m, Object[] args) throws Throwable {
    switch (call) {
      case META_STREAM:
        return router.openMeta(
            (ExtendedBlock) args[0], () -> (LengthInputStream) forwardRead(m, args));
      case DATA_STREAM:
        return router.openData(
            (ExtendedBlock) args[0], (Long) args[1], () -> (InputStream) forwardRead(m, args));
      case ADD_BLOCK_POOL:
        {
          Object r = forward(m, args);
          restorer.restorePool((String) args[0]);
          return r;
        }
      case SHUTDOWN_BLOCK_POOL:
        restorer.detachPool((String) args[0]);
        return forward(m, args);
      case DELETE_BLOCK_POOL:
        {
          Object r = forward(m, args); // refused (pool not empty, no force): nothing is dropped
          restorer.deletePool((String) args[0]);
          return r;
        }
      case REMOVE_VOLUMES:
        {
          Object r = forward(m, args);
          invalidator.dropMissing();
          return r;
        }
      case SHUTDOWN:
        try {
          return forward(m, args);
        } finally {
          cache.close();
        }
      default:
        return forward(m, args);
    }
  }
}
