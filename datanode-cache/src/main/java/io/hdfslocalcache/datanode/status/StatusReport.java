package io.hdfslocalcache.datanode.status;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Renders one DataNode's {@code LocalCache-<uuid>} JMX bean as a one-screen summary. Pure: the
 * bean comes in as parsed JSON, the text goes out, so it is tested on captured samples.
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
      b.append(')');
    }
    b.append('\n');

    long hits = num("read.hits");
    long misses = num("read.misses");
    long bytesCache = num("read.bytes.cache");
    long bytesHdd = num("read.bytes.hdd");
    long bytesFallback = num("read.bytes.fallback.hdd");
    line(b, "block reads", count(hits) + " from cache, " + count(misses) + " from HDD"
        + "  (hit ratio " + pct(dbl("read.hit.ratio")) + ")");
    line(b, "bytes read", bytes(bytesCache) + " from cache, " + bytes(bytesHdd) + " from HDD, "
        + bytes(bytesFallback) + " HDD fallback  (" + pct(dbl("read.bytes.cache.ratio"))
        + " from cache)");
    line(b, "read call latency", "cache " + latency("read.latency.cache.micros") + "   HDD "
        + latency("read.latency.hdd.micros"));
    line(b, "HDD reads now", count(num("read.hdd.streams.open")) + " streams open, "
        + count(num("read.hdd.inflight")) + " reads in flight");
    line(b, "host now", "procs_blocked " + count(num("host.procs.blocked")) + ", procs_running "
        + count(num("host.procs.running")));
    line(b, "cached blocks", count(num("store.blocks")));
    for (String dir : dirs()) {
      String p = "store." + dir + ".";
      long used = num(p + "used");
      long cap = num(p + "capacity");
      String state = num(p + "in.service") == 1 ? "in service" : "OUT OF SERVICE";
      line(b, "  " + dir, bytes(used) + " of " + bytes(cap) + " ("
          + pct(cap > 0 ? (double) used / cap : Double.NaN) + "), " + state);
    }
    line(b, "admission", count(num("admission.admit")) + " admitted, "
        + count(num("admission.reject")) + " not yet, " + count(num("admission.tracked.keys"))
        + " blocks tracked");
    line(b, "fills", count(num("fill.queued")) + " queued: " + nonZero("fill.", Arrays.asList(
        "completed", "abandoned", "failed", "hdd_corrupt", "unsupported", "rejected",
        "skipped.no.space"), "none finished") + "; " + bytes(num("fill.bytes.written"))
        + " written");
    line(b, "invalidations", nonZero("store.invalidations.", null, "none"));
    line(b, "read fallbacks", nonZero("read.fallback.", null, "none"));
    b.append("Totals since the DataNode started; JMX refreshes once per metrics period.\n");
    return b.toString();
  }

  private List<String> dirs() {
    TreeMap<Integer, String> out = new TreeMap<>();
    for (String k : bean.keySet()) {
      if (k.startsWith("store.dir") && k.endsWith(".capacity")) {
        String d = k.substring("store.".length(), k.length() - ".capacity".length());
        try {
          out.put(Integer.parseInt(d.substring(3)), d);
        } catch (NumberFormatException e) {
          // not ours
        }
      }
    }
    return new ArrayList<>(out.values());
  }

  /** "name n, name n" for the non-zero counters under {@code prefix} (all, or those listed). */
  private String nonZero(String prefix, List<String> names, String none) {
    List<String> keys = new ArrayList<>();
    if (names != null) {
      names.forEach(n -> keys.add(prefix + n));
    } else {
      bean.keySet().stream().filter(k -> k.startsWith(prefix)).sorted().forEach(keys::add);
    }
    StringBuilder b = new StringBuilder();
    for (String k : keys) {
      long v = num(k);
      if (v > 0) {
        b.append(b.length() == 0 ? "" : ", ").append(k.substring(prefix.length())).append(' ')
            .append(count(v));
      }
    }
    return b.length() == 0 ? none : b.toString();
  }

  private String latency(String name) {
    if (num(name + ".count") <= 0) {
      return "n/a";
    }
    return "p50 " + micros(dbl(name + ".p50")) + " p99 " + micros(dbl(name + ".p99"));
  }

  private static void line(StringBuilder b, String label, String text) {
    b.append(String.format(Locale.ROOT, "  %-18s %s%n", label, text));
  }

  private String str(String key) {
    Object v = bean.get(key);
    return v == null ? null : v.toString();
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
    return us < 1000 ? String.format(Locale.ROOT, "%.0f us", us)
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
