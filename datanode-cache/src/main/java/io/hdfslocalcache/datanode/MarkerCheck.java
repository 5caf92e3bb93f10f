package io.hdfslocalcache.datanode;

import io.hdfslocalcache.config.CacheDirMarker;
import io.hdfslocalcache.config.CacheKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a configured cache directory is the operator's SSD, before anything is created in it: it
 * must exist and hold {@link CacheDirMarker#FILE_NAME} ({@link CacheDirMarker} says why a file and
 * not a mount check). A directory that holds this DataNode's cache from an earlier release, which
 * wrote no marker, is marked and used: an upgrade does not turn the cache off.
 */
final class MarkerCheck {
  /** What the check found; the last three refuse the directory. */
  enum Verdict {
    MARKED,
    /** No marker but this DataNode's block index from an earlier release: marker written. */
    ADOPTED,
    MISSING,
    NOT_A_DIRECTORY,
    UNMARKED;

    boolean usable() {
      return this == MARKED || this == ADOPTED;
    }
  }

  private MarkerCheck() {}

  /**
   * Judges {@code root}, a configured directory, for the DataNode whose own directory in it is
   * {@code own}; writes the marker when it adopts an earlier release's cache.
   */
  static Verdict judge(Path root, Path own) throws IOException {
    if (!Files.exists(root)) {
      return Verdict.MISSING;
    }
    if (!Files.isDirectory(root)) {
      return Verdict.NOT_A_DIRECTORY;
    }
    if (Files.exists(root.resolve(CacheDirMarker.FILE_NAME))) {
      return Verdict.MARKED;
    }
    if (Files.isDirectory(own.resolve("index"))) {
      CacheDirMarker.create(root);
      return Verdict.ADOPTED;
    }
    return Verdict.UNMARKED;
  }

  /** Why {@code root} is refused, and what the operator does about it. */
  static String refusal(Verdict v, Path root) {
    String create =
        "create it on the mounted SSD, owned by the DataNode user: mkdir "
            + root
            + " && touch "
            + root.resolve(CacheDirMarker.FILE_NAME);
    switch (v) {
      case MISSING:
        return CacheKeys.DIRS
            + " directory "
            + root
            + " does not exist; the cache never creates it (with its SSD not mounted it would"
            + " land on the disk beneath): "
            + create;
      case NOT_A_DIRECTORY:
        return CacheKeys.DIRS + " directory " + root + " is not a directory";
      case UNMARKED:
        return CacheKeys.DIRS
            + " directory "
            + root
            + " holds no "
            + CacheDirMarker.FILE_NAME
            + ": its SSD is not mounted (this is the mount point on the disk beneath), or the"
            + " file was never created; if it is the SSD: touch "
            + root.resolve(CacheDirMarker.FILE_NAME);
      default:
        throw new IllegalArgumentException(v + " is not a refusal");
    }
  }
}
