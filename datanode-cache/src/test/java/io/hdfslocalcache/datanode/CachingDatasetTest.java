package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.reflect.Method;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.protocol.BlockRecoveryCommand.RecoveringBlock;
import org.junit.jupiter.api.Test;

/**
 * The proxy intercepts by name and argument shape; this pins those shapes to the compiled
 * interface, giving back the compile-time check a hand-written forwarder would have had.
 */
class CachingDatasetTest {
  /** {@code name(params)} is in the interface, and the wrappers take it for {@code call}. */
  private static void has(DatasetCall call, String name, Class<?>... params) {
    Method m = assertDoesNotThrow(() -> FsDatasetSpi.class.getMethod(name, params), name);
    assertEquals(call, DatasetCall.of(m), name);
  }

  @Test
  void interceptedMethods_existWithExpectedSignatures_inCompiledInterface() {
    has(DatasetCall.META_STREAM, "getMetaDataInputStream", ExtendedBlock.class);
    has(DatasetCall.DATA_STREAM, "getBlockInputStream", ExtendedBlock.class, long.class);
    has(DatasetCall.LOCAL_PATH_INFO, "getBlockLocalPathInfo", ExtendedBlock.class);
    has(DatasetCall.INVALIDATE, "invalidate", String.class, Block[].class);
    has(DatasetCall.INVALIDATE_MISSING_BLOCK, "invalidateMissingBlock", String.class, Block.class);
    has(DatasetCall.APPEND, "append", ExtendedBlock.class, long.class, long.class);
    has(DatasetCall.APPEND, "recoverAppend", ExtendedBlock.class, long.class, long.class);
    has(DatasetCall.APPEND, "recoverClose", ExtendedBlock.class, long.class, long.class);
    has(DatasetCall.INIT_REPLICA_RECOVERY, "initReplicaRecovery", RecoveringBlock.class);
    has(
        DatasetCall.UPDATE_REPLICA_UNDER_RECOVERY,
        "updateReplicaUnderRecovery",
        ExtendedBlock.class,
        long.class,
        long.class,
        long.class);
    has(DatasetCall.SHUTDOWN_BLOCK_POOL, "shutdownBlockPool", String.class);
    has(DatasetCall.DELETE_BLOCK_POOL, "deleteBlockPool", String.class, boolean.class);
    has(DatasetCall.REMOVE_VOLUMES, "removeVolumes", java.util.Collection.class, boolean.class);
    has(DatasetCall.SHUTDOWN, "shutdown");
    has(
        DatasetCall.ADD_BLOCK_POOL,
        "addBlockPool",
        String.class,
        org.apache.hadoop.conf.Configuration.class);
    has(
        DatasetCall.FORWARD,
        "moveBlockAcrossStorage",
        ExtendedBlock.class,
        StorageType.class,
        String.class);
  }

  @Test
  void cacheOf_plainObject_returnsNull() {
    assertNull(CachingDataset.cacheOf(new Object()));
    assertNull(CachingDataset.cacheOf(null));
  }
}
