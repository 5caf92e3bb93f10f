package io.hdfslocalcache.datanode;

import io.hdfslocalcache.datanode.store.OpenProgress;
import java.nio.file.Path;
import java.util.Collections;

/** One directory's open, for {@link DirectoryStartup}: every state change under its monitor. */
final class OpeningSlot {
  enum State {
    OPENING,
    /** Opened, not yet handed on. */
    OPEN,
    FAILED,
    HANDED_ON,
    LEFT_OUT
  }

  final int position;
  final Path dir;
  final OpenProgress progress = new OpenProgress();
  final OpenWatch watch;
  private State state = State.OPENING;
  private DirectoryOpener.Opened result;
  private LinkageError linkage;

  OpeningSlot(int position, Path dir, OpenWatch watch) {
    this.position = position;
    this.dir = dir;
    this.watch = watch;
  }

  synchronized State state() {
    return state;
  }

  synchronized LinkageError linkage() {
    return linkage;
  }

  /** The linkage error of the open, once. */
  synchronized LinkageError takeLinkage() {
    LinkageError e = linkage;
    linkage = null;
    return e;
  }

  /** The open thread's end: null when the directory is unusable. */
  void finished(DirectoryOpener.Opened o) {
    synchronized (this) {
      if (state == State.OPENING) {
        state = o == null ? State.FAILED : State.OPEN;
        result = o;
        return;
      }
    }
    close(o); // left out meanwhile: nobody else will close it
  }

  synchronized void failed(LinkageError e) {
    linkage = e;
    state = state == State.OPENING ? State.FAILED : state;
  }

  /** The opened directory, once; null when it is not open (or was handed on already). */
  synchronized DirectoryOpener.Opened handOn() {
    if (state != State.OPEN) {
      return null;
    }
    state = State.HANDED_ON;
    DirectoryOpener.Opened o = result;
    result = null;
    return o;
  }

  /** Leaves it out unless it ended otherwise; true if this call did. */
  boolean leaveOut() {
    DirectoryOpener.Opened o;
    synchronized (this) {
      if (state != State.OPENING && state != State.OPEN) {
        return false;
      }
      state = State.LEFT_OUT;
      o = result;
      result = null;
    }
    close(o);
    return true;
  }

  private static void close(DirectoryOpener.Opened o) {
    if (o != null) {
      DirectoryOpener.closeQuietly(Collections.singletonList(o));
    }
  }
}
