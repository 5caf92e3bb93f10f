package io.hdfslocalcache.simulator.trace;

import java.io.IOException;
import java.io.InputStream;

/**
 * One trace file, from wherever it is stored: a name for messages, its size for the progress bar
 * and a way to open it (again: the DataNode grouping reads each file's head before the parse).
 *
 * @param name how messages name the file (its path or URI)
 * @param length bytes as stored (compressed, when it is)
 * @param opener opens the stored bytes
 */
public record TraceInput(String name, long length, Opener opener) {
  /** Opens a fresh stream of the stored bytes. */
  public interface Opener {
    InputStream open() throws IOException;
  }

  public InputStream open() throws IOException {
    return opener.open();
  }
}
