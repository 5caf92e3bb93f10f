package io.hdfslocalcache.datanode;

/**
 * Placeholder for a fill in progress. Identity matters: a fill publishes only by replacing its own
 * ticket, so an invalidation that removed the ticket (delete, append, recovery) wins every race.
 */
final class FillTicket implements Slot {
  final long genStamp;
  private volatile boolean abandoned;
  /** Bytes this fill reserved in its directory's budget; written and read by the fill thread. */
  long reservedBytes;

  FillTicket(long genStamp) {
    this.genStamp = genStamp;
  }

  void abandon() {
    abandoned = true;
  }

  boolean abandoned() {
    return abandoned;
  }
}
