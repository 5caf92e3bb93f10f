package io.hdfslocalcache.datanode.block;

/**
 * Placeholder for a fill in progress. Identity matters: a fill publishes only by replacing its own
 * ticket, so an invalidation that removed the ticket (delete, append, recovery) wins every race.
 */
public final class FillTicket implements Slot {
  public final long genStamp;
  private volatile boolean abandoned;
  /** Bytes this fill reserved in its directory's budget; written and read by the fill thread. */
  public long reservedBytes;

  FillTicket(long genStamp) {
    this.genStamp = genStamp;
  }

  void abandon() {
    abandoned = true;
  }

  public boolean abandoned() {
    return abandoned;
  }
}
