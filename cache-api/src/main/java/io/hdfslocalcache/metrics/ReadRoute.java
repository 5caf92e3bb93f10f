package io.hdfslocalcache.metrics;

/** Where a directory's synchronous page reads run now; {@link #code} is the metric's value. */
public enum ReadRoute {
  /** On the reader's own thread: no hand-off, and no bound on a read the disk never answers. */
  CALLER(0),
  /** On the directory's I/O threads, each wait at most {@code read.timeout}: read.bound=strict. */
  IO_THREADS(1),
  /** On the I/O threads for a while after a slow page read (read.bound=adaptive). */
  IO_THREADS_AFTER_SLOW_READ(2);

  /** The value of the directory's {@code read.route} gauge. */
  public final int code;

  ReadRoute(int code) {
    this.code = code;
  }
}
