package io.hdfslocalcache.config;

import java.util.Locale;

/**
 * What an admitted block puts on the SSD ({@link CacheKeys#FILL_MODE}): the DataNode's setting, a
 * shadow candidate's and the simulator's {@code --fill}, one type for all three.
 */
public enum FillMode {
  /**
   * The meta file whole and the data pages reads touch; later reads of the block version add the
   * pages they touch. A 4 KB read costs the HDD one page, not the whole block.
   */
  PAGES,
  /** The whole block, meta and data, on the read that admits it (the paper's design). */
  BLOCK;

  /** The value in configuration: {@code pages} or {@code block}. */
  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses a configuration value; the error names the key and the accepted values. */
  public static FillMode parse(String key, String value) {
    return ConfigNames.parse(key, value, values(), FillMode::configName);
  }
}
