package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.ops.status.Readings.Reading;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --watch SECONDS}: reads every interval and reports what grew in it, not totals since the
 * DataNodes started. Readings are due at fixed times from the first one (time spent reading does
 * not make the watch drift); rates divide by the time measured between two readings.
 */
final class Watch {
  private final Duration every;
  private final int count;
  private final Pacing pacing;

  /** Reads again. */
  interface Source {
    Reading read() throws InterruptedException;
  }

  /** Receives each interval. */
  interface Sink {
    void interval(Interval interval);
  }

  /**
   * What grew between two readings.
   *
   * @param at when the later reading started
   * @param seconds time between the readings
   * @param rows per DataNode: the counters' growth (gauges as now), or why there is none
   */
  record Interval(Instant at, double seconds, List<Row> rows) {
    static Interval between(Reading before, Reading after) {
      Map<String, Row> earlier = new HashMap<>();
      for (Row r : before.rows()) {
        earlier.put(r.datanode(), r);
      }
      List<Row> rows = new ArrayList<>();
      for (Row r : after.rows()) {
        Row prev = earlier.get(r.datanode());
        if (!r.isOk()) {
          rows.add(r);
        } else if (prev == null || !prev.isOk()) {
          rows.add(Row.without(r.datanode(), Row.State.NEW, "first reading; rates from the next"));
        } else {
          Optional<CacheFigures> grown = r.figures().since(prev.figures());
          rows.add(
              grown
                  .map(g -> Row.ok(r.datanode(), g))
                  .orElseGet(
                      () ->
                          Row.without(
                              r.datanode(),
                              Row.State.RESTARTED,
                              "counters went back: the DataNode restarted")));
        }
      }
      return new Interval(after.at(), (after.nanos() - before.nanos()) / 1e9, rows);
    }
  }

  /**
   * @param count intervals to report, 0 for no end
   */
  Watch(Duration every, int count, Pacing pacing) {
    this.every = every;
    this.count = count;
    this.pacing = pacing;
  }

  void run(Source source, Sink sink) throws InterruptedException {
    Reading previous = source.read();
    long start = previous.nanos();
    for (long i = 1; count == 0 || i <= count; i++) {
      long wait = start + i * every.toNanos() - pacing.nanoTime();
      if (wait > 0) {
        pacing.sleep(Duration.ofNanos(wait));
      }
      Reading current = source.read();
      sink.interval(Interval.between(previous, current));
      previous = current;
    }
  }
}
