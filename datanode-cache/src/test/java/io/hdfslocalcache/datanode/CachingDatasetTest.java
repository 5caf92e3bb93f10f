package io.hdfslocalcache.datanode;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertNull;

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
  private static void has(String name, Class<?>... params) {
    assertDoesNotThrow(() -> FsDatasetSpi.class.getMethod(name, params), name);
  }

  @Test
  void interceptedMethods_existWithExpectedSignatures_inCompiledInterface() {
    has("getMetaDataInputStream", ExtendedBlock.class);
    has("getBlockInputStream", ExtendedBlock.class, long.class);
    has("invalidate", String.class, Block[].class);
    has("invalidateMissingBlock", String.class, Block.class);
    has("append", ExtendedBlock.class, long.class, long.class);
    has("recoverAppend", ExtendedBlock.class, long.class, long.class);
    has("recoverClose", ExtendedBlock.class, long.class, long.class);
    has("initReplicaRecovery", RecoveringBlock.class);
    has("updateReplicaUnderRecovery", ExtendedBlock.class, long.class, long.class, long.class);
    has("shutdownBlockPool", String.class);
    has("deleteBlockPool", String.class, boolean.class);
    has("removeVolumes", java.util.Collection.class, boolean.class);
    has("shutdown");
    has("moveBlockAcrossStorage", ExtendedBlock.class, StorageType.class, String.class);
  }

  @Test
  void cacheOf_plainObject_returnsNull() {
    assertNull(CachingDataset.cacheOf(new Object()));
    assertNull(CachingDataset.cacheOf(null));
  }
}
