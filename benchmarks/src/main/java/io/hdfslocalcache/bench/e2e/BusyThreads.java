package io.hdfslocalcache.bench.e2e;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;

/**
 * Threads that keep the cores busy for a whole run ({@code --busy-threads}), as other work does on
 * a DataNode whose CPUs are saturated: every reader, stock's and the cache's alike, then waits for
 * a core. Their own CPU time is kept apart so a round's CPU is still the read path's.
 */
final class BusyThreads implements AutoCloseable {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean stop;

  /** Sink for the spin's result, so the JIT cannot drop the loop. */
  private volatile long sink;

  BusyThreads(int n) {
    for (int i = 0; i < n; i++) {
      Thread t = new Thread(this::spin, "bench-e2e-busy-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  private void spin() {
    long x = System.nanoTime() | 1;
    while (!stop) {
      for (int i = 0; i < 1_000_000; i++) {
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
      }
      sink = x;
    }
  }

  /** CPU the busy threads used so far. */
  long cpuNanos() {
    long sum = 0;
    for (Thread t : threads) {
      long c = THREADS.getThreadCpuTime(t.getId());
      sum += Math.max(0, c);
    }
    return sum;
  }

  int count() {
    return threads.size();
  }

  @Override
  public void close() {
    stop = true;
    for (Thread t : threads) {
      try {
        t.join(5_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
