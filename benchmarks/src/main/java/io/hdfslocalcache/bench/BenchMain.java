package io.hdfslocalcache.bench;

import java.util.Arrays;

/**
 * {@code bench heap}, {@code restore}, {@code hitpath} and {@code misspath} run the measurements
 * that are not JMH benchmarks; anything else goes to JMH unchanged.
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("heap")) {
      RateLimitHeap.main(Arrays.copyOfRange(args, 1, args.length));
      io.hdfslocalcache.datanode.EntryHeap.main(new String[0]);
      return;
    }
    if (args.length > 0 && args[0].equals("restore")) {
      RestoreBench.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("misspath")) {
      MissPathPaired.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    if (args.length > 0 && args[0].equals("hitpath")) {
      HitPathPaired.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    org.openjdk.jmh.Main.main(args);
  }
}
