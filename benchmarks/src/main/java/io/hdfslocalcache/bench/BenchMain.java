package io.hdfslocalcache.bench;

import java.util.Arrays;
import java.util.Map;

/**
 * {@code bench heap}, {@code restore}, {@code hitpath}, {@code builds}, {@code misspath} and {@code
 * e2e} run the measurements that are not JMH benchmarks; anything else goes to JMH unchanged.
 */
public final class BenchMain {
  private BenchMain() {}

  /** A measurement's entry point, given the arguments after its name. */
  private interface Command {
    void run(String[] args) throws Exception;
  }

  private static final Map<String, Command> COMMANDS =
      Map.of(
          "heap",
              args -> {
                RateLimitHeap.main(args);
                EntryHeap.main(new String[0]);
                ShadowHeap.main(new String[0]);
                ShadowQueueHeap.main(new String[0]);
              },
          "restore", RestoreBench::main,
          "hitpath", HitPathPaired::main,
          "builds", BuildsPaired::main,
          "misspath", MissPathPaired::main,
          "e2e", io.hdfslocalcache.bench.e2e.E2eCommand::main);

  public static void main(String[] args) throws Exception {
    Command c = args.length > 0 ? COMMANDS.get(args[0]) : null;
    if (c == null) {
      org.openjdk.jmh.Main.main(args);
    } else {
      c.run(Arrays.copyOfRange(args, 1, args.length));
    }
  }
}
