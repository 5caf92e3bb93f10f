package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;

/** Replays one parsed trace under many configurations, in parallel; results in config order. */
public final class SweepRunner {
  private SweepRunner() {}

  public static List<RunOutcome> run(
      Trace trace, List<RunConfig> configs, int threads, LongAdder progress)
      throws InterruptedException {
    List<Callable<RunOutcome>> replays = new ArrayList<>();
    for (RunConfig c : configs) {
      replays.add(() -> new Replayer(trace, c, progress).run());
    }
    return inParallel(replays, threads);
  }

  /** Runs {@code tasks} on up to {@code threads} threads; results in the tasks' order. */
  static <T> List<T> inParallel(List<Callable<T>> tasks, int threads) throws InterruptedException {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(threads, tasks.size())),
            r -> {
              Thread t = new Thread(r, "replay");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> t : tasks) {
        futures.add(pool.submit(t));
      }
      List<T> out = new ArrayList<>();
      for (Future<T> f : futures) {
        out.add(get(f));
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  private static <T> T get(Future<T> f) throws InterruptedException {
    try {
      return f.get();
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(cause);
    }
  }
}
