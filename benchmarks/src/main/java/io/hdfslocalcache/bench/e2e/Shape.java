package io.hdfslocalcache.bench.e2e;

import java.util.Locale;

/** How a reader reads the file in a round. */
enum Shape {
  /**
   * Whole-block streams: each reader reads the whole file front to back, one BlockSender a block.
   */
  STREAM,
  /** 64 KiB positional reads at random offsets, one BlockSender each. */
  PREAD;

  static final int PREAD_BYTES = 64 << 10;

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Shape parse(String s) {
    for (Shape v : values()) {
      if (v.label().equals(s)) {
        return v;
      }
    }
    throw new IllegalArgumentException("a read shape is stream or pread, not '" + s + "'");
  }
}
