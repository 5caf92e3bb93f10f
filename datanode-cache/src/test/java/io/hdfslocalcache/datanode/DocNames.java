package io.hdfslocalcache.datanode;

import io.hdfslocalcache.config.CacheKeys;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;

/**
 * The names the guides may use, taken from what the code has: the keys of {@link CacheKeys}, the
 * commands of {@code bin/hdfs-local-cache} (and of its {@code bench}), and the metrics a real cache
 * exports (in JMX and in Prometheus's form). {@link #unknown} lists the names a document uses that
 * none of these has.
 *
 * <p>What counts as a name in a document: a {@code dfs.datanode.local-cache.*} key anywhere; a
 * command after {@code bin/hdfs-local-cache} in code; in code, a dotted lower-case name whose first
 * part starts some exported metric ({@code read.}, {@code fill.}, {@code in.} ...), which must be a
 * metric (a histogram's part, a family written {@code read.hdd.cause.<reason>}, or a prefix written
 * {@code read.fallback.*}), the short form of a key ({@code read.timeout}), or a registry name
 * ({@code store.dir<N>.used}); and in code, a Prometheus name {@code local_cache_...}. A dotted
 * name followed by another dot or a slash ({@code store.invalidations.delete/append}) is shorthand
 * and not checked.
 */
final class DocNames {
  private static final Pattern KEY =
      Pattern.compile(Pattern.quote(CacheKeys.PREFIX) + "[a-z0-9.<>_-]*[a-z0-9>]");
  private static final Pattern COMMAND =
      Pattern.compile("bin/hdfs-local-cache ([A-Za-z0-9]+)(?: ([A-Za-z0-9-]+))?");
  private static final Pattern DOTTED =
      Pattern.compile(
          "(?<![A-Za-z0-9_.$/<>-])([a-z][a-z0-9_]*(?:\\.(?:[a-z0-9_]|<[A-Za-z]+>)+)+)(\\.\\*)?"
              + "(?![A-Za-z0-9_.(/<-])");

  /** How the DataNode's WARN names a key it does not know ({@code settings.UnknownKeys}). */
  private static final String UNKNOWN_KEY_WARN = "unknown key ";

  private static final Pattern PROMETHEUS = Pattern.compile("\\blocal_cache_[a-z0-9_]*");
  private static final Pattern REGISTRY_DIRECTORY =
      Pattern.compile("^store\\.dir(?:N|<N>|\\d+)\\.");

  final Set<String> keys;
  final Set<String> commands;
  final Set<String> benchCommands;
  final Set<String> metrics;
  final Set<String> prometheus;

  DocNames(
      Set<String> keys,
      Set<String> commands,
      Set<String> benchCommands,
      Set<String> metrics,
      Set<String> prometheus) {
    this.keys = keys;
    this.commands = commands;
    this.benchCommands = benchCommands;
    this.metrics = metrics;
    this.prometheus = prometheus;
  }

  /** The names of this repository's code and of a real cache's export. */
  static DocNames of(CacheExport export) throws Exception {
    Set<String> metrics = new TreeSet<>(export.registryNames);
    for (MetricsRecord r : export.records) {
      for (AbstractMetric m : r.metrics()) {
        metrics.add(m.name());
      }
    }
    return new DocNames(
        cacheKeys(),
        launcherCommands(MarkdownDoc.ROOT.resolve("bin/hdfs-local-cache")),
        benchCommands(MarkdownDoc.ROOT.resolve("benchmarks/src/main/java/io/hdfslocalcache/bench")),
        metrics,
        export.prometheusNames());
  }

  /** Every key {@link CacheKeys} spells, and its prefixes (ending in '.'). */
  static Set<String> cacheKeys() throws IllegalAccessException {
    Set<String> out = new TreeSet<>();
    for (Field f : CacheKeys.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        String v = (String) f.get(null);
        if (v.startsWith(CacheKeys.PREFIX) && !v.equals(CacheKeys.PREFIX)) {
          out.add(v);
        }
      }
    }
    return out;
  }

  /** The commands the launcher's {@code target_of} names. */
  static Set<String> launcherCommands(Path launcher) throws IOException {
    Set<String> out = new TreeSet<>();
    Matcher m =
        Pattern.compile("(?m)^\\s+([a-z]+)\\) echo \"(?:tools|source) ")
            .matcher(Files.readString(launcher, StandardCharsets.UTF_8));
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  /** {@code bench}'s commands ({@code BenchMain}'s) and its JMH benchmarks ({@code XBenchmark}). */
  static Set<String> benchCommands(Path benchSources) throws IOException {
    Set<String> out = new TreeSet<>();
    Matcher m =
        Pattern.compile("\"([a-z0-9]+)\", [A-Za-z0-9]+::new")
            .matcher(Files.readString(benchSources.resolve("BenchMain.java")));
    while (m.find()) {
      out.add(m.group(1));
    }
    try (var files = Files.list(benchSources)) {
      files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith("Benchmark.java"))
          .forEach(n -> out.add(n.substring(0, n.length() - "Benchmark.java".length())));
    }
    return out;
  }

  /** The names {@code doc} uses that the code does not have, as "file:line: kind name". */
  List<String> unknown(MarkdownDoc doc) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < doc.lines.size(); i++) {
      String line = doc.lines.get(i);
      Matcher k = KEY.matcher(line);
      while (k.find()) {
        // the unknown-key WARN's example names a misspelt key on purpose
        if (!isKey(k.group()) && !line.contains(UNKNOWN_KEY_WARN + k.group())) {
          out.add(doc.name() + ":" + (i + 1) + ": key " + k.group());
        }
      }
    }
    doc.code()
        .forEach(
            (line, spans) -> {
              for (String code : spans) {
                String at = doc.name() + ":" + line + ": ";
                commands(code).forEach(c -> out.add(at + "command " + c));
                metricNames(code).forEach(n -> out.add(at + "metric " + n));
              }
            });
    return out;
  }

  private boolean isKey(String key) {
    if (keys.contains(key)) {
      return true;
    }
    return keys.stream().anyMatch(p -> p.endsWith(".") && key.startsWith(p));
  }

  private List<String> commands(String code) {
    List<String> out = new ArrayList<>();
    Matcher m = COMMAND.matcher(code);
    while (m.find()) {
      String command = m.group(1);
      String sub = m.group(2);
      if (!commands.contains(command)) {
        out.add(command);
      } else if (command.equals("bench") && sub != null && !benchCommands.contains(sub)) {
        out.add("bench " + sub);
      }
    }
    return out;
  }

  private List<String> metricNames(String code) {
    List<String> out = new ArrayList<>();
    Matcher m = DOTTED.matcher(code);
    while (m.find()) {
      String name = m.group(1);
      boolean prefix = m.group(2) != null;
      String root = name.substring(0, name.indexOf('.') + 1);
      if (metrics.stream().anyMatch(n -> n.startsWith(root)) && !isMetricOrKey(name, prefix)) {
        out.add(name + (prefix ? ".*" : ""));
      }
    }
    Matcher p = PROMETHEUS.matcher(code);
    while (p.find()) {
      String name = p.group();
      boolean known =
          name.endsWith("_")
              ? prometheus.stream().anyMatch(n -> n.startsWith(name))
              : prometheus.contains(name);
      if (!known) {
        out.add(name);
      }
    }
    return out;
  }

  private boolean isMetricOrKey(String name, boolean prefix) {
    if (isKey(CacheKeys.PREFIX + name)) {
      return true;
    }
    Matcher dir = REGISTRY_DIRECTORY.matcher(name);
    String n = dir.find() ? name.substring(dir.end()) : name;
    int family = n.indexOf('<');
    if (prefix || family >= 0) {
      String start = prefix ? n + "." : n.substring(0, family);
      return metrics.stream().anyMatch(x -> x.startsWith(start));
    }
    return metrics.contains(n);
  }
}
