package io.hdfslocalcache.datanode.read;

/**
 * What the counting stream wrappers ({@link CountingFileInputStream}, {@link CountingChannel} and
 * the filter of {@link ReadAccounting}) report to: each read call, and the close.
 */
interface StreamCounter {
  /** Before a read call; returns what {@link #after} is given back (a start time, or 0). */
  long before();

  /** After a read call that moved {@code bytes}. */
  void after(long start, long bytes);

  /** The stream closed. Idempotent. */
  void closed();
}
