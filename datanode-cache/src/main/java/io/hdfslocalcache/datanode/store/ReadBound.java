package io.hdfslocalcache.datanode.store;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.ConfigNames;
import java.util.Locale;

/** How page reads are bounded in time ({@code dfs.datanode.local-cache.read.bound}). */
public enum ReadBound {
  /**
   * Page reads run on the reader's own thread while the directory answers fast, and through the I/O
   * threads, each wait bounded by {@code read.timeout}, for a while after a slow one ({@link
   * InlineReadGate}). A read already running when the disk hangs waits for the kernel.
   */
  ADAPTIVE,
  /** Every page read runs on the I/O threads; no reader ever waits longer than the timeout. */
  STRICT;

  /** The value in configuration: {@code adaptive} or {@code strict}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a configuration value; the error names the key, the value and the accepted ones. */
  public static ReadBound parse(String value) {
    return ConfigNames.parse(CacheKeys.READ_BOUND, value, values(), ReadBound::configName);
  }
}
