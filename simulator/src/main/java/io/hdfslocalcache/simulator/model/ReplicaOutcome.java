package io.hdfslocalcache.simulator.model;

import java.util.List;

/**
 * One configuration's fleet replay under one routing ({@link ReplicaReplay}).
 *
 * @param routing how reads were routed to the replicas
 * @param dataNodes each DataNode's figures, in the fleet's order, with the reads the routing sent
 *     it
 * @param replicas the duplicated bytes and the pooled bound
 */
public record ReplicaOutcome(
    RoutingType routing, List<RunOutcome> dataNodes, ReplicaResult replicas) {}
