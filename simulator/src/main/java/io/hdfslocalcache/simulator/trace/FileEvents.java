package io.hdfslocalcache.simulator.trace;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The chunks in one local file, written as they fill and read back through read-only memory maps,
 * so the heap holds the chunk being filled and one chunk per reader, never the events.
 *
 * <p>Layout: chunk k at {@code k * chunkEvents * 25}, its columns one after the other (time,
 * offset, version, length, op), each {@code count} values long in the machine's byte order (the
 * file lives as long as the process); every chunk but the last is full. Writes are sequential
 * appends through one buffer; reads copy a chunk's columns from the maps into the reader's own
 * arrays, so the replay loops index plain arrays as they do on the heap. Every parallel replay maps
 * the same pages: the operating system's page cache holds them once, and a fleet larger than the
 * machine's memory is read from the disk in file order, which disks serve well.
 */
final class FileEvents extends EventLog {
  static final int BYTES_PER_EVENT = 8 + 8 + 4 + 4 + 1;

  /** Largest map: a MappedByteBuffer is indexed by int. */
  private static final long MAX_MAP = Integer.MAX_VALUE;

  private final Path file;
  private final FileChannel channel;
  private ByteBuffer out; // the write buffer, dropped once sealed (1.6 MB a DataNode)
  private final long stride;
  private final int chunksPerMap;
  private final List<MappedByteBuffer> maps = new ArrayList<>();
  private long chunks;
  private long lastCount;

  /** A new file at {@code file}, which must not exist. */
  FileEvents(Path file, int chunkEvents) throws IOException {
    this(
        file,
        FileChannel.open(
            file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ),
        chunkEvents);
  }

  /** {@code file} open as {@code channel}: the file the messages name and close deletes. */
  FileEvents(Path file, FileChannel channel, int chunkEvents) {
    super(chunkEvents);
    this.file = file;
    this.stride = (long) chunkEvents * BYTES_PER_EVENT;
    if (stride > MAX_MAP) {
      throw new IllegalArgumentException(chunkEvents + " events per chunk do not fit one map");
    }
    this.chunksPerMap = (int) (MAX_MAP / stride);
    this.channel = channel;
    this.out = ByteBuffer.allocateDirect((int) stride).order(ByteOrder.nativeOrder());
  }

  @Override
  Chunk stored(Chunk chunk) {
    int n = chunk.count;
    out.clear();
    out.asLongBuffer().put(chunk.timeMs, 0, n);
    out.position(8 * n);
    out.asLongBuffer().put(chunk.offset, 0, n);
    out.position(16 * n);
    out.asIntBuffer().put(chunk.version, 0, n);
    out.position(20 * n);
    out.asIntBuffer().put(chunk.length, 0, n);
    out.position(24 * n);
    out.put(chunk.op, 0, n);
    out.flip();
    try {
      while (out.hasRemaining()) {
        channel.write(out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot write the trace's events to "
              + file
              + " ("
              + e.getMessage()
              + "): free space there, pick another --events-dir, or use --events-on heap",
          e);
    }
    chunks++;
    lastCount = n;
    chunk.count = 0;
    return chunk;
  }

  @Override
  void sealed() {
    out = null;
    long bytes = chunks == 0 ? 0 : (chunks - 1) * stride + lastCount * BYTES_PER_EVENT;
    try {
      for (long from = 0; from < bytes; from += chunksPerMap * stride) {
        maps.add(
            channel.map(
                FileChannel.MapMode.READ_ONLY,
                from,
                Math.min(bytes - from, chunksPerMap * stride)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot map the trace's events in " + file, e);
    }
  }

  /** Chunk {@code k}'s columns into {@code into}. */
  private void read(long k, Chunk into) {
    int n = (int) (k == chunks - 1 ? lastCount : chunkEvents());
    int at = (int) ((k % chunksPerMap) * stride);
    // duplicate() forgets the byte order: set it again on each view.
    ByteBuffer b = maps.get((int) (k / chunksPerMap)).duplicate().order(ByteOrder.nativeOrder());
    b.position(at);
    b.asLongBuffer().get(into.timeMs, 0, n);
    b.position(at + 8 * n);
    b.asLongBuffer().get(into.offset, 0, n);
    b.position(at + 16 * n);
    b.asIntBuffer().get(into.version, 0, n);
    b.position(at + 20 * n);
    b.asIntBuffer().get(into.length, 0, n);
    b.position(at + 24 * n);
    b.get(into.op, 0, n);
    into.count = n;
  }

  @Override
  public Iterable<Chunk> chunks() {
    return () ->
        new Iterator<>() {
          private final Chunk chunk = fresh();
          private long next;

          @Override
          public boolean hasNext() {
            return next < chunks;
          }

          @Override
          public Chunk next() {
            if (!hasNext()) {
              throw new NoSuchElementException();
            }
            read(next++, chunk);
            return chunk;
          }
        };
  }

  /** Closes and deletes the file (its maps stay valid until collected; the space is freed then). */
  @Override
  public void close() {
    try {
      channel.close();
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + file, e);
    }
  }

  Path file() {
    return file;
  }
}
