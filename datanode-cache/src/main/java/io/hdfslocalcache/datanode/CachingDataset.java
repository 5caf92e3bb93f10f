package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.hdfs.server.protocol.BlockRecoveryCommand.RecoveringBlock;

/**
 * The dataset wrapper: a {@link Proxy} over {@link FsDatasetSpi} that forwards every call to the
 * real dataset and intercepts only reads, invalidations and lifecycle. A proxy rather than a
 * hand-written forwarder because the interface differs between Hadoop 3.3 and 3.4+; the methods
 * intercepted here exist, with these parameters, in all of them ({@code CachingDatasetTest} checks
 * against the compiled interface).
 *
 * <p>Mutations drop the cache entry <em>before</em> forwarding, so no reader starts on the old
 * cached copy once the HDD copy may change.
 */
final class CachingDataset implements InvocationHandler {
  private final FsDatasetSpi<?> inner;
  private final BlockCache cache;

  private CachingDataset(FsDatasetSpi<?> inner, BlockCache cache) {
    this.inner = inner;
    this.cache = cache;
  }

  static FsDatasetSpi<?> wrap(FsDatasetSpi<?> inner, BlockCache cache) {
    return (FsDatasetSpi<?>)
        Proxy.newProxyInstance(
            FsDatasetSpi.class.getClassLoader(),
            new Class<?>[] {FsDatasetSpi.class},
            new CachingDataset(inner, cache));
  }

  /** The cache behind a wrapped dataset, or null if {@code dataset} is not one of ours. */
  static BlockCache cacheOf(Object dataset) {
    if (dataset != null
        && Proxy.isProxyClass(dataset.getClass())
        && Proxy.getInvocationHandler(dataset) instanceof CachingDataset) {
      return ((CachingDataset) Proxy.getInvocationHandler(dataset)).cache;
    }
    return null;
  }

  @Override
  public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
    int n = args == null ? 0 : args.length;
    switch (m.getName()) {
      case "getMetaDataInputStream":
        if (n == 1) {
          return cache
              .router()
              .openMeta((ExtendedBlock) args[0], () -> (LengthInputStream) forwardRead(m, args));
        }
        break;
      case "getBlockInputStream":
        if (n == 2) {
          return cache
              .router()
              .openData(
                  (ExtendedBlock) args[0],
                  (Long) args[1],
                  () -> (InputStream) forwardRead(m, args));
        }
        break;
      case "invalidate":
        if (n >= 2 && args[1] instanceof Block[]) {
          cache.invalidate((String) args[0], (Block[]) args[1], InvalidationCause.DELETE);
        }
        break;
      case "invalidateMissingBlock":
        if (n == 2) {
          cache.invalidate(
              (String) args[0], new Block[] {(Block) args[1]}, InvalidationCause.DELETE);
        }
        break;
      case "append":
      case "recoverAppend":
      case "recoverClose":
        cache.invalidate((ExtendedBlock) args[0], InvalidationCause.APPEND);
        break;
      case "initReplicaRecovery":
        cache.invalidate(((RecoveringBlock) args[0]).getBlock(), InvalidationCause.RECOVERY);
        break;
      case "updateReplicaUnderRecovery":
        cache.invalidate((ExtendedBlock) args[0], InvalidationCause.RECOVERY);
        break;
      case "addBlockPool":
        {
          Object r = forward(m, args);
          cache.restorer().restorePool((String) args[0]);
          return r;
        }
      case "shutdownBlockPool":
        cache.restorer().detachPool((String) args[0]);
        break;
      case "deleteBlockPool":
        if (n == 2) {
          Object r = forward(m, args); // refused (pool not empty, no force): nothing is dropped
          cache.restorer().deletePool((String) args[0]);
          return r;
        }
        break;
      case "removeVolumes":
        {
          Object r = forward(m, args);
          cache.invalidateMissing();
          return r;
        }
      case "shutdown":
        {
          try {
            return forward(m, args);
          } finally {
            cache.close();
          }
        }
      case "equals":
        if (n == 1 && m.getParameterTypes()[0] == Object.class) {
          return proxy == args[0];
        }
        break;
      case "hashCode":
        if (n == 0) {
          return System.identityHashCode(proxy);
        }
        break;
      case "toString":
        if (n == 0) {
          return "LocalCache(" + inner + ")";
        }
        break;
      default:
        break;
    }
    return forward(m, args);
  }

  /** {@link #forward} for the stream opens, which declare only IOException. */
  private Object forwardRead(Method m, Object[] args) throws IOException {
    try {
      return forward(m, args);
    } catch (IOException | RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IOException(t);
    }
  }

  private Object forward(Method m, Object[] args) throws Throwable {
    try {
      return m.invoke(inner, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
