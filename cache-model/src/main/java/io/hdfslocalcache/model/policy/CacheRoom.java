package io.hdfslocalcache.model.policy;

/**
 * Whether the cache has room: less than {@link #ROOM_FRACTION} (63/64) of its capacity in use, so a
 * fill now would evict nothing. The room rule ({@link RoomRule}) asks it on reads: the cache model
 * answers from its LRU (no victim), the DataNode from its directories' space budgets. Answers at
 * the moment of asking, from any reader thread, without a lock.
 */
public interface CacheRoom {
  /** Below this share of the capacity in use, a fill evicts nothing: the cache has room. */
  double ROOM_FRACTION = 63.0 / 64;

  /** Room or not. */
  enum State {
    /** A fill now would evict nothing. */
    ROOM,
    /** A fill now would evict something (or the cache has no capacity). */
    FULL
  }

  /** A cache that is never known to have room: the room rule never applies. */
  CacheRoom NEVER = () -> State.FULL;

  /** Room now or not. */
  State now();
}
