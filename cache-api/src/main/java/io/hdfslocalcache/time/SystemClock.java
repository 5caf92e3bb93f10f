package io.hdfslocalcache.time;

/** {@link CacheClock#SYSTEM}: the JVM's clocks and {@link Thread#sleep}. */
final class SystemClock implements CacheClock {
  @Override
  public long millis() {
    return System.currentTimeMillis();
  }

  @Override
  public long nanoTime() {
    return System.nanoTime();
  }

  @Override
  public void sleepNanos(long nanos) throws InterruptedException {
    if (nanos > 0) {
      Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    }
  }

  @Override
  public String toString() {
    return "CacheClock.SYSTEM";
  }
}
