package io.hdfslocalcache.bench;

import java.util.Arrays;

/** {@code bench heap} runs the heap measurements; anything else goes to JMH unchanged. */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("heap")) {
      RateLimitHeap.main(Arrays.copyOfRange(args, 1, args.length));
      return;
    }
    org.openjdk.jmh.Main.main(args);
  }
}
