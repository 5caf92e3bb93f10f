package io.hdfslocalcache.datanode;

import java.lang.reflect.Method;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;

/**
 * What a dataset wrapper does with one call, decided once per method of the running {@link
 * FsDatasetSpi} (when this class loads) from its name and parameter types, not by comparing names
 * on every call: a call costs one map lookup and a switch on this enum, and a read never goes
 * through the write side's rules ({@link ReplicaChanges}). The names and shapes are those of Hadoop
 * 3.3 to 3.5; {@code CachingDatasetTest} pins them to the compiled interface.
 */
enum DatasetCall {
  /** {@code getMetaDataInputStream(ExtendedBlock)}: a read's first call, which picks the copy. */
  META_STREAM,
  /** {@code getBlockInputStream(ExtendedBlock, long)}. */
  DATA_STREAM,
  /** {@code getBlockLocalPathInfo(ExtendedBlock)}: the legacy short-circuit reader's paths. */
  LOCAL_PATH_INFO,
  ADD_BLOCK_POOL,
  SHUTDOWN_BLOCK_POOL,
  /** {@code deleteBlockPool(String, boolean)}. */
  DELETE_BLOCK_POOL,
  REMOVE_VOLUMES,
  SHUTDOWN,
  /** {@code invalidate(String, Block[], ...)}: replicas deleted. */
  INVALIDATE,
  /** {@code invalidateMissingBlock(String, Block)} (Hadoop 3.4+). */
  INVALIDATE_MISSING_BLOCK,
  /** {@code append}, {@code recoverAppend}, {@code recoverClose}: (block, newGS, expectedLen). */
  APPEND,
  /** {@code initReplicaRecovery(RecoveringBlock)}. */
  INIT_REPLICA_RECOVERY,
  /** {@code updateReplicaUnderRecovery(oldBlock, recoveryId, newBlockId, newLength)}. */
  UPDATE_REPLICA_UNDER_RECOVERY,
  EQUALS,
  HASH_CODE,
  TO_STRING,
  /** Everything else: straight to the real dataset. */
  FORWARD;

  private static final Map<Method, DatasetCall> BY_METHOD = byMethod();

  /**
   * The call {@code m} is; the proxy passes the interface's own {@link Method}s, all in the map.
   */
  static DatasetCall of(Method m) {
    DatasetCall c = BY_METHOD.get(m);
    return c != null ? c : classify(m);
  }

  private static Map<Method, DatasetCall> byMethod() {
    Map<Method, DatasetCall> out = new HashMap<>();
    for (Method m : FsDatasetSpi.class.getMethods()) {
      out.put(m, classify(m));
    }
    for (Method m : Object.class.getMethods()) {
      out.put(m, classify(m));
    }
    return Collections.unmodifiableMap(out);
  }

  static DatasetCall classify(Method m) {
    Class<?>[] p = m.getParameterTypes();
    int n = p.length;
    switch (m.getName()) {
      case "getMetaDataInputStream":
        return n == 1 ? META_STREAM : FORWARD;
      case "getBlockInputStream":
        return n == 2 ? DATA_STREAM : FORWARD;
      case "getBlockLocalPathInfo":
        return n == 1 ? LOCAL_PATH_INFO : FORWARD;
      case "addBlockPool":
        return ADD_BLOCK_POOL;
      case "shutdownBlockPool":
        return SHUTDOWN_BLOCK_POOL;
      case "deleteBlockPool":
        return n == 2 ? DELETE_BLOCK_POOL : FORWARD;
      case "removeVolumes":
        return REMOVE_VOLUMES;
      case "shutdown":
        return SHUTDOWN;
      case "invalidate":
        return n >= 2 && p[1] == Block[].class ? INVALIDATE : FORWARD;
      case "invalidateMissingBlock":
        return n == 2 ? INVALIDATE_MISSING_BLOCK : FORWARD;
      case "append":
      case "recoverAppend":
      case "recoverClose":
        return APPEND;
      case "initReplicaRecovery":
        return INIT_REPLICA_RECOVERY;
      case "updateReplicaUnderRecovery":
        return UPDATE_REPLICA_UNDER_RECOVERY;
      case "equals":
        return n == 1 && p[0] == Object.class ? EQUALS : FORWARD;
      case "hashCode":
        return n == 0 ? HASH_CODE : FORWARD;
      case "toString":
        return n == 0 ? TO_STRING : FORWARD;
      default:
        return FORWARD;
    }
  }
}
