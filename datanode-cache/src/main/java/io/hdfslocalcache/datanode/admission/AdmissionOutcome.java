package io.hdfslocalcache.datanode.admission;

/** What admission did with one client read; each is counted. */
public enum AdmissionOutcome {
  /** The block is cached at this version: the read was only recorded. */
  CACHED,
  /** Not (yet) read often enough in the window. */
  REJECTED,
  /** Hot enough, and a fill was requested (the scheduler may still drop it when full). */
  FILL_REQUESTED,
  /**
   * Hot enough, in {@code pages} fill mode: the pages this read touches are filled when it ends
   * (the read's length is known only then).
   */
  FILL_ON_CLOSE,
  /** Hot enough, but a fill of the block is already running. */
  FILL_RUNNING,
  /** Hot enough, but no directory is in service. */
  NO_DIRECTORY,
  /** Hot enough, but the chosen directory's file system is below its reserve. */
  NO_SPACE
}
