package io.hdfslocalcache.simulator.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar redrawn on stderr with a carriage return. It appears only after a second,
 * so short traces print nothing; closing it erases the line.
 */
final class ProgressBar implements AutoCloseable {
  private static final int WIDTH = 30;
  private static final long DELAY_MS = 1000;
  private static final long PERIOD_MS = 250;

  private final PrintStream out;
  private final String label;
  private final long total;
  private final LongSupplier done;
  private final long startNanos = System.nanoTime();
  private final ScheduledExecutorService timer;
  private boolean drawn;

  ProgressBar(Console console, PrintStream out, String label, long total, LongSupplier done) {
    this.out = out;
    this.label = label;
    this.total = total;
    this.done = done;
    if (console == Console.QUIET || total <= 0) {
      timer = null;
      return;
    }
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "progress");
              t.setDaemon(true);
              return t;
            });
    timer.scheduleAtFixedRate(this::draw, DELAY_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
  }

  private synchronized void draw() {
    double fraction = Math.min(1.0, (double) done.getAsLong() / total);
    int filled = (int) (fraction * WIDTH);
    double seconds = (System.nanoTime() - startNanos) / 1e9;
    String eta =
        fraction > 0.01
            ? String.format(Locale.ROOT, " eta %.0fs", seconds / fraction - seconds)
            : "";
    out.print(
        String.format(
            Locale.ROOT,
            "\r%s [%s%s] %3.0f%% %.0fs%s   ",
            label,
            "#".repeat(filled),
            " ".repeat(WIDTH - filled),
            fraction * 100,
            seconds,
            eta));
    out.flush();
    drawn = true;
  }

  @Override
  public synchronized void close() {
    if (timer == null) {
      return;
    }
    timer.shutdownNow();
    if (drawn) {
      out.print("\r" + " ".repeat(label.length() + WIDTH + 30) + "\r");
      out.flush();
    }
  }
}
