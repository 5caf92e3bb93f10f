package io.hdfslocalcache.bench;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code bench builds <old checkout> <new checkout> [rounds] [readers=1,2] [shapes=stream,pread]}:
 * the cached reads of {@link HitPathBenchmark} in two builds of this project, paired round by round
 * in one JVM. Comparing two builds through their {@code bench hitpath} ratios needs two runs, and
 * on a shared machine the load moved from one run to the next more than the difference looked for;
 * here both builds see the same moments. Each checkout must have been built (running {@code
 * bin/hdfs-local-cache bench} there once does it); each build's classes load in a class loader of
 * their own, with their own cached block. Prints the new build's speed and CPU ratio against the
 * old one (above 1: the new build is faster, or uses less CPU per op).
 */
@Command(
    name = "hdfs-local-cache bench builds",
    mixinStandardHelpOptions = true,
    description = "Cached reads of two built checkouts of this project, paired rounds in one JVM.")
final class BuildsPaired implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "OLD", description = "The old checkout (built).")
  Path old;

  @Parameters(index = "1", paramLabel = "NEW", description = "The new checkout (built).")
  Path candidate;

  @Parameters(
      index = "2",
      arity = "0..1",
      paramLabel = "ROUNDS",
      description = "Paired rounds per row. Default: ${DEFAULT-VALUE}.")
  int rounds = 30;

  @Mixin HitPathPaired.Options o = new HitPathPaired.Options();

  /** One build's cached-read op of one shape, called through its own class loader. */
  private static PairedRatio.Op op(
      Path checkout, String shape, List<AutoCloseable> open, List<Path> dirs) throws Exception {
    List<URL> urls = new ArrayList<>();
    Path target = checkout.resolve("benchmarks/target");
    urls.add(target.resolve("classes").toUri().toURL());
    for (String p : Files.readString(target.resolve("classpath.txt")).trim().split(":")) {
      urls.add(Paths.get(p).toUri().toURL());
    }
    ClassLoader loader =
        new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    Class<?> fixtureClass = loader.loadClass("io.hdfslocalcache.datanode.read.CachedBlockFixture");
    Path dir = Files.createTempDirectory("builds-paired");
    dirs.add(dir);
    Thread self = Thread.currentThread();
    ClassLoader was = self.getContextClassLoader();
    self.setContextClassLoader(loader); // Hadoop's and log4j's lookups stay in this build
    Object fixture;
    try {
      fixture =
          fixtureClass
              .getConstructor(Path.class, int.class, int.class)
              .newInstance(dir, 128 << 20, 1 << 20);
    } finally {
      self.setContextClassLoader(was);
    }
    open.add((AutoCloseable) fixture);
    Method read =
        loader
            .loadClass(HitPathBenchmark.class.getName())
            .getDeclaredMethod(
                shape.equals("stream") ? "cachedVerified" : "cachedPreads",
                fixtureClass,
                byte[].class,
                byte[].class);
    read.setAccessible(true);
    ThreadLocal<byte[]> data = ThreadLocal.withInitial(() -> new byte[HitPathBenchmark.PACKET]);
    ThreadLocal<byte[]> sums =
        ThreadLocal.withInitial(() -> new byte[HitPathBenchmark.SUMS_PER_PACKET]);
    return () -> (long) read.invoke(null, fixture, data.get(), sums.get());
  }

  @Override
  public Integer call() throws Exception {
    List<AutoCloseable> open = new ArrayList<>();
    List<Path> dirs = new ArrayList<>();
    try {
      System.out.printf(
          "cached reads, %s (new) against %s (old), %d paired rounds per row: speed ratio ="
              + " old time / new time, CPU ratio = old CPU / new CPU per op (median of the"
              + " rounds, min-max)%n",
          candidate, old, rounds);
      for (String shape : o.shapes) {
        PairedRatio.Op a = op(old, shape, open, dirs);
        PairedRatio.Op b = op(candidate, shape, open, dirs);
        for (int r : o.readers) {
          PairedRatio.Result res = new PairedRatio(r, 4).measure(a, b, 5, rounds);
          System.out.printf(
              "%d reader(s) %-6s: old %7.3f ms, new %7.3f ms per op; speed ratio %.3fx"
                  + " (min-max %.3f-%.3f); CPU old %.3f ms, new %.3f ms: CPU ratio %.3fx"
                  + " (min-max %.3f-%.3f)%n",
              r,
              shape,
              res.baselineMs(),
              res.candidateMs(),
              res.ratio(),
              res.min(),
              res.max(),
              res.baselineCpuMs(),
              res.candidateCpuMs(),
              res.cpuRatio(),
              res.cpuMin(),
              res.cpuMax());
        }
      }
    } finally {
      for (AutoCloseable c : open) {
        c.close();
      }
      for (Path d : dirs) {
        HitPathPaired.deleteTree(d);
      }
    }
    return 0;
  }
}
