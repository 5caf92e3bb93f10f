package io.hdfslocalcache.datanode.hdd;

import io.hdfslocalcache.datanode.block.BlockId;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/** The dataset as a map the test fills: which replicas exist, and whose files are gone. */
public final class FakeReplicas implements HddReplicas {
  public final Map<BlockId, ReplicaVersion> replicas = new ConcurrentHashMap<>();

  /** Replicas the dataset lists but whose files are not on disk. */
  public final Set<Long> filesGone = ConcurrentHashMap.newKeySet();

  /** A FINALIZED replica of this version. */
  public void finalized(BlockId id, long gs, long length) {
    replicas.put(id, new ReplicaVersion(true, gs, length));
  }

  @Override
  public ReplicaVersion replica(BlockId id) {
    return replicas.get(id);
  }

  @Override
  public LengthInputStream openMeta(ExtendedBlock b) {
    throw new UnsupportedOperationException("no HDD reads in decision tests");
  }

  @Override
  public InputStream openData(ExtendedBlock b, long offset) {
    throw new UnsupportedOperationException("no HDD reads in decision tests");
  }

  @Override
  public boolean filesExist(ExtendedBlock b) {
    return replicas.containsKey(new BlockId(b.getBlockPoolId(), b.getBlockId()))
        && !filesGone.contains(b.getBlockId());
  }
}
