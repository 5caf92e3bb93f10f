package io.hdfslocalcache.simulator.trace;

import io.hdfslocalcache.routing.Rendezvous;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Where a synthetic fleet keeps a block's replicas: on {@code min(3, N)} of its N DataNodes ({@code
 * dfs.replication}'s default), consecutive from one picked by the block id's hash. One place for
 * {@code generate --datanodes} and {@code --spread}, so both put a block on the same DataNodes,
 * named by the same UUIDs.
 */
public final class Placement {
  public static final int REPLICATION = 3;

  private Placement() {}

  /** How many of {@code dataNodes} DataNodes hold each block. */
  public static int replicas(int dataNodes) {
    return Math.min(REPLICATION, dataNodes);
  }

  /** The first of a block's DataNodes; the others follow it, modulo {@code dataNodes}. */
  public static int first(long blockId, int dataNodes) {
    return Math.floorMod(Rendezvous.mix64(blockId), dataNodes);
  }

  /** DataNode {@code d}'s UUID, the same in every run. */
  public static String id(int d) {
    return UUID.nameUUIDFromBytes(("generated-datanode-" + d).getBytes(StandardCharsets.UTF_8))
        .toString();
  }
}
