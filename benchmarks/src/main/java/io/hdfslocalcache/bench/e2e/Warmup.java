package io.hdfslocalcache.bench.e2e;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Before any round: every side serves the bench file's right bytes, and a cache side has all of it
 * cached (read until a whole pass takes nothing from the HDD; fills run behind the reads).
 */
final class Warmup {
  private Warmup() {}

  private static final int MAX_PASSES = 30;

  static void cache(Side side, long expectedCrc, PrintStream log)
      throws IOException, InterruptedException {
    for (int pass = 1; ; pass++) {
      Counters before = side.counters();
      long crc = side.crc();
      if (crc != expectedCrc) {
        throw new IllegalStateException(
            String.format(
                "bench e2e: the %s side served wrong bytes (CRC32 %x, written %x)",
                side.kind.label(), crc, expectedCrc));
      }
      Counters moved = side.counters().since(before);
      if (!side.kind.cached() || (moved.hddBytes() == 0 && moved.hddReads() == 0)) {
        log.printf("bench e2e: %s side ready after %d pass(es)%n", side.kind.label(), pass);
        return;
      }
      if (pass == MAX_PASSES) {
        throw new IllegalStateException(
            String.format(
                "bench e2e: the %s side still read %d bytes from the HDD after %d passes;"
                    + " the file does not stay cached",
                side.kind.label(), moved.hddBytes(), pass));
      }
      Thread.sleep(500); // let the fills the pass started finish
    }
  }

  static void delete(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
