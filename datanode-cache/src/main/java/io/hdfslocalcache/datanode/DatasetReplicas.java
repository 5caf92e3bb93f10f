package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import org.apache.hadoop.hdfs.protocol.BlockLocalPathInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.ReplicaState;
import org.apache.hadoop.hdfs.server.datanode.Replica;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/** {@link HddReplicas} over the DataNode's real dataset (the one the proxy wraps). */
final class DatasetReplicas implements HddReplicas {
  private final FsDatasetSpi<?> dataset;

  DatasetReplicas(FsDatasetSpi<?> dataset) {
    this.dataset = dataset;
  }

  @Override
  public ReplicaVersion replica(BlockId id) {
    Replica r = dataset.getReplica(id.poolId(), id.blockId());
    return r == null
        ? null
        : new ReplicaVersion(
            r.getState() == ReplicaState.FINALIZED, r.getGenerationStamp(), r.getNumBytes());
  }

  @Override
  public LengthInputStream openMeta(ExtendedBlock b) throws IOException {
    return dataset.getMetaDataInputStream(b);
  }

  @Override
  public InputStream openData(ExtendedBlock b, long offset) throws IOException {
    return dataset.getBlockInputStream(b, offset);
  }

  @Override
  public boolean filesExist(ExtendedBlock b) {
    try {
      BlockLocalPathInfo info = dataset.getBlockLocalPathInfo(b);
      return info != null
          && Files.isRegularFile(Paths.get(info.getBlockPath()))
          && Files.isRegularFile(Paths.get(info.getMetaPath()));
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
