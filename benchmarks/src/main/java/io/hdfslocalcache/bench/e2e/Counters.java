package io.hdfslocalcache.bench.e2e;

/**
 * A side's counters at one moment: the DataNode's transferTo packets and, on a cache side, its hits
 * and the bytes and reads that went to the HDD (zero on every round, or the run fails).
 */
record Counters(long transferPackets, long hits, long hddBytes, long hddReads) {
  Counters since(Counters before) {
    return new Counters(
        transferPackets - before.transferPackets,
        hits - before.hits,
        hddBytes - before.hddBytes,
        hddReads - before.hddReads);
  }
}
