package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.hdd.SuspectReplicas;
import java.lang.reflect.Method;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockScanner;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link SuspectReplicas} over the DataNode, as {@code DataNode.handleBadBlock} does for a bad
 * block found outside the scanner: with the block scanner enabled the replica is queued for a
 * priority rescan on its volume ({@code BlockScanner.markSuspectBlock}; the scanner re-reads it,
 * reports it to the NameNode if it is bad, and skips blocks it rescanned recently); with the
 * scanner disabled it is reported to the NameNode directly.
 *
 * <p>{@code markSuspectBlock(String storageId, ExtendedBlock)} is package-private in Hadoop 3.3
 * through 3.5, so it is called reflectively; should it be missing, the direct report is used.
 */
final class ScannerSuspects implements SuspectReplicas {
  private static final Logger LOG = LoggerFactory.getLogger(ScannerSuspects.class);
  private static final Method MARK_SUSPECT = markSuspectBlock();

  private final DataNode datanode;
  private final FsDatasetSpi<?> dataset;

  ScannerSuspects(DataNode datanode, FsDatasetSpi<?> dataset) {
    this.datanode = datanode;
    this.dataset = dataset;
  }

  @Override
  public boolean suspect(ExtendedBlock b) {
    try {
      FsVolumeSpi volume = dataset.getVolume(b);
      if (volume == null) {
        LOG.warn("hdfs-local-cache: corrupt HDD replica {} not reported: no volume holds it", b);
        return false;
      }
      BlockScanner scanner = datanode.getBlockScanner();
      if (MARK_SUSPECT != null && scanner != null && scanner.isEnabled()) {
        MARK_SUSPECT.invoke(scanner, volume.getStorageID(), b);
        LOG.warn(
            "hdfs-local-cache: HDD replica {} on {} failed its checksums; handed to the"
                + " block scanner",
            b,
            volume.getStorageID());
      } else {
        datanode.reportBadBlocks(b, volume);
        LOG.warn(
            "hdfs-local-cache: HDD replica {} on {} failed its checksums; reported to the"
                + " NameNode (block scanner disabled)",
            b,
            volume.getStorageID());
      }
      return true;
    } catch (Exception e) {
      LOG.warn("hdfs-local-cache: corrupt HDD replica {} not reported", b, e);
      return false;
    }
  }

  private static Method markSuspectBlock() {
    try {
      Method m =
          BlockScanner.class.getDeclaredMethod(
              "markSuspectBlock", String.class, ExtendedBlock.class);
      m.setAccessible(true);
      return m;
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.warn(
          "hdfs-local-cache: BlockScanner.markSuspectBlock unavailable ({}); corrupt HDD"
              + " replicas found by fills are reported to the NameNode directly",
          e.toString());
      return null;
    }
  }
}
