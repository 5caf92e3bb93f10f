package io.hdfslocalcache.simulator.cli;

import io.hdfslocalcache.config.DurationValue;
import io.hdfslocalcache.config.FillMode;
import io.hdfslocalcache.model.AdmissionTuning;
import io.hdfslocalcache.model.policy.PolicySpec;
import io.hdfslocalcache.simulator.model.OracleSpec;
import io.hdfslocalcache.simulator.model.RunConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code hdfs-local-cache sweep}: parses the trace once and replays every combination of
 * thresholds, windows, cache sizes and fill modes (plus any extra policies) in parallel.
 */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Like simulate, over lists: parses the trace once and replays every "
          + "combination in parallel. Lists are comma-separated, e.g. --threshold 1,2,4,8,15 "
          + "--buckets 10,60 --cache-size 500GB,1TB,2TB."
    })
public final class SweepCommand implements Callable<Integer> {
  @Mixin TraceOptions options;

  @Mixin GuardOptions guardOptions;

  @Option(
      names = "--cache-size",
      paramLabel = "SIZE[,SIZE...]",
      split = ",",
      converter = Converters.Size.class,
      description = "SSD capacities, e.g. 500GB,1TB,2TB.")
  List<Long> cacheSizes;

  @Option(
      names = "--threshold",
      paramLabel = "X[,X...]",
      split = ",",
      description = "bucket-time thresholds: admit after more than X reads in the window.")
  List<Integer> thresholds;

  @Option(
      names = "--buckets",
      paramLabel = "N[,N...]",
      split = ",",
      description = "bucket-time window lengths in buckets (default: 60).")
  List<Integer> buckets;

  @Option(
      names = "--bucket",
      paramLabel = "DURATION",
      defaultValue = "1m",
      converter = Converters.BucketDuration.class,
      description = "Width of one bucket (default: ${DEFAULT-VALUE}).")
  Duration bucket;

  @Option(
      names = "--policy",
      paramLabel = "SPEC",
      converter = Converters.Policy.class,
      description =
          "Further policies to run at every cache size, repeatable, e.g. never, "
              + "admit-all, reject-x:x=1, frequency.")
  List<PolicySpec> policies;

  @Option(
      names = "--oracle",
      paramLabel = "M[,M...]",
      split = ",",
      description =
          "Research only, knows the future: admit a block iff its next M reads each come within "
              + "the cache's eviction age of the one before (FutureReadsOracle); an upper mark "
              + "for admission rules, never a policy a DataNode can run.")
  List<Integer> oracles;

  @Option(
      names = "--oracle-tuned",
      paramLabel = "M[,M...]",
      split = ",",
      description =
          "Research only, knows the future: --oracle with its M moved by the tuner to the write "
              + "budget, starting at M.")
  List<Integer> tunedOracles;

  @Option(
      names = "--oracle-gated",
      paramLabel = "T[,T...]",
      split = ",",
      description =
          "Research only, knows the future: bucket-time at threshold T, less the blocks not "
              + "read again within the cache's eviction age.")
  List<Integer> gatedOracles;

  @Option(
      names = "--fill",
      paramLabel = "MODE[,MODE...]",
      split = ",",
      defaultValue = "pages",
      converter = Converters.Fill.class,
      description = "pages and/or block (default: pages, as the DataNode).")
  List<FillMode> fills;

  @Option(
      names = "--guard",
      paramLabel = "on|off[,...]",
      split = ",",
      defaultValue = "on",
      converter = GuardOptions.ToggleConverter.class,
      description =
          "With and/or without the fill guard, e.g. on,off (default: on, as the DataNode).")
  List<GuardOptions.Toggle> guards;

  public static void main(String[] args) {
    Cli.main(new SweepCommand(), args);
  }

  @Override
  public Integer call() throws Exception {
    options.validate();
    List<RunConfig> configs = configs();
    TraceLoading.Runs runs = TraceLoading.run(configs, options, System.err);
    Outputs.write(
        options, runs, Reports.JsonShape.ARRAY, Outputs.ChartKind.AGAINST_THRESHOLD, System.out);
    return 0;
  }

  private List<OracleSpec> oracleSpecs() {
    List<OracleSpec> out = new ArrayList<>();
    for (int m : oracles == null ? List.<Integer>of() : oracles) {
      out.add(new OracleSpec(m, OracleSpec.Cutoff.FIXED));
    }
    for (int m : tunedOracles == null ? List.<Integer>of() : tunedOracles) {
      out.add(new OracleSpec(m, OracleSpec.Cutoff.TUNED));
    }
    for (int t : gatedOracles == null ? List.<Integer>of() : gatedOracles) {
      out.add(new OracleSpec(1, OracleSpec.Cutoff.GATED, t));
    }
    return out;
  }

  /**
   * Every combination, cache size outermost, then fill mode and guard, so the table reads one size
   * at a time.
   */
  List<RunConfig> configs() {
    if (cacheSizes == null || cacheSizes.isEmpty()) {
      throw new IllegalArgumentException("missing --cache-size SIZE[,SIZE...]");
    }
    if ((thresholds == null || thresholds.isEmpty())
        && (policies == null || policies.isEmpty())
        && oracleSpecs().isEmpty()) {
      throw new IllegalArgumentException(
          "nothing to sweep: give --threshold X,... and/or --policy");
    }
    if (!oracleSpecs().isEmpty() && options.replicas.on()) {
      throw new IllegalArgumentException(
          "--oracle runs one DataNode's trace; it has no fleet replay (--replicas on)");
    }
    List<PolicySpec> specs = new ArrayList<>();
    if (thresholds != null) {
      for (int n : buckets == null || buckets.isEmpty() ? List.of(60) : buckets) {
        for (int x : thresholds) {
          specs.add(
              PolicySpec.parse(
                  "bucket-time:threshold="
                      + x
                      + ",buckets="
                      + n
                      + ",bucket="
                      + DurationValue.format(bucket)));
        }
      }
    }
    if (policies != null) {
      specs.addAll(policies);
    }
    // Beside every row, what the DataNode's default admission does (unless a row is it, by its
    // canonical name); an oracle-only sweep is research, compared with runs made before.
    PolicySpec byDefault = AdmissionTuning.defaultPolicy();
    if (specs.stream().noneMatch(p -> p.name().equals(byDefault.name()))
        && !(specs.isEmpty() && !oracleSpecs().isEmpty())) {
      specs.add(byDefault);
    }
    List<RunConfig> configs = new ArrayList<>();
    for (long size : cacheSizes) {
      for (FillMode fill : fills) {
        for (GuardOptions.Toggle guard : guards) {
          for (PolicySpec p : specs) {
            configs.add(
                new RunConfig(
                    p, size, fill, options.pageSize, options.disks, guardOptions.settings(guard)));
          }
          for (OracleSpec o : oracleSpecs()) {
            configs.add(
                new RunConfig(
                    PolicySpec.parse("never"),
                    size,
                    fill,
                    options.pageSize,
                    options.disks,
                    guardOptions.settings(guard),
                    Optional.of(o)));
          }
        }
      }
    }
    return configs;
  }
}
