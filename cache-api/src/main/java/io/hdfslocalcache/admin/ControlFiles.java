package io.hdfslocalcache.admin;

/**
 * The operator control files: a {@code control/} folder in each of a DataNode's cache directories
 * ({@code <dir>/<datanodeUuid>/control}) that the DataNode reads and the {@code admin} command
 * writes.
 */
public final class ControlFiles {
  /** The control folder's name inside {@code <dir>/<datanodeUuid>/}. */
  public static final String CONTROL_DIR = "control";

  /** Its presence turns bypass on. */
  public static final String BYPASS_FILE = "bypass";

  /** Prefix of one-shot eviction commands. */
  public static final String EVICT_PREFIX = "evict-";

  /** Content of an eviction command that drops every cached block. */
  public static final String EVICT_ALL = "all";

  private ControlFiles() {}
}
