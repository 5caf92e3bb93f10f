package io.hdfslocalcache.datanode.dir;

import io.hdfslocalcache.datanode.block.EntryHome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The cache directories of one DataNode, in configured order (fixed after start-up). */
public final class Directories {
  private final List<CacheDirectory> dirs;
  private final int configured;

  /** {@code configured}: how many directories the configuration lists, opened or not. */
  public Directories(List<CacheDirectory> dirs, int configured) {
    this.dirs = Collections.unmodifiableList(new ArrayList<>(dirs));
    this.configured = configured;
  }

  public List<CacheDirectory> all() {
    return dirs;
  }

  public int size() {
    return dirs.size();
  }

  public CacheDirectory get(int i) {
    return dirs.get(i);
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
