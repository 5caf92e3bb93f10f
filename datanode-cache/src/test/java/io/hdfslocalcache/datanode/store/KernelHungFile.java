package io.hdfslocalcache.datanode.store;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A file whose reads block in the kernel, as on a hung disk, until the test answers them: one file
 * of a FUSE file system served by {@code hung_file_fs.py}, which holds every read and ignores the
 * kernel's interrupt. A Java thread reading it sits in the channel's native read, where a signal
 * does not get it out: the state a hung SSD leaves an I/O thread in, which a hang in Java code
 * ({@code HungDisk}) never reaches. (A FIFO does not: a positional read of one fails at once with
 * ESPIPE, and a sequential one returns EINTR to the JDK's signal.)
 *
 * <p>Needs Linux, root (to mount), {@code /dev/fuse} and {@code python3}: a test is skipped where
 * any is missing.
 */
public final class KernelHungFile implements AutoCloseable {
  private static final String SCRIPT = "hung_file_fs.py";

  private final Process server;
  private final OutputStream commands;
  private final Path mountPoint;
  private final Semaphore reads = new Semaphore(0);
  private final Semaphore answers = new Semaphore(0);

  private KernelHungFile(Process server, Path mountPoint) {
    this.server = server;
    this.commands = server.getOutputStream();
    this.mountPoint = mountPoint;
  }

  /**
   * Mounts the file system under {@code dir} with one file of {@code size} bytes; skips the test
   * where it cannot.
   */
  public static KernelHungFile mount(Path dir, int size) throws IOException, InterruptedException {
    assumeTrue(
        System.getProperty("os.name").startsWith("Linux")
            && "root".equals(System.getProperty("user.name"))
            && Files.isReadable(Paths.get("/dev/fuse"))
            && onPath("python3"),
        "needs Linux, root, /dev/fuse and python3 to mount a file system whose reads hang");
    Path script = dir.resolve(SCRIPT);
    try (InputStream in = KernelHungFile.class.getResourceAsStream(SCRIPT)) {
      Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
    }
    Path mnt = Files.createDirectories(dir.resolve("hung-mnt"));
    Process p =
        new ProcessBuilder("python3", script.toString(), mnt.toString(), Integer.toString(size))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    KernelHungFile f = new KernelHungFile(p, mnt);
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String first = out.readLine();
    assumeTrue("mounted".equals(first), "the FUSE server did not mount: " + first);
    Thread events = new Thread(() -> f.follow(out), "kernel-hung-file-events");
    events.setDaemon(true);
    events.start();
    return f;
  }

  private static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String d : path.split(java.io.File.pathSeparator)) {
      if (Files.isExecutable(Paths.get(d, program))) {
        return true;
      }
    }
    return false;
  }

  private void follow(BufferedReader out) {
    try {
      for (String line; (line = out.readLine()) != null; ) {
        if (line.equals("read")) {
          reads.release();
        } else if (line.equals("answered")) {
          answers.release();
        }
      }
    } catch (IOException e) {
      // the server exited
    }
  }

  /** The file whose reads hang. */
  public Path file() {
    return mountPoint.resolve("page");
  }

  /** Waits until {@code n} more reads are held in the kernel (a test's safety bound of 60 s). */
  public void awaitHeldReads(int n) throws InterruptedException {
    if (!reads.tryAcquire(n, 60, TimeUnit.SECONDS)) {
      throw new AssertionError("no read of " + file() + " reached the kernel");
    }
  }

  /** Reads held now that no test awaited yet. */
  public int unawaitedReads() {
    return reads.availablePermits();
  }

  /** Answers every read held so far (with zeros) and waits until the server has. */
  public void answer() throws IOException, InterruptedException {
    commands.write("answer\n".getBytes(StandardCharsets.UTF_8));
    commands.flush();
    if (!answers.tryAcquire(60, TimeUnit.SECONDS)) {
      throw new AssertionError("the FUSE server did not answer");
    }
  }

  /** Unmounts: a read still held fails. */
  @Override
  public void close() throws IOException, InterruptedException {
    commands.close();
    if (!server.waitFor(60, TimeUnit.SECONDS)) {
      server.destroyForcibly();
      new ProcessBuilder("umount", "-l", mountPoint.toString()).inheritIO().start().waitFor();
    }
  }
}
