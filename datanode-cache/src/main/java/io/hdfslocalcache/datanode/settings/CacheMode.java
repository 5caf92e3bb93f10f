package io.hdfslocalcache.datanode.settings;

import io.hdfslocalcache.config.CacheKeys;
import io.hdfslocalcache.config.ConfigNames;
import java.util.Locale;

/** What the DataNode does with its SSDs ({@code dfs.datanode.local-cache.mode}). */
public enum CacheMode {
  /** The SSD cache serves client reads; shadow candidates, if any, run beside it (calibration). */
  CACHE,
  /**
   * Nothing on any SSD: reads are the inner dataset's own streams, only counted, and the shadow
   * candidates model what caches of their settings would have done with those reads.
   */
  SHADOW;

  /** The value in configuration: {@code cache} or {@code shadow}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a configuration value; the error names the key, the value and the accepted ones. */
  static CacheMode parse(String value) {
    return ConfigNames.parse(CacheKeys.MODE, value, values(), CacheMode::configName);
  }
}
