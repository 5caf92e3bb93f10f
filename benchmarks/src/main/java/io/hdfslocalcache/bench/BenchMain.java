package io.hdfslocalcache.bench;

import io.hdfslocalcache.bench.e2e.E2eCommand;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bench heap}, {@code restore}, {@code hitpath}, {@code builds}, {@code misspath}, {@code
 * e2e}, {@code scale} and {@code nnsort} run the measurements that are not JMH benchmarks, each a
 * picocli command ({@code --help} lists its options); anything else goes to JMH unchanged.
 */
public final class BenchMain {
  private BenchMain() {}

  private static final Map<String, Supplier<Callable<Integer>>> COMMANDS =
      Map.of(
          "heap", Heap::new,
          "restore", RestoreBench::new,
          "hitpath", HitPathPaired::new,
          "builds", BuildsPaired::new,
          "misspath", MissPathPaired::new,
          "e2e", E2eCommand::new,
          "scale", ScaleBench::new,
          "nnsort", NnSortPaired::new);

  /** {@code bench heap}: the JOL heap measurements, one line each. */
  @Command(
      name = "hdfs-local-cache bench heap",
      mixinStandardHelpOptions = true,
      description =
          "Heap of the limiter, a cache entry, the shadow models, the shadow queue and the"
              + " admission policy (tuned against outcome).")
  static final class Heap implements Callable<Integer> {
    @Override
    public Integer call() {
      RateLimitHeap.main(new String[0]);
      EntryHeap.main(new String[0]);
      ShadowHeap.main(new String[0]);
      ShadowQueueHeap.main(new String[0]);
      OutcomeHeap.main(new String[0]);
      return 0;
    }
  }

  public static void main(String[] args) throws Exception {
    Supplier<Callable<Integer>> c = args.length > 0 ? COMMANDS.get(args[0]) : null;
    if (c == null) {
      org.openjdk.jmh.Main.main(args);
      return;
    }
    int code = new CommandLine(c.get()).execute(Arrays.copyOfRange(args, 1, args.length));
    if (code != 0) {
      System.exit(code);
    }
  }
}
