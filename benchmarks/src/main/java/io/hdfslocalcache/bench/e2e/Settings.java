package io.hdfslocalcache.bench.e2e;

import java.util.Collections;
import java.util.List;

/** What a run measures, as the command line gave it (checked by {@link E2eCommand}). */
record Settings(
    long fileBytes,
    int rounds,
    List<Shape> shapes,
    List<Integer> readers,
    int preads,
    List<Side.Kind> modes,
    int busyThreads,
    boolean verify) {
  int maxReaders() {
    return Collections.max(readers);
  }
}
