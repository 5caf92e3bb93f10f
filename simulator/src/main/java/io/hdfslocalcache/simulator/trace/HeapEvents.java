package io.hdfslocalcache.simulator.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every chunk on the heap: growing never copies what is already stored (a doubling array would need
 * twice the heap at the moment it grows), and readers share the chunks.
 */
final class HeapEvents extends EventLog {
  private final List<Chunk> chunks = new ArrayList<>();

  HeapEvents(int chunkEvents) {
    super(chunkEvents);
  }

  @Override
  Chunk stored(Chunk chunk) {
    chunks.add(chunk);
    return fresh();
  }

  @Override
  void sealed() {}

  @Override
  public Iterable<Chunk> chunks() {
    return Collections.unmodifiableList(chunks);
  }
}
