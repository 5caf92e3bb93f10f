package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * Publishes one cache's Dropwizard registry as a Hadoop metrics2 record, so the DataNode's JMX
 * ({@code /jmx}), its Prometheus endpoint ({@code /prom}) and every configured metrics2 sink see
 * the same names the code uses. Counters stay counters, gauges gauges; a histogram becomes {@code
 * <name>.count} (counter) and {@code .mean .p50 .p75 .p95 .p99 .max} (gauges); a meter {@code
 * <name>.count} and {@code .rate1m}; a timer both, in microseconds.
 *
 * <p>The walk happens on every {@link #getMetrics} call: nothing is copied in between.
 */
public final class DropwizardMetricsSource implements MetricsSource {
  /** The metrics2 record name; Prometheus names start with its snake case, {@code local_cache_}. */
  public static final String RECORD = "LocalCache";

  private final MetricRegistry registry;
  private final Map<String, Supplier<String>> tags;

  /** {@code tags} are evaluated at each snapshot (name to value, e.g. the DataNode's UUID). */
  public DropwizardMetricsSource(MetricRegistry registry, Map<String, Supplier<String>> tags) {
    this.registry = registry;
    this.tags = Collections.unmodifiableMap(new HashMap<>(tags));
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder rb = collector.addRecord(RECORD).setContext("dfs");
    for (String tag : new TreeSet<>(tags.keySet())) {
      String value = tags.get(tag).get();
      if (value != null) {
        rb.tag(info(tag), value);
      }
    }
    for (Map.Entry<String, Metric> e : registry.getMetrics().entrySet()) {
      add(rb, e.getKey(), e.getValue());
    }
  }

  private static void add(MetricsRecordBuilder rb, String name, Metric m) {
    if (m instanceof Counter) {
      Counter c = (Counter) m;
      rb.addCounter(info(name), c.getCount());
    } else if (m instanceof Gauge<?>) {
      Gauge<?> g = (Gauge<?>) m;
      Object v;
      try {
        v = g.getValue();
      } catch (RuntimeException e) {
        return; // one failing gauge must not hide the rest
      }
      if (v instanceof Double || v instanceof Float) {
        rb.addGauge(info(name), ((Number) v).doubleValue());
      } else if (v instanceof Number) {
        rb.addGauge(info(name), ((Number) v).longValue());
      } else if (v instanceof Boolean) {
        rb.addGauge(info(name), (Boolean) v ? 1 : 0);
      }
    } else if (m instanceof Timer) {
      Timer t = (Timer) m;
      rb.addCounter(info(name + ".count"), t.getCount());
      rb.addGauge(info(name + ".rate1m"), t.getOneMinuteRate());
      snapshot(rb, name, t.getSnapshot(), 1000.0);
    } else if (m instanceof Histogram) {
      Histogram h = (Histogram) m;
      rb.addCounter(info(name + ".count"), h.getCount());
      snapshot(rb, name, h.getSnapshot(), 1.0);
    } else if (m instanceof Meter) {
      Meter me = (Meter) m;
      rb.addCounter(info(name + ".count"), me.getCount());
      rb.addGauge(info(name + ".rate1m"), me.getOneMinuteRate());
    }
  }

  private static final List<double[]> QUANTILES =
      Arrays.asList(
          new double[] {50, 0.50},
          new double[] {75, 0.75},
          new double[] {95, 0.95},
          new double[] {99, 0.99});

  private static void snapshot(MetricsRecordBuilder rb, String name, Snapshot s, double div) {
    rb.addGauge(info(name + ".mean"), s.getMean() / div);
    for (double[] q : QUANTILES) {
      rb.addGauge(info(name + ".p" + (int) q[0]), s.getValue(q[1]) / div);
    }
    rb.addGauge(info(name + ".max"), s.getMax() / div);
  }

  private static MetricsInfo info(String name) {
    return Interns.info(name, "hdfs-local-cache " + name + " (docs/monitoring.md)");
  }
}
