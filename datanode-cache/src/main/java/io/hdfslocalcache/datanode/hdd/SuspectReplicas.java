package io.hdfslocalcache.datanode.hdd;

import org.apache.hadoop.hdfs.protocol.ExtendedBlock;

/**
 * Where the cache hands an HDD replica that failed its own checksums, so the NameNode learns of it
 * as it would without the cache, and only then: the DataNode's block scanner, if it is on, which
 * re-reads the replica and reports it if it is bad. The root package implements it over the
 * DataNode; a fill hands a replica over once per detection and leaves deduplication and rate limits
 * to the scanner.
 */
@FunctionalInterface
public interface SuspectReplicas {
  /** Hands the replica over if the scanner is on. Never throws. */
  SuspectOutcome suspect(ExtendedBlock b);
}
