package io.hdfslocalcache.namenode.routing;

import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NodeBase;

/** Real DataNode descriptors and the locations the NameNode builds from them. */
final class Replicas {
  private Replicas() {}

  static DatanodeDescriptor dataNode(int i, String rack) {
    DatanodeID id = new DatanodeID("10.0.0." + i, "dn" + i, "uuid-" + i, 9866, 9864, 9865, 9867);
    return new DatanodeDescriptor(id, rack);
  }

  /** A location as BlockManager.createLocatedBlock builds it: a copy with a storage ID. */
  static DatanodeInfoWithStorage replica(DatanodeDescriptor dn, String storageId) {
    return new DatanodeInfoWithStorage(dn, storageId, StorageType.DISK);
  }

  /** A client that is not a DataNode, on a rack: what DatanodeManager builds for it. */
  static NodeBase client(String rack) {
    return new NodeBase("client-host", rack);
  }
}
