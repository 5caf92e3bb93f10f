package io.hdfslocalcache.simulator.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where one run's parsed events go, and the owner of any files they are written to.
 *
 * <p>Why files: a fleet replay ({@code --replicas on}) holds every DataNode's trace until the
 * fleet's pass, 25 heap bytes an event; on disk the heap keeps the per-block and per-version tables
 * and the models' state, and the events cost a chunk per reader. The events are written once as
 * they are parsed, in the columnar chunks the replays already read, and every configuration of a
 * sweep maps the same file, so parsing is paid once (re-reading the logs per configuration would
 * pay it per configuration, and parsing is slower than a replay). See {@link FileEvents}.
 *
 * <p>With {@link EventsOn#DISK} the files live in a fresh directory under the one given ({@code
 * --events-dir}), one file per DataNode's trace; {@link #close} deletes them and the directory, as
 * does a shutdown hook when the JVM is stopped first (Ctrl-C); only a killed JVM leaves them
 * behind, in a directory named for what it is. Logs are created on the parsing thread; closing is
 * idempotent.
 */
public final class EventStore implements Closeable {
  static final String PREFIX = "hdfs-local-cache-events-";

  private final EventsOn on;
  private final int chunkEvents;
  private final Path directory;
  private final List<FileEvents> files = new ArrayList<>();
  private final Thread onExit;
  private boolean closed;

  private EventStore(EventsOn on, int chunkEvents, Path directory) {
    this.on = on;
    this.chunkEvents = chunkEvents;
    this.directory = directory;
    this.onExit = directory == null ? null : new Thread(this::deleteAll, "delete " + directory);
    if (onExit != null) {
      Runtime.getRuntime().addShutdownHook(onExit);
    }
  }

  /** Events on the heap, nothing to delete. */
  public static EventStore heap() {
    return new EventStore(EventsOn.HEAP, EventLog.CHUNK, null);
  }

  /**
   * Events {@code on} the heap or in files in a new directory under {@code parent}; {@code
   * chunkEvents} events per chunk ({@link EventLog#CHUNK} but in tests).
   *
   * @throws IllegalArgumentException naming {@code parent} and the problem, when {@code on} is disk
   *     and no directory can be made there
   */
  public static EventStore open(EventsOn on, Path parent, int chunkEvents) {
    if (on == EventsOn.HEAP) {
      return new EventStore(on, chunkEvents, null);
    }
    if (!Files.isDirectory(parent)) {
      throw new IllegalArgumentException(
          "--events-dir "
              + parent
              + ": "
              + (Files.exists(parent) ? "not a directory" : "no such directory"));
    }
    try {
      return new EventStore(on, chunkEvents, Files.createTempDirectory(parent, PREFIX));
    } catch (IOException | SecurityException e) {
      throw new IllegalArgumentException(
          "--events-dir "
              + parent
              + ": cannot write there ("
              + e
              + "); pick a writable local directory with room for 25 bytes an event",
          e);
    }
  }

  public EventsOn on() {
    return on;
  }

  int chunkEvents() {
    return chunkEvents;
  }

  /** The directory of this run's files; {@code null} on the heap. */
  public Path directory() {
    return directory;
  }

  /** A new, empty log. */
  EventLog newLog() throws IOException {
    return on.create(this);
  }

  synchronized FileEvents newFile() throws IOException {
    if (closed) {
      throw new IllegalStateException("the event store " + directory + " is closed");
    }
    FileEvents f =
        new FileEvents(directory.resolve("events-" + files.size() + ".bin"), chunkEvents);
    files.add(f);
    return f;
  }

  @Override
  public void close() {
    deleteAll();
    if (onExit != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(onExit);
      } catch (IllegalStateException e) {
        // The JVM is stopping: the hook runs or has run.
      }
    }
  }

  private synchronized void deleteAll() {
    if (closed) {
      return;
    }
    closed = true;
    UncheckedIOException first = null;
    for (FileEvents f : files) {
      try {
        f.close();
      } catch (UncheckedIOException e) {
        first = first == null ? e : first;
      }
    }
    if (directory != null) {
      try {
        Files.deleteIfExists(directory);
      } catch (IOException e) {
        first = first == null ? new UncheckedIOException("cannot delete " + directory, e) : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
