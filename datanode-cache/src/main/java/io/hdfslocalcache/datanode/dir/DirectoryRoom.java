package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.model.policy.CacheRoom;

/**
 * Whether this DataNode's cache has room, for the admission's room rule: the bytes its directories
 * in service hold (reserved, less what is already on its way out, as a fill's shortfall counts
 * them) are below {@link CacheRoom#ROOM_FRACTION} (63/64) of their capacities together: the cache
 * model's definition, over one cache the size of all directories. Asked on reads by every reader
 * thread: the directory list's snapshot, a volatile read and two atomic reads per directory, no
 * lock. A directory out of service (a failed SSD) is left out: fills never go to it, so its empty
 * bytes would keep the rule on while the others are full.
 */
public final class DirectoryRoom implements CacheRoom {
  private final ServingDirectories dirs;

  public DirectoryRoom(ServingDirectories dirs) {
    this.dirs = dirs;
  }

  @Override
  public State now() {
    long used = 0;
    long capacity = 0;
    for (CacheDirectory d : dirs.all()) {
      if (!d.health().inService()) {
        continue; // takes no fills: its free bytes are no room (none at all: FULL)
      }
      SpaceBudget b = d.budget();
      used += b.inUse();
      capacity += b.capacity();
    }
    return used < capacity * ROOM_FRACTION ? State.ROOM : State.FULL;
  }
}
