package io.hdfslocalcache.datanode.space;

/** How a fill waits for room; tests pass one that advances a fake clock instead of sleeping. */
@FunctionalInterface
public interface Sleeper {
  Sleeper REAL = Thread::sleep;

  void sleepMillis(long millis) throws InterruptedException;
}
