package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.EntryHome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The cache directories of one DataNode that serve, in configured order. Those open at start-up are
 * here from the start; one that was still opening then {@link #join}s when ready. Never shrinks: a
 * directory leaves service through its health, and stays listed.
 *
 * <p>Copy on write: readers take the current list ({@link #all}) without a lock and iterate a
 * snapshot that never changes under them; {@link #join} publishes a new list through a volatile
 * write, so a reader sees a joined directory whole (everything built before the join) or not at
 * all. A caller that looks at more than one directory takes {@link #all} once.
 */
public final class ServingDirectories {
  private volatile List<CacheDirectory> dirs;
  private final int configured;

  /** {@code configured}: how many directories the configuration lists, opened or not. */
  public ServingDirectories(List<CacheDirectory> dirs, int configured) {
    this.dirs = Collections.unmodifiableList(new ArrayList<>(dirs));
    this.configured = configured;
  }

  /** The serving directories now: a snapshot. */
  public List<CacheDirectory> all() {
    return dirs;
  }

  public int size() {
    return dirs.size();
  }

  /**
   * Adds a directory that finished opening after start-up, in its configured place. Everything it
   * needs to serve (its budget reserved, its guard, its metrics) must be in place before.
   */
  public synchronized void join(CacheDirectory d) {
    List<CacheDirectory> next = new ArrayList<>(dirs);
    for (CacheDirectory c : next) {
      if (c.index() == d.index()) {
        throw new IllegalStateException("directory " + d + " is already serving");
      }
    }
    next.add(d);
    next.sort(Comparator.comparingInt(CacheDirectory::index));
    dirs = Collections.unmodifiableList(next);
  }

  /** How many directories the configuration lists, including those that could not be opened. */
  public int configured() {
    return configured;
  }

  /** The directory an entry lives in (identity: an entry's home is its directory). */
  public CacheDirectory of(EntryHome home) {
    for (CacheDirectory d : dirs) {
      if (d == home) {
        return d;
      }
    }
    throw new IllegalArgumentException("not a directory of this cache: " + home);
  }
}
