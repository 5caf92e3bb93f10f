package io.hdfslocalcache.datanode.block;

/**
 * Placeholder for a fill in progress. Identity matters: a fill publishes only by replacing its own
 * ticket, so an invalidation that removed the ticket (delete, append, recovery) wins every race.
 *
 * <p>Each fill also has its own {@link #fillId}, part of its page file ids and of its index key.
 * The same block version can be filled again while its previous copy still drains (a slow reader
 * holds the retired entry, or its page and index deletes are still queued); with shared names the
 * refill would adopt the old pages (Alluxio does not rewrite an existing page) and the old copy's
 * cleanup would then delete the new entry's pages and record. Refusing the refill until the old
 * copy has drained was the alternative; it needs a registry of draining versions fed by every
 * delete path (last reader, failed fill, restore drop, index writer) and a retry for refused fills,
 * and one missed path brings the bug back. Distinct names make the old cleanup unable to touch the
 * new copy by construction. The id is random (not a counter) so it cannot repeat an id of an
 * earlier run still in the index; 0 is never drawn and stands for entries filled before fill ids
 * existed.
 */
public final class FillTicket implements Slot {
  public final long genStamp;

  /** This fill's identity in page file ids and index keys; never 0. */
  public final long fillId = newFillId();

  private volatile boolean abandoned;

  /** Bytes this fill reserved in its directory's budget; written and read by the fill thread. */
  public long reservedBytes;

  FillTicket(long genStamp) {
    this.genStamp = genStamp;
  }

  private static long newFillId() {
    long id;
    do {
      id = java.util.concurrent.ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
    } while (id == 0);
    return id;
  }

  void abandon() {
    abandoned = true;
  }

  public boolean abandoned() {
    return abandoned;
  }
}
