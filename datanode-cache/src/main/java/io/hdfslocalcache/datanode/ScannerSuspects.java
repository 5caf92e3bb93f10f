package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.hdd.SuspectOutcome;
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
 * {@link SuspectReplicas} over the DataNode. With the block scanner enabled the replica is queued
 * for a priority rescan on its volume ({@code BlockScanner.markSuspectBlock}, as {@code
 * DataNode.handleBadBlock} does; the scanner re-reads it, reports it to the NameNode if it is bad,
 * and skips blocks it rescanned recently). With the scanner disabled nothing is reported: a fill's
 * checksum check is a client's check, and stock HDFS reports what a client finds only when another
 * replica proves the client sound (a client finding every replica bad reports none), so a direct
 * report would tell the NameNode what it would not learn without the cache.
 *
 * <p>{@code markSuspectBlock(String storageId, ExtendedBlock)} is package-private in Hadoop 3.3
 * through 3.5, so it is called reflectively; should it be missing, the replica is left to the
 * scanner's regular pass, as with the scanner off.
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
  public SuspectOutcome suspect(ExtendedBlock b) {
    try {
      FsVolumeSpi volume = dataset.getVolume(b);
      if (volume == null) {
        LOG.warn("hdfs-local-cache: corrupt HDD replica {} not reported: no volume holds it", b);
        return SuspectOutcome.FAILED;
      }
      BlockScanner scanner = datanode.getBlockScanner();
      if (MARK_SUSPECT == null || scanner == null || !scanner.isEnabled()) {
        LOG.warn(
            "hdfs-local-cache: HDD replica {} on {} failed its checksums; not cached, not"
                + " reported (block scanner disabled)",
            b,
            volume.getStorageID());
        return SuspectOutcome.SCANNER_OFF;
      }
      MARK_SUSPECT.invoke(scanner, volume.getStorageID(), b);
      LOG.warn(
          "hdfs-local-cache: HDD replica {} on {} failed its checksums; handed to the"
              + " block scanner",
          b,
          volume.getStorageID());
      return SuspectOutcome.HANDED_TO_SCANNER;
    } catch (Exception e) {
      LOG.warn("hdfs-local-cache: corrupt HDD replica {} not reported", b, e);
      return SuspectOutcome.FAILED;
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
              + " replicas found by fills are left to the block scanner's regular pass",
          e.toString());
      return null;
    }
  }
}
