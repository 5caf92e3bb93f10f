package io.hdfslocalcache.datanode.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.Describe;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.MetricCatalog;
import io.hdfslocalcache.metrics.MetricDoc;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * Publishes part of one cache's Dropwizard registry as one Hadoop metrics2 record, so the
 * DataNode's JMX ({@code /jmx}), its Prometheus endpoint ({@code /prom}) and every configured
 * metrics2 sink see the names the code uses, each with the description its {@link Describe}
 * constant gives. Counters and {@link Describe#total} gauges are metrics2 counters, other gauges
 * gauges; a histogram becomes {@code <name>.count} (counter) and {@code .mean .p50 .p75 .p95 .p99
 * .max} (gauges); a meter {@code <name>.count} and {@code .rate1m}; a timer both, in microseconds.
 *
 * <p>Which metrics the record carries, and under which name, is the {@code selection}'s choice: the
 * DataNode-wide record takes every name that belongs to no directory or shadow candidate, a
 * directory's record takes that directory's names without their {@code store.dir<N>.} part, a
 * candidate's record its names without {@code shadow.candidate.<name>.}.
 *
 * <p>The walk happens on every {@link #getMetrics} call: nothing is copied in between.
 */
public final class DropwizardMetricsSource implements MetricsSource {
  /** The DataNode-wide record; Prometheus names start with its snake case, {@code local_cache_}. */
  public static final String RECORD = "LocalCache";

  /** A cache directory's record; Prometheus names start with {@code local_cache_directory_}. */
  public static final String DIRECTORY_RECORD = "LocalCacheDirectory";

  /** A shadow candidate's record; Prometheus names start with {@code local_cache_shadow_}. */
  public static final String SHADOW_RECORD = "LocalCacheShadow";

  private static final List<double[]> QUANTILES =
      Arrays.asList(
          new double[] {50, 0.50},
          new double[] {75, 0.75},
          new double[] {95, 0.95},
          new double[] {99, 0.99});

  private final MetricRegistry registry;
  private final String record;
  private final Map<String, Supplier<String>> tags;
  private final Function<String, Optional<String>> selection;
  private final MetricCatalog catalog;

  /**
   * {@code tags} are evaluated at each snapshot (name to value, e.g. the DataNode's UUID); {@code
   * selection} maps a registry name to its name in this record, or leaves it out.
   */
  public DropwizardMetricsSource(
      MetricRegistry registry,
      String record,
      Map<String, Supplier<String>> tags,
      Function<String, Optional<String>> selection,
      MetricCatalog catalog) {
    this.registry = registry;
    this.record = record;
    this.tags = Collections.unmodifiableMap(new TreeMap<>(tags));
    this.selection = selection;
    this.catalog = catalog;
  }

  /** The DataNode-wide metrics: every registry name outside a directory or candidate, as it is. */
  public static Function<String, Optional<String>> dataNodeWide() {
    return n ->
        DirectoryNames.index(n).isPresent() || CandidateNames.candidate(n).isPresent()
            ? Optional.empty()
            : Optional.of(n);
  }

  /** Shadow candidate {@code name}'s metrics, without their {@code shadow.candidate.<name>.}. */
  public static Function<String, Optional<String>> candidate(String name) {
    Optional<String> mine = Optional.of(name);
    return n ->
        mine.equals(CandidateNames.candidate(n))
            ? Optional.of(CandidateNames.shortName(n))
            : Optional.empty();
  }

  /** Directory {@code index}'s metrics, named without their {@code store.dir<N>.} part. */
  public static Function<String, Optional<String>> directory(int index) {
    Optional<Integer> mine = Optional.of(index);
    return n ->
        mine.equals(DirectoryNames.index(n))
            ? Optional.of(DirectoryNames.shortName(n))
            : Optional.empty();
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder rb = collector.addRecord(record).setContext("dfs");
    for (Map.Entry<String, Supplier<String>> t : tags.entrySet()) {
      String value = t.getValue().get();
      if (value != null) {
        rb.tag(Interns.info(t.getKey(), "hdfs-local-cache tag " + t.getKey()), value);
      }
    }
    for (Map.Entry<String, Metric> e : registry.getMetrics().entrySet()) {
      Optional<String> name = selection.apply(e.getKey());
      if (name.isPresent()) {
        add(rb, name.get(), e.getValue());
      }
    }
  }

  private void add(MetricsRecordBuilder rb, String name, Metric m) {
    Optional<MetricDoc> doc = catalog.describe(name);
    String text = doc.isPresent() ? doc.get().description() : name;
    if (m instanceof Counter) {
      rb.addCounter(Interns.info(name, text), ((Counter) m).getCount());
    } else if (m instanceof Gauge<?>) {
      gauge(rb, Interns.info(name, text), (Gauge<?>) m, doc.isPresent() && doc.get().total());
    } else if (m instanceof Timer) {
      Timer t = (Timer) m;
      rb.addCounter(part(name, ".count", text, "number of values since start"), t.getCount());
      rb.addGauge(
          part(name, ".rate1m", text, "per second over the last minute"), t.getOneMinuteRate());
      snapshot(rb, name, text, t.getSnapshot(), 1000.0); // nanoseconds to microseconds
    } else if (m instanceof Histogram) {
      Histogram h = (Histogram) m;
      rb.addCounter(part(name, ".count", text, "number of values since start"), h.getCount());
      snapshot(rb, name, text, h.getSnapshot(), 1.0);
    } else if (m instanceof Meter) {
      Meter me = (Meter) m;
      rb.addCounter(part(name, ".count", text, "number of events since start"), me.getCount());
      rb.addGauge(
          part(name, ".rate1m", text, "per second over the last minute"), me.getOneMinuteRate());
    }
  }

  private static void gauge(MetricsRecordBuilder rb, MetricsInfo info, Gauge<?> g, boolean total) {
    Object v;
    try {
      v = g.getValue();
    } catch (RuntimeException e) {
      return; // one failing gauge must not hide the rest
    }
    if (v instanceof Boolean) {
      v = (Boolean) v ? 1 : 0;
    }
    if (!(v instanceof Number)) {
      return;
    }
    Number n = (Number) v;
    if (total) {
      rb.addCounter(info, n.longValue());
    } else if (v instanceof Double || v instanceof Float) {
      rb.addGauge(info, n.doubleValue());
    } else {
      rb.addGauge(info, n.longValue());
    }
  }

  private static void snapshot(
      MetricsRecordBuilder rb, String name, String text, Snapshot s, double div) {
    String sample = " over a sample biased to the last 5 minutes";
    rb.addGauge(part(name, ".mean", text, "mean" + sample), s.getMean() / div);
    for (double[] q : QUANTILES) {
      String p = String.valueOf((int) q[0]);
      rb.addGauge(part(name, ".p" + p, text, p + "th percentile" + sample), s.getValue(q[1]) / div);
    }
    rb.addGauge(part(name, ".max", text, "maximum" + sample), s.getMax() / div);
  }

  private static MetricsInfo part(String name, String suffix, String text, String what) {
    String base = text.endsWith(".") ? text.substring(0, text.length() - 1) : text;
    return Interns.info(name + suffix, base + "; " + what);
  }
}
