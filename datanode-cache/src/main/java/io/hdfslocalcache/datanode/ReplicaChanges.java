package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.invalidate.InvalidationCause;
import java.lang.reflect.Method;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.protocol.BlockRecoveryCommand.RecoveringBlock;

/**
 * The dataset calls that delete a replica or change its bytes (append, recovery, truncate), and the
 * blocks each one names: what a cached copy, or a shadow model's, must drop before the call goes
 * on. One list for both dataset wrappers; {@code CachingDatasetTest} pins the signatures.
 */
final class ReplicaChanges {
  /** Told each block a call deletes or changes. */
  interface Sink {
    /** The replica goes: every version of the block. */
    void deleted(String poolId, long blockId);

    /** The replica will have generation stamp {@code newGenStamp} once {@code cause} is done. */
    void changed(String poolId, long blockId, InvalidationCause cause, long newGenStamp);
  }

  private ReplicaChanges() {}

  /** Tells {@code sink} each block call {@code m} changes; nothing for any other call. */
  static void tell(Method m, Object[] args, Sink sink) {
    int n = args == null ? 0 : args.length;
    switch (m.getName()) {
      case "invalidate":
        if (n >= 2 && args[1] instanceof Block[]) {
          for (Block b : (Block[]) args[1]) {
            sink.deleted((String) args[0], b.getBlockId());
          }
        }
        break;
      case "invalidateMissingBlock":
        if (n == 2) {
          sink.deleted((String) args[0], ((Block) args[1]).getBlockId());
        }
        break;
      case "append":
      case "recoverAppend":
      case "recoverClose":
        // (block, newGS, expectedBlockLen)
        changed((ExtendedBlock) args[0], InvalidationCause.APPEND, (Long) args[1], sink);
        break;
      case "initReplicaRecovery":
        RecoveringBlock rb = (RecoveringBlock) args[0];
        changed(rb.getBlock(), InvalidationCause.RECOVERY, rb.getNewGenerationStamp(), sink);
        break;
      case "updateReplicaUnderRecovery":
        // (oldBlock, recoveryId = the new generation stamp, newBlockId, newLength)
        changed((ExtendedBlock) args[0], InvalidationCause.RECOVERY, (Long) args[1], sink);
        break;
      default:
        break;
    }
  }

  private static void changed(ExtendedBlock b, InvalidationCause cause, long newGs, Sink sink) {
    sink.changed(b.getBlockPoolId(), b.getBlockId(), cause, newGs);
  }
}
