package io.hdfslocalcache.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Field;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.checker.DatasetVolumeChecker;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;

/**
 * What Hadoop has held against a DataNode's HDD volumes: disk checks of single volumes ({@code
 * DataNode.checkDiskErrorAsync}, as its volume checker counts them) and file-I/O errors (the
 * volumes' {@code TotalFileIoErrors}), both of which {@code FileIoProvider} records for a failed
 * packet send. Taken before a read and compared after it.
 */
final class HddVolumeCounts {
  final long diskChecks;
  final long fileIoErrors;

  private HddVolumeCounts(long diskChecks, long fileIoErrors) {
    this.diskChecks = diskChecks;
    this.fileIoErrors = fileIoErrors;
  }

  /** Makes both observable: file-I/O errors count only with profiling on; no check is skipped. */
  static void enable(Configuration conf) {
    conf.setInt(DFSConfigKeys.DFS_DATANODE_FILEIO_PROFILING_SAMPLING_PERCENTAGE_KEY, 100);
    conf.setLong(DFSConfigKeys.DFS_DATANODE_DISK_CHECK_MIN_GAP_KEY, 0);
  }

  static HddVolumeCounts of(DataNode dn) throws IOException, ReflectiveOperationException {
    Field f = DataNode.class.getDeclaredField("volumeChecker");
    f.setAccessible(true);
    long checks = ((DatasetVolumeChecker) f.get(dn)).getNumVolumeChecks();
    long errors = 0;
    try (FsDatasetSpi.FsVolumeReferences refs = dn.getFSDataset().getFsVolumeReferences()) {
      for (FsVolumeSpi v : refs) {
        errors += v.getMetrics().getTotalFileIoErrors();
      }
    }
    return new HddVolumeCounts(checks, errors);
  }

  /** Asserts that nothing was held against the HDD volumes of {@code dn} since these counts. */
  void assertUnchanged(DataNode dn) throws IOException, ReflectiveOperationException {
    HddVolumeCounts now = of(dn);
    assertEquals(diskChecks, now.diskChecks, "disk checks of the HDD volume");
    assertEquals(fileIoErrors, now.fileIoErrors, "file-I/O errors of the HDD volume");
  }
}
