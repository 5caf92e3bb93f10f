package io.hdfslocalcache.datanode.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DataNode on a platform whose RocksDB library cannot load: every directory's index open fails at
 * once with an UnsatisfiedLinkError naming the platform, the second as fast as the first. Run in a
 * child JVM that claims another architecture (os.arch=s390x), since a JVM loads the library once:
 * RocksDB then picks the s390x library, which cannot load on this machine.
 */
class RocksNativeTest {
  private static final String SEPARATOR = "|";

  @TempDir Path dir;

  @Test
  void open_platformWithoutLoadableLibrary_everyOpenFailsAtOnceNamingIt() throws Exception {
    Path out = dir.resolve("out.txt");
    Process p =
        new ProcessBuilder(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dos.arch=s390x",
                "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")),
                "-cp",
                System.getProperty("java.class.path"),
                TwoOpens.class.getName(),
                dir.resolve("a").toString(),
                dir.resolve("b").toString())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    try {
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child still running: " + read(out));
    } finally {
      p.destroyForcibly();
    }
    List<String> lines = Arrays.asList(read(out).split("\n"));
    List<String> outcomes =
        Arrays.asList(lines.stream().filter(l -> l.startsWith("open ")).toArray(String[]::new));
    assertEquals(2, outcomes.size(), String.join("\n", lines));
    for (String o : outcomes) {
      assertTrue(
          o.contains(SEPARATOR + "java.lang.UnsatisfiedLinkError" + SEPARATOR)
              && o.contains("os.arch=s390x"),
          String.join("\n", lines));
    }
  }

  private static String read(Path file) throws Exception {
    return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
  }

  /** Opens an index in each directory given, one after the other; prints each outcome. */
  static final class TwoOpens {
    public static void main(String[] dirs) throws Exception {
      for (String d : dirs) {
        Thread t =
            new Thread(
                () -> {
                  try {
                    BlockIndex.open(Paths.get(d)).close();
                    System.out.println("open " + d + SEPARATOR + "opened" + SEPARATOR);
                  } catch (Throwable e) {
                    System.out.println(
                        "open " + d + SEPARATOR + e.getClass().getName() + SEPARATOR + e);
                  }
                });
        t.setDaemon(true);
        t.start();
        t.join(TimeUnit.SECONDS.toMillis(20));
        if (t.isAlive()) {
          System.out.println("still opening " + d + " after 20 s");
        }
      }
    }
  }
}
