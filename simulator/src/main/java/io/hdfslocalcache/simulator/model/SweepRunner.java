package io.hdfslocalcache.simulator.model;

import io.hdfslocalcache.simulator.trace.Trace;
import java.util.ArrayList;
import java.util.List;
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
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(threads, configs.size())),
            r -> {
              Thread t = new Thread(r, "replay");
              t.setDaemon(true);
              return t;
            });
    try {
      List<Future<RunOutcome>> futures = new ArrayList<>();
      for (RunConfig c : configs) {
        futures.add(pool.submit(() -> new Replayer(trace, c, progress).run()));
      }
      List<RunOutcome> out = new ArrayList<>();
      for (Future<RunOutcome> f : futures) {
        out.add(get(f));
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  private static RunOutcome get(Future<RunOutcome> f) throws InterruptedException {
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
