package io.hdfslocalcache.namenode.routing;

/** What became of one group of two or more active replicas at equal distance from a reader. */
enum GroupOutcome {
  /** Ordered by the rendezvous hash: the owner first. */
  ROUTED,
  /** The owner was much busier than the others: shuffled as stock shuffles. */
  ESCAPED,
  /** No storage IDs to key on: shuffled as stock shuffles. */
  UNKEYED
}
