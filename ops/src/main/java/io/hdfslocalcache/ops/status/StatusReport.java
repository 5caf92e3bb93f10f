package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.metrics.AdminMetrics;
import io.hdfslocalcache.metrics.AdmissionMetrics;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.FillMetrics;
import io.hdfslocalcache.metrics.FillOutcome;
import io.hdfslocalcache.metrics.HostMetrics;
import io.hdfslocalcache.metrics.InvalidationMetrics;
import io.hdfslocalcache.metrics.MetricFamily;
import io.hdfslocalcache.metrics.MetricSources;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.ReadRoute;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Renders one DataNode's {@code LocalCache-<uuid>} JMX bean as a one-screen summary. Pure: the bean
 * comes in as parsed JSON, the text goes out, so it is tested on captured samples.
 */
final class StatusReport {
  private final Map<String, Object> bean;

  StatusReport(Map<String, Object> bean) {
    this.bean = bean;
  }

  String render(String target) {
    StringBuilder b = new StringBuilder();
    b.append("hdfs-local-cache on ").append(target);
    String uuid = str("tag.DatanodeUuid");
    if (uuid != null) {
      b.append("  (DataNode ").append(uuid);
      String host = str("tag.Hostname");
      if (host != null) {
        b.append(" on ").append(host);
      }
      String version = str("tag." + MetricSources.TAG_VERSION);
      if (version != null) {
        b.append(", cache ").append(version);
      }
      b.append(')');
    }
    b.append('\n');
    ShadowLines shadow = new ShadowLines(bean);
    if (shadow.shadowMode()) {
      line(b, "mode", "SHADOW: every read from the HDDs, nothing on any SSD; candidates modelled:");
      shadow.render(b);
      shortCircuit(b, true);
      host(b);
      b.append("Totals since the DataNode started; JMX refreshes once per metrics period.\n");
      return b.toString();
    }

    long hits = num(ReadPathMetrics.HITS);
    long misses = num(ReadPathMetrics.MISSES);
    long bytesCache = num(ReadPathMetrics.BYTES_CACHE);
    long bytesHdd = CacheFigures.of(bean).bytesHdd(); // over the parts reported; n/a if none
    long bytesFallback = num(ReadPathMetrics.BYTES_FALLBACK_HDD);
    long bytesUncached = num(ReadPathMetrics.BYTES_UNCACHED_HDD);
    line(
        b,
        "block reads",
        count(hits)
            + " from cache, "
            + count(misses)
            + " from HDD"
            + "  (hit ratio "
            + pct(dbl(ReadPathMetrics.HIT_RATIO))
            + ")");
    // The HDD figure is every byte the byte ratio counts as HDD, so the two add up.
    line(
        b,
        "bytes read",
        bytes(bytesCache)
            + " from cache, "
            + bytes(bytesHdd)
            + " from HDD (fallbacks "
            + bytes(bytesFallback)
            + ", uncached pages "
            + bytes(bytesUncached)
            + ")  ("
            + pct(dbl(ReadPathMetrics.BYTES_CACHE_RATIO))
            + " from cache)");
    shortCircuit(b, false);
    line(
        b,
        "read call latency",
        "cache "
            + latency(ReadPathMetrics.LATENCY_CACHE)
            + "   HDD "
            + latency(ReadPathMetrics.LATENCY_HDD));
    line(
        b,
        "HDD reads now",
        count(num(ReadPathMetrics.HDD_STREAMS_OPEN))
            + " streams open, "
            + count(num(ReadPathMetrics.HDD_INFLIGHT))
            + " reads in flight");
    host(b);
    line(
        b,
        "cached blocks",
        count(num(DirectoryMetrics.BLOCKS))
            + (num(AdminMetrics.BYPASS) == 1
                ? "   BYPASSED by an operator: every read goes to the HDD"
                : ""));
    GuardLines guard = new GuardLines(bean);
    for (int dir : dirs()) {
      long used = num(DirectoryNames.of(dir, DirectoryMetrics.USED));
      long cap = num(DirectoryNames.of(dir, DirectoryMetrics.CAPACITY));
      boolean inService = num(DirectoryNames.of(dir, DirectoryMetrics.IN_SERVICE)) == 1;
      String state =
          !inService
              ? "OUT OF SERVICE"
              : num(DirectoryNames.of(dir, DirectoryMetrics.READ_ROUTE))
                      == ReadRoute.IO_THREADS_AFTER_SLOW_READ.code
                  ? "in service, SLOW READS (over 50 ms)"
                  : "in service";
      line(
          b,
          "  dir" + dir,
          bytes(used)
              + " of "
              + bytes(cap)
              + " ("
              + pct(cap > 0 ? (double) used / cap : Double.NaN)
              + "), "
              + state);
      if (inService) { // one out of service fills no more: its guard's last pause says nothing
        guard.paused(dir).ifPresent(why -> line(b, "", why));
      }
    }
    line(
        b,
        "admission",
        count(num(AdmissionMetrics.ADMIT))
            + " admitted, "
            + count(num(AdmissionMetrics.REJECT))
            + " not yet, "
            + count(num(AdmissionMetrics.TRACKED_KEYS))
            + " blocks tracked"
            + threshold());
    line(
        b,
        "fills",
        count(num(FillMetrics.QUEUED))
            + " queued: "
            + nonZero(FILL_OUTCOMES, "none finished")
            + "; "
            + bytes(num(FillMetrics.BYTES_WRITTEN))
            + " written");
    line(b, "invalidations", nonZero(InvalidationMetrics.INVALIDATIONS, "none"));
    line(b, "read fallbacks", nonZero(ReadPathMetrics.FALLBACK, "none"));
    shadow.render(b);
    b.append(
        "Totals since the DataNode started; JMX refreshes once per metrics period;"
            + " --watch SECONDS for rates.\n");
    return b.toString();
  }

  /**
   * The HDD files handed to short-circuit clients on this host: reads neither the cache nor a
   * shadow candidate can serve. With a cache, its share of all block opens (those plus the client
   * reads the cache saw); in shadow mode the models' reads are per candidate, so no share. Shown
   * when the DataNode reports the counter (older releases do not).
   */
  private void shortCircuit(StringBuilder b, boolean shadowMode) {
    long opens = num(ReadPathMetrics.SHORT_CIRCUIT_OPENS);
    if (opens == Long.MIN_VALUE) {
      return;
    }
    CacheFigures f = CacheFigures.of(bean);
    line(
        b,
        "short-circuit",
        count(opens)
            + " opens of HDD files by clients on this host, never through the cache"
            + (shadowMode
                ? " (no candidate's model sees them)"
                : Double.isNaN(f.shortCircuitShare())
                    ? ""
                    : " (" + pct(f.shortCircuitShare()) + " of block opens)"));
  }

  private void host(StringBuilder b) {
    line(
        b,
        "host now",
        "procs_blocked "
            + count(num(HostMetrics.PROCS_BLOCKED))
            + ", procs_running "
            + count(num(HostMetrics.PROCS_RUNNING)));
  }

  /** The directory numbers the bean has metrics for, in order. */
  private List<Integer> dirs() {
    TreeSet<Integer> out = new TreeSet<>();
    String suffix = "." + DirectoryMetrics.CAPACITY;
    for (String k : bean.keySet()) {
      if (k.startsWith(DirectoryMetrics.DIR_PREFIX) && k.endsWith(suffix)) {
        try {
          out.add(
              Integer.parseInt(
                  k.substring(DirectoryMetrics.DIR_PREFIX.length(), k.length() - suffix.length())));
        } catch (NumberFormatException e) {
          // not ours
        }
      }
    }
    return new ArrayList<>(out);
  }

  /** "name n, name n" for the non-zero counters under {@code prefix}. */
  private String nonZero(String prefix, String none) {
    List<String> keys = new ArrayList<>();
    bean.keySet().stream().filter(k -> k.startsWith(prefix)).sorted().forEach(keys::add);
    return nonZero(keys, prefix.length(), none);
  }

  /** "name n, name n" for the non-zero counters among {@code names} (full metric names). */
  private String nonZero(List<String> names, String none) {
    return nonZero(names, FillMetrics.OUTCOME.length(), none);
  }

  /** As above, each labelled by its name less the first {@code strip} characters. */
  private String nonZero(List<String> names, int strip, String none) {
    StringBuilder b = new StringBuilder();
    for (String k : names) {
      long v = num(k);
      if (v > 0) {
        b.append(b.length() == 0 ? "" : ", ")
            .append(k.substring(strip))
            .append(' ')
            .append(count(v));
      }
    }
    return b.length() == 0 ? none : b.toString();
  }

  /** How fills ended, then fills never started: the counters the fills line shows. */
  private static final List<String> FILL_OUTCOMES;

  static {
    List<String> names = new ArrayList<>();
    for (FillOutcome o : FillOutcome.values()) {
      names.add(MetricFamily.member(FillMetrics.OUTCOME, o));
    }
    names.add(FillMetrics.REJECTED);
    names.add(AdmissionMetrics.SKIPPED_NO_SPACE); // under the fill prefix too
    FILL_OUTCOMES = Collections.unmodifiableList(names);
  }

  private String latency(String name) {
    if (num(name + ".count") <= 0) {
      return "n/a";
    }
    return "p50 " + micros(dbl(name + ".p50")) + " p99 " + micros(dbl(name + ".p99"));
  }

  static void line(StringBuilder b, String label, String text) {
    b.append(String.format(Locale.ROOT, "  %-18s %s%n", label, text));
  }

  private String str(String key) {
    Object v = bean.get(key);
    return v == null ? null : v.toString();
  }

  /**
   * The admission threshold the tuner set ({@link Thresholds#tuned}); empty when the DataNode
   * exports no {@code admission.threshold} gauge (a DataNode without admission tuning support).
   */
  private String threshold() {
    Object v = Thresholds.tuned(bean);
    if (!(v instanceof Number)) {
      return "";
    }
    long t = ((Number) v).longValue();
    return ", threshold "
        + count(t)
        + Thresholds.of(bean).sinceText().map(at -> " since " + at).orElse("");
  }

  /** The number at {@code key}, or {@link Long#MIN_VALUE} when absent or not a number. */
  private long num(String key) {
    Object v = bean.get(key);
    return v instanceof Number ? ((Number) v).longValue() : Long.MIN_VALUE;
  }

  private double dbl(String key) {
    Object v = bean.get(key);
    return v instanceof Number ? ((Number) v).doubleValue() : Double.NaN;
  }

  static String count(long v) {
    return v == Long.MIN_VALUE ? "n/a" : String.format(Locale.ROOT, "%,d", v);
  }

  static String pct(double ratio) {
    return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", ratio * 100);
  }

  static String micros(double us) {
    if (Double.isNaN(us)) {
      return "n/a";
    }
    return us < 1000
        ? String.format(Locale.ROOT, "%.0f us", us)
        : String.format(Locale.ROOT, "%.1f ms", us / 1000);
  }

  static String bytes(long v) {
    if (v == Long.MIN_VALUE) {
      return "n/a";
    }
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double d = v;
    int u = 0;
    while (Math.abs(d) >= 1024 && u < units.length - 1) {
      d /= 1024;
      u++;
    }
    return u == 0 ? v + " B" : String.format(Locale.ROOT, "%.1f %s", d, units[u]);
  }
}
