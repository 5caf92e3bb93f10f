package io.hdfslocalcache.datanode.read;

import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.hdd.HddReplicas;
import io.hdfslocalcache.datanode.hdd.ReplicaVersion;
import io.hdfslocalcache.datanode.shadow.ClientRead;
import io.hdfslocalcache.datanode.shadow.ReadTap;
import io.hdfslocalcache.datanode.shadow.RealRead;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/**
 * Shadow mode's read path: every stream is the inner dataset's own. The data stream of a client
 * read of a finalized replica (the reads admission would count) is only wrapped to count its bytes
 * (still a {@code FileInputStream} on the same descriptor, so transferTo and fadvise are kept), and
 * told to the tap when it closes with its offset and length, as the DataNode's clienttrace line
 * reports the read. Meta streams, scanner, balancer, replication and short-circuit opens are not
 * touched at all.
 */
public final class ShadowReads {
  private final HddReplicas hdd;
  private final ReadTap tap;

  public ShadowReads(HddReplicas hdd, ReadTap tap) {
    this.hdd = hdd;
    this.tap = tap;
  }

  /** {@code getBlockInputStream}: the dataset's stream, counted for a client read. */
  public InputStream openData(ExtendedBlock b, long offset, ReadRouter.HddOpen<InputStream> data)
      throws IOException {
    InputStream in = data.open();
    if (in == null || !ReadCaller.current().countsForAdmission) {
      return in;
    }
    BlockId id = new BlockId(b.getBlockPoolId(), b.getBlockId());
    long gs = b.getGenerationStamp();
    ReplicaVersion r = hdd.replica(id);
    if (!ReplicaVersion.isFinalized(r, gs)) {
      return in; // being written or recovered: a cache would never hold it
    }
    long length = r.length();
    return ReadAccounting.counted(
        in, bytes -> tap.read(new ClientRead(id, gs, length, offset, bytes, RealRead.NO_CACHE, 0)));
  }
}
