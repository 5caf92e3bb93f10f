package io.hdfslocalcache.namenode.routing;

import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.net.Node;

/**
 * The rendezvous key of a block, derived from its replica set because {@code
 * NetworkTopology.sortByDistance} is not given the block (Hadoop 3.3-3.5: reader, the
 * LocatedBlock's {@code DatanodeInfoWithStorage[]}, the active length and the secondary sorter).
 *
 * <p>The key is the sum of the mixed hashes of the replicas' storage IDs, over every replica in the
 * array (the inactive suffix too: a stale owner keeps the key, and its readers go to the next
 * replica in hash order). Order-independent, so every reader of a block computes the same key; with
 * several volumes per DataNode it varies per block like a random key. Its limits: two blocks on the
 * same storages share a key (and so an owner); a replica that moves (balancer, disk balancer,
 * re-replication after a DataNode is declared dead) changes the key and so, with probability about
 * 2/3, the owner. {@code String.hashCode} is cached in the storage ID's String, which the NameNode
 * keeps for the life of the storage, so the key costs no hashing of characters.
 */
final class ReplicaKey {
  private ReplicaKey() {}

  /** Whether the nodes carry what a key and the node scores are made of. */
  enum Keyability {
    /** Every node is a DatanodeInfoWithStorage with a storage ID and a DataNode UUID. */
    KEYED,
    /** Some node lacks a storage ID or a UUID: the group is ordered as stock orders it. */
    NO_STORAGE_IDS
  }

  static Keyability keyability(Node[] nodes) {
    for (Node node : nodes) {
      if (!(node instanceof DatanodeInfoWithStorage)) {
        return Keyability.NO_STORAGE_IDS;
      }
      DatanodeInfoWithStorage replica = (DatanodeInfoWithStorage) node;
      if (replica.getStorageID() == null || replica.getDatanodeUuid() == null) {
        return Keyability.NO_STORAGE_IDS;
      }
    }
    return Keyability.KEYED;
  }

  /** The key of a replica set; only for nodes whose {@link #keyability} is KEYED. */
  static long of(Node[] nodes) {
    long key = 0;
    for (Node node : nodes) {
      key += Rendezvous.mix64(((DatanodeInfoWithStorage) node).getStorageID().hashCode());
    }
    return key;
  }

  /** A DataNode's hash for the scores: its UUID survives restarts and address changes. */
  static long nodeHash(Node node) {
    return Rendezvous.mix64(((DatanodeInfo) node).getDatanodeUuid().hashCode());
  }
}
