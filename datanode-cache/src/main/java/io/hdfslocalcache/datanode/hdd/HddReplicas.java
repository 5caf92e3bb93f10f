package io.hdfslocalcache.datanode.hdd;

import io.hdfslocalcache.datanode.block.BlockId;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;

/**
 * The HDD copy, the truth every cached byte is checked against: the only view of the DataNode's
 * dataset the cache's parts get. The root package implements it over {@code FsDatasetSpi}; tests of
 * admission, eviction, restore and invalidation decisions use a fake.
 */
public interface HddReplicas {
  /** The replica the dataset holds for the block now, or null when it has none. */
  ReplicaVersion replica(BlockId id);

  /** The replica's meta file from its start, or null when the dataset has none. */
  LengthInputStream openMeta(ExtendedBlock b) throws IOException;

  /** The replica's block file from {@code offset}. */
  InputStream openData(ExtendedBlock b, long offset) throws IOException;

  /**
   * True if both files of the replica are on disk (the DataNode may rebuild its replica map from a
   * saved file without looking at the disk).
   */
  boolean filesExist(ExtendedBlock b);
}
