package io.hdfslocalcache.demo;

import io.hdfslocalcache.simulator.util.ZipfSampler;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Concurrent readers picking files with Zipf popularity, each issuing reads at its share of the
 * offered rate; each read is either a small random pread (4 KB-1 MB, log-uniform: columnar files
 * are read in small pieces) or a whole-block scan. Each reader has its own random stream derived
 * from the run's seed, so two runs with the same seed issue the same sequence of reads (as far as
 * each reader gets in the time).
 */
final class Workload {
  /**
   * @param ratePerSec reads offered per second over all readers (Poisson arrivals)
   */
  record Config(int readers, double ratePerSec, double zipf, double scanFraction) {}

  static final int MIN_PREAD = 4 << 10;
  static final int MAX_PREAD = 1 << 20;

  private final FileSystem fs;
  private final List<Path> files;
  private final long fileLength;
  private final Config config;
  private final ZipfSampler zipf;

  Workload(FileSystem fs, List<Path> files, long fileLength, Config config, long popularitySeed) {
    this.fs = fs;
    this.files = files;
    this.fileLength = fileLength;
    this.config = config;
    // Ranks shuffled onto files so the hottest are not simply the first ones written.
    this.zipf = new ZipfSampler(files.size(), config.zipf(), new Random(popularitySeed));
  }

  /** Live counters of a run in progress, read by the sampler. */
  static final class Counters {
    final AtomicLong reads = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
  }

  /** Runs the readers for {@code millis} while {@code sampler} samples; returns the figures. */
  MeasuredRun run(String name, long seed, long millis, Sampler sampler)
      throws IOException, InterruptedException {
    Counters counters = new Counters();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<long[]> latencies = new ArrayList<>();
    long[] hdd0 = sampler.hddBytes();
    long start = System.nanoTime();
    long deadline = start + millis * 1_000_000;
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < config.readers(); t++) {
      Random rnd = new Random(seed * 1_000_003 + t);
      Thread th =
          new Thread(
              () -> {
                long[] lat = new long[1024];
                int count = 0;
                byte[] buf = new byte[MAX_PREAD];
                long next = System.nanoTime();
                try {
                  while (failure.get() == null) {
                    next += arrivalGapNanos(rnd);
                    long now = System.nanoTime();
                    if (next >= deadline) {
                      break;
                    }
                    if (next > now) {
                      Thread.sleep((next - now) / 1_000_000, (int) ((next - now) % 1_000_000));
                    } else {
                      next =
                          now; // behind: this reader is the backlog; arrivals meanwhile are dropped
                    }
                    long t0 = System.nanoTime();
                    readOnce(rnd, buf, counters.bytes);
                    if (count == lat.length) {
                      lat = Arrays.copyOf(lat, count * 2);
                    }
                    lat[count++] = System.nanoTime() - t0;
                    counters.reads.incrementAndGet();
                  }
                } catch (IOException | RuntimeException e) {
                  failure.compareAndSet(null, e);
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                synchronized (latencies) {
                  latencies.add(Arrays.copyOf(lat, count));
                }
              },
              "demo-reader-" + t);
      th.setDaemon(true);
      threads.add(th);
      th.start();
    }
    Sampler.Series series = sampler.sample(name, counters, start, deadline);
    for (Thread th : threads) {
      th.join();
    }
    // After the joins: readers finish their last read past the deadline, and those bytes count.
    long[] hdd1 = sampler.hddBytes();
    if (failure.get() != null) {
      throw new IOException("a demo read failed: " + failure.get(), failure.get());
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long[] all = latencies.stream().flatMapToLong(Arrays::stream).sorted().toArray();
    return new MeasuredRun(
        name,
        seconds,
        counters.reads.get(),
        counters.bytes.get(),
        hdd1[0] - hdd0[0],
        hdd1[1] - hdd0[1],
        Percentiles.ms(all, 0.50),
        Percentiles.ms(all, 0.99),
        Percentiles.ms(all, 1.0),
        series);
  }

  /**
   * Open loop, as a shared cluster sees it: reads arrive at a set rate whether or not the disks
   * keep up, so relieving the HDDs shows as shorter queues rather than only as more reads. A closed
   * loop (each reader reads again at once) would keep every reader queued at the HDDs.
   */
  private long arrivalGapNanos(Random rnd) {
    double perReader = config.ratePerSec() / config.readers();
    return (long) (-Math.log(1 - rnd.nextDouble()) / perReader * 1e9);
  }

  /** One read; its bytes are added to {@code bytes} as they arrive, as the HDD counters are. */
  private void readOnce(Random rnd, byte[] buf, AtomicLong bytes) throws IOException {
    Path p = files.get(zipf.nextItem(rnd));
    boolean scan = rnd.nextDouble() < config.scanFraction();
    int len =
        (int)
            Math.round(
                Math.exp(
                    Math.log(MIN_PREAD)
                        + rnd.nextDouble() * (Math.log(MAX_PREAD) - Math.log(MIN_PREAD))));
    long off = (long) (rnd.nextDouble() * (fileLength - len));
    try (FSDataInputStream in = fs.open(p)) {
      if (scan) {
        int n;
        while ((n = in.read(buf, 0, buf.length)) > 0) {
          bytes.addAndGet(n);
        }
        return;
      }
      in.readFully(off, buf, 0, len);
      bytes.addAndGet(len);
    }
  }
}
