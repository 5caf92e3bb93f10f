package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.protocol.BlockRecoveryCommand.RecoveringBlock;

/**
 * The dataset calls that delete a replica or change its bytes (append, recovery, truncate), and the
 * blocks each one names: what a cached copy, or a shadow model's, must drop before the call goes
 * on. One list for both dataset wrappers, each given its instance; {@link DatasetCall} recognises
 * the calls, once per method, and {@code CachingDatasetTest} pins their signatures. Not final: a
 * test hands a wrapper a subclass that records what it is told.
 */
class ReplicaChanges {
  /** Told each block a call deletes or changes. */
  interface Sink {
    /** The replica goes: every version of the block. */
    void deleted(String poolId, long blockId);

    /** The replica will have generation stamp {@code newGenStamp} once {@code cause} is done. */
    void changed(String poolId, long blockId, InvalidationCause cause, long newGenStamp);
  }

  /**
   * Tells {@code sink} each block {@code call} deletes or changes; the wrapper hands over only
   * those calls, never a read.
   */
  void tell(DatasetCall call, Object[] args, Sink sink) {
    switch (call) {
      case INVALIDATE:
        for (Block b : (Block[]) args[1]) {
          sink.deleted((String) args[0], b.getBlockId());
        }
        break;
      case INVALIDATE_MISSING_BLOCK:
        sink.deleted((String) args[0], ((Block) args[1]).getBlockId());
        break;
      case APPEND:
        // (block, newGS, expectedBlockLen)
        changed((ExtendedBlock) args[0], InvalidationCause.APPEND, (Long) args[1], sink);
        break;
      case INIT_REPLICA_RECOVERY:
        RecoveringBlock rb = (RecoveringBlock) args[0];
        changed(rb.getBlock(), InvalidationCause.RECOVERY, rb.getNewGenerationStamp(), sink);
        break;
      case UPDATE_REPLICA_UNDER_RECOVERY:
        // (oldBlock, recoveryId = the new generation stamp, newBlockId, newLength)
        changed((ExtendedBlock) args[0], InvalidationCause.RECOVERY, (Long) args[1], sink);
        break;
      default:
        throw new IllegalArgumentException(call + " changes no replica");
    }
  }

  private static void changed(ExtendedBlock b, InvalidationCause cause, long newGs, Sink sink) {
    sink.changed(b.getBlockPoolId(), b.getBlockId(), cause, newGs);
  }
}
