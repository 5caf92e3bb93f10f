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
  /** Told each block a call changes. */
  interface Sink {
    void changed(String poolId, long blockId, InvalidationCause cause);
  }

  private ReplicaChanges() {}

  /** Tells {@code sink} each block call {@code m} changes; nothing for any other call. */
  static void tell(Method m, Object[] args, Sink sink) {
    int n = args == null ? 0 : args.length;
    switch (m.getName()) {
      case "invalidate":
        if (n >= 2 && args[1] instanceof Block[]) {
          for (Block b : (Block[]) args[1]) {
            sink.changed((String) args[0], b.getBlockId(), InvalidationCause.DELETE);
          }
        }
        break;
      case "invalidateMissingBlock":
        if (n == 2) {
          sink.changed((String) args[0], ((Block) args[1]).getBlockId(), InvalidationCause.DELETE);
        }
        break;
      case "append":
      case "recoverAppend":
      case "recoverClose":
        extended((ExtendedBlock) args[0], InvalidationCause.APPEND, sink);
        break;
      case "initReplicaRecovery":
        extended(((RecoveringBlock) args[0]).getBlock(), InvalidationCause.RECOVERY, sink);
        break;
      case "updateReplicaUnderRecovery":
        extended((ExtendedBlock) args[0], InvalidationCause.RECOVERY, sink);
        break;
      default:
        break;
    }
  }

  private static void extended(ExtendedBlock b, InvalidationCause cause, Sink sink) {
    sink.changed(b.getBlockPoolId(), b.getBlockId(), cause);
  }
}
