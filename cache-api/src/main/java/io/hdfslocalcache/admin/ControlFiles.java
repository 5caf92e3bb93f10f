package io.hdfslocalcache.admin;

/**
 * The operator control files: a {@code control/} folder in each of a DataNode's cache directories
 * ({@code <dir>/<datanodeUuid>/control}, created {@code 0700} by the DataNode at start) that the
 * DataNode reads every maintenance round and the {@code admin} command, or an operator by hand,
 * writes. A file the DataNode reads is written under a name starting with {@code .} and then
 * renamed, so it is never read half-written.
 */
public final class ControlFiles {
  /** The control folder's name inside {@code <dir>/<datanodeUuid>/}. */
  public static final String CONTROL_DIR = "control";

  /**
   * Its presence in any one of the DataNode's directories turns bypass on for the whole DataNode;
   * bypass ends when no directory has it.
   */
  public static final String BYPASS_FILE = "bypass";

  /**
   * Prefix of one-shot eviction commands: one line each, {@link #EVICT_ALL} or {@code <blockPoolId>
   * <blockId>}. Read from any directory; each drops the block wherever it is cached.
   */
  public static final String EVICT_PREFIX = "evict-";

  /** Content of an eviction command that drops every cached block. */
  public static final String EVICT_ALL = "all";

  /**
   * Written by the DataNode at every start into each of its directories: the {@code
   * <dir>/<datanodeUuid>} of every cache directory it opened, one per line, so a command given any
   * one of them acts on, and reports, the whole DataNode.
   */
  public static final String DIRECTORIES_FILE = "directories";

  /**
   * Prefix of a listing request ({@code list-<token>}, any content): the next maintenance round
   * answers with {@link #LISTING_PREFIX}{@code <token>} in the same folder and deletes the request.
   */
  public static final String LIST_PREFIX = "list-";

  /** Prefix of the DataNode's answer to a listing request ({@link CacheListing}'s format). */
  public static final String LISTING_PREFIX = "listing-";

  private ControlFiles() {}
}
