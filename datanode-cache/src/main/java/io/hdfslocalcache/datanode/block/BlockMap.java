package io.hdfslocalcache.datanode.block;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The source of truth for what may be served: {@code (pool, block id) -> slot}. A slot is a {@link
 * FillTicket} while a fill runs and a {@link CachedReplica} once both files are completely cached;
 * the switch is one atomic {@code replace}, so a block becomes servable all at once or not at all.
 * One generation stamp per block id at a time: a newer version replaces the older.
 *
 * <p>Every removal goes through {@link #drop}: tickets are abandoned (their fill cleans up),
 * entries retired (pages deleted after the last open stream).
 */
public final class BlockMap {
  private final ConcurrentHashMap<BlockId, Slot> slots = new ConcurrentHashMap<>();

  /** {@code e} was read at {@code millis}: it is now the most recently read entry of its home. */
  public void accessed(CachedReplica e, long millis) {
    e.lastAccessMillis = millis;
    e.home().blockRead(e);
  }

  /** The published entry for exactly this generation stamp, if any. */
  public CachedReplica lookup(BlockId id, long genStamp) {
    CachedReplica e = lookupAny(id);
    return e != null && e.genStamp == genStamp ? e : null;
  }

  /** Any published entry for the block, whatever its generation stamp. */
  public CachedReplica lookupAny(BlockId id) {
    Slot s = slots.get(id);
    return s instanceof CachedReplica ? (CachedReplica) s : null;
  }

  public boolean contains(BlockId id) {
    return slots.containsKey(id);
  }

  /** Reserves the block for a fill; null if a fill or an entry is already there. */
  public FillTicket tryStartFill(BlockId id, long genStamp) {
    FillTicket t = new FillTicket(genStamp);
    return slots.putIfAbsent(id, t) == null ? t : null;
  }

  /** Publishes iff the ticket is still the block's slot. */
  public boolean publish(BlockId id, FillTicket ticket, CachedReplica entry) {
    return !ticket.abandoned() && slots.replace(id, ticket, entry);
  }

  /** Puts an entry validated at restart; false if the block already has a slot. */
  public boolean restore(CachedReplica e) {
    return slots.putIfAbsent(e.id, e) == null;
  }

  /**
   * Puts an entry validated at restore in place of the ticket it took before validating, as a fill
   * publishes; false if the block was invalidated meanwhile (the ticket dropped).
   */
  public boolean restore(CachedReplica e, FillTicket ticket) {
    return !ticket.abandoned() && slots.replace(e.id, ticket, e);
  }

  /** Removes a fill's own ticket after a failed fill. */
  public void endFill(BlockId id, FillTicket ticket) {
    slots.remove(id, ticket);
  }

  /** Removes whatever is held for the block. Returns the removed entry (null if none or a fill). */
  public CachedReplica drop(BlockId id) {
    return release(slots.remove(id));
  }

  /** Removes this exact entry if it is still mapped (eviction after a failed read). */
  public boolean dropEntry(CachedReplica e) {
    if (slots.remove(e.id, e)) {
      e.retire();
      return true;
    }
    return false;
  }

  /** Removes the matching published entries without deleting their pages; returns them. */
  public List<CachedReplica> detachIf(Predicate<BlockId> which) {
    List<CachedReplica> out = new ArrayList<>();
    for (BlockId id : slots.keySet()) {
      if (which.test(id)) {
        Slot s = slots.remove(id);
        if (s instanceof CachedReplica) {
          ((CachedReplica) s).detach();
          out.add((CachedReplica) s);
        } else if (s instanceof FillTicket) {
          ((FillTicket) s).abandon();
        }
      }
    }
    return out;
  }

  /** Removes all slots whose block matches; returns the entries removed. */
  public List<CachedReplica> dropIf(Predicate<BlockId> which) {
    List<CachedReplica> out = new ArrayList<>();
    for (BlockId id : slots.keySet()) {
      if (which.test(id)) {
        Slot s = slots.remove(id);
        CachedReplica e = release(s);
        if (e != null) {
          out.add(e);
        }
      }
    }
    return out;
  }

  public List<CachedReplica> entries() {
    List<CachedReplica> out = new ArrayList<>();
    for (Slot s : slots.values()) {
      if (s instanceof CachedReplica) {
        out.add((CachedReplica) s);
      }
    }
    return out;
  }

  public int size() {
    return slots.size();
  }

  private static CachedReplica release(Slot s) {
    if (s instanceof FillTicket) {
      ((FillTicket) s).abandon();
      return null;
    }
    if (s instanceof CachedReplica) {
      ((CachedReplica) s).retire();
      return (CachedReplica) s;
    }
    return null;
  }
}
