package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.model.RunConfig;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code hdfs-local-cache simulate}: one cache size, one or more policies, one trace. */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Replay a DataNode clienttrace log (or CSV / cachelib block trace) through "
          + "admission policies and an LRU SSD cache; print hit ratios, SSD writes and HDD load, "
          + "then the hdfs-site.xml lines that configure a DataNode as simulated.",
      "Sizes and durations are read as the DataNode reads its keys: sizes are bytes or k, m, g, "
          + "t, p, e (powers of 1024, B optional), e.g. 128m, 2TB; durations are milliseconds or "
          + "ms, s, m, h, d, e.g. 500, 30s, 1m."
    })
public final class SimulateCommand implements Callable<Integer> {
  @Mixin TraceOptions options;

  @Mixin GuardOptions guardOptions;

  @Option(
      names = "--cache-size",
      paramLabel = "SIZE",
      converter = Converters.Size.class,
      description = "SSD capacity for cached data + meta, e.g. 2TB.")
  Long cacheSize;

  @Option(
      names = "--policy",
      paramLabel = "SPEC",
      converter = Converters.Policy.class,
      completionCandidates = PolicyUsages.class,
      description =
          "Admission policy, repeatable (default: outcome, the DataNode's). One of: "
              + "${COMPLETION-CANDIDATES}.")
  List<PolicySpec> policies;

  @Option(
      names = "--fill",
      paramLabel = "MODE",
      defaultValue = "pages",
      converter = Converters.Fill.class,
      description =
          "pages (the meta whole and the pages reads touch, the DataNode's default) or block "
              + "(whole block + meta, the paper's design). Default: ${DEFAULT-VALUE}.")
  FillMode fill;

  @Option(
      names = "--guard",
      paramLabel = "on|off",
      defaultValue = "on",
      converter = GuardOptions.ToggleConverter.class,
      description =
          "The fill guard and SSD write budget, on by default as on a DataNode "
              + "(default: ${DEFAULT-VALUE}).")
  GuardOptions.Toggle guard;

  @Option(
      names = "--cache-dirs",
      paramLabel = "N",
      defaultValue = "1",
      description =
          "SSD directories the DataNode caches on (dfs.datanode.local-cache.dirs); its capacity "
              + "key is per directory, so the printed capacity is --cache-size / N "
              + "(default: ${DEFAULT-VALUE}).")
  int cacheDirs;

  @Option(
      names = "--bench",
      paramLabel = "LINES",
      hidden = true,
      description =
          "Benchmark on a synthetic Zipf clienttrace of LINES lines (--trace is kept "
              + "as the file if given) and print lines/s, sweep speed-up and heap.")
  long benchLines;

  public static void main(String[] args) {
    Cli.main(new SimulateCommand(), args);
  }

  @Override
  public Integer call() throws Exception {
    if (benchLines > 0) {
      return new SimulatorBench(options, benchLines, cacheSize).run(System.out);
    }
    options.validate();
    if (cacheSize == null) {
      throw new IllegalArgumentException("missing --cache-size SIZE (e.g. 2TB)");
    }
    if (cacheDirs < 1) {
      throw new IllegalArgumentException("--cache-dirs must be >= 1, got " + cacheDirs);
    }
    List<PolicySpec> specs =
        policies == null || policies.isEmpty()
            ? List.of(AdmissionTuning.defaultPolicy())
            : policies;
    List<RunConfig> configs =
        specs.stream()
            .map(
                p ->
                    new RunConfig(
                        p,
                        cacheSize,
                        fill,
                        options.pageSize,
                        options.disks,
                        guardOptions.settings(guard)))
            .toList();
    TraceLoading.Runs runs = TraceLoading.run(configs, options, System.err);
    Outputs.write(
        options,
        runs,
        Reports.JsonShape.OBJECT_IF_SINGLE,
        Outputs.ChartKind.UTILIZATION_OVER_TIME,
        System.out);
    SiteXml.print(configs, cacheDirs, System.out);
    return 0;
  }
}
