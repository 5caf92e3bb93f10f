package io.hdfslocalcache.model;

import java.util.Locale;

/** What a fill copies to SSD. */
public enum FillMode {
  /** The whole block and its meta file (the paper's design). */
  BLOCK,
  /** Only the pages the read touched, with the meta bytes covering them. */
  PAGES;

  public String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static FillMode byName(String name) {
    for (FillMode m : values()) {
      if (m.configName().equals(name.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown fill mode '" + name + "' (use block or pages)");
  }
}
