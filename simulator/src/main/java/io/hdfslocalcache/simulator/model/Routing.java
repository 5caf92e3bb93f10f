package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.trace.Op;

/**
 * Which of a block's replicas serves a read in the fleet's replay ({@link ReplicaReplay}): the one
 * whose log holds it ({@code stock}) or another chosen by a rule a NameNode could apply when it
 * orders the replicas it hands a client. A routing sees every event of the fleet in the merged
 * order first, so it knows which DataNodes still hold a block. One instance per replay (it keeps
 * state); the kinds are {@link RoutingType}'s.
 */
interface Routing {
  /** An event of {@code entry} (a DataNode's replica of a fleet block) as its log has it. */
  void seen(int entry, Op op, long genStamp);

  /**
   * The entry (of fleet block {@code fleetBlock}) that serves a read logged by entry {@code
   * logged}, of version {@code genStamp}, at {@code timeMs}.
   */
  int route(int fleetBlock, int logged, long genStamp, long timeMs);
}
