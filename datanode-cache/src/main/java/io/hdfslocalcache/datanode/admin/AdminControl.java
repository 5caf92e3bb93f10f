package io.hdfslocalcache.datanode.admin;

import io.hdfslocalcache.admin.ControlFiles;
import io.hdfslocalcache.datanode.block.BlockId;
import io.hdfslocalcache.datanode.files.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Operator control without a restart and without a new port: a {@code control/} folder in each of
 * the DataNode's cache directories ({@code <dir>/<datanodeUuid>/control}), read by the maintenance
 * thread every {@code MAINTENANCE_INTERVAL}, so a command takes effect within a few seconds.
 *
 * <ul>
 *   <li>{@code bypass} (a file; its presence is the state, so it survives a restart): every read
 *       goes to the HDD and nothing is admitted; the cached contents stay.
 *   <li>{@code evict-<anything>} (a file, consumed): lines of {@code all} or {@code <blockPoolId>
 *       <blockId>}: drops those cached copies.
 *   <li>{@code list-<token>} (a request, consumed by {@link ListingAnswer}): the maintenance round
 *       writes what is cached to {@code listing-<token>} beside it.
 *   <li>{@code directories} (written here at start into every directory): every directory this
 *       DataNode reads, so a tool given any one of them acts on all of them. Bypass is the
 *       DataNode's, not a directory's: a {@code bypass} file in any one turns it on, and it ends
 *       only when none has one.
 * </ul>
 *
 * <p>Who may do it: whoever can write the cache directory, which the DataNode creates 0700 for its
 * own user: the same people who could already delete the cache. Why that is safe: bypass only sends
 * reads to the HDD copy, which is the truth, and eviction only drops copies.
 */
public final class AdminControl {
  private static final Logger LOG = LoggerFactory.getLogger(AdminControl.class);

  // Copy-on-write: a directory that opens after start-up joins while the maintenance round polls.
  private final CopyOnWriteArrayList<Path> controlDirs = new CopyOnWriteArrayList<>();
  private volatile boolean bypass;

  /** {@code dataNodeDirs}: each opened directory's {@code <dir>/<datanodeUuid>}. */
  public AdminControl(List<Path> dataNodeDirs) {
    for (Path d : dataNodeDirs) {
      controlDirs.add(d.resolve(ControlFiles.CONTROL_DIR));
    }
  }

  /**
   * A directory that finished opening after start-up: its control folder is read from now on, and
   * every folder's record is rewritten to {@code dataNodeDirs} (all directories, the new one
   * included), so a bypass written there, or {@code admin resume} given it, acts on this DataNode.
   */
  public void join(Path dataNodeDir, List<Path> dataNodeDirs) {
    controlDirs.addIfAbsent(dataNodeDir.resolve(ControlFiles.CONTROL_DIR));
    recordDirectories(dataNodeDirs);
  }

  /**
   * Creates each control folder ({@code 0700}) and writes into it the list of every directory this
   * DataNode reads, {@code <dir>/<datanodeUuid>} per line. A folder that cannot be written is
   * logged and skipped: the cache serves without it.
   */
  public void recordDirectories(List<Path> dataNodeDirs) {
    StringBuilder list = new StringBuilder();
    for (Path d : dataNodeDirs) {
      list.append(d).append('\n');
    }
    byte[] text = list.toString().getBytes(StandardCharsets.UTF_8);
    for (Path c : controlDirs) {
      try {
        Files.createDirectories(c);
        try {
          Files.setPosixFilePermissions(c, PosixFilePermissions.fromString("rwx------"));
        } catch (UnsupportedOperationException e) {
          // not a POSIX file system
        }
        OwnerOnlyFiles.writeWhole(c.resolve(ControlFiles.DIRECTORIES_FILE), text);
      } catch (IOException e) {
        LOG.warn(
            "hdfs-local-cache: cannot write {} in {}: {}",
            ControlFiles.DIRECTORIES_FILE,
            c,
            e.toString());
      }
    }
  }

  /** True while reads bypass the cache. */
  public boolean bypassed() {
    return bypass;
  }

  /** What an eviction command asks for. */
  public static final class Eviction {
    /** Null: every block. */
    public final BlockId block;

    Eviction(BlockId block) {
      this.block = block;
    }
  }

  /** What one round found: eviction commands (their files deleted) and listing requests. */
  public static final class Commands {
    public final List<Eviction> evictions;

    /** Request files, left for {@link ListingAnswer} to answer and delete. */
    public final List<Path> listRequests;

    Commands(List<Eviction> evictions, List<Path> listRequests) {
      this.evictions = Collections.unmodifiableList(evictions);
      this.listRequests = Collections.unmodifiableList(listRequests);
    }

    /** Whether these eviction commands drop {@code id}. */
    public Predicate<BlockId> evicts() {
      Set<BlockId> named = new HashSet<>();
      for (Eviction e : evictions) {
        if (e.block == null) {
          return id -> true;
        }
        named.add(e.block);
      }
      return named::contains;
    }
  }

  /**
   * Reads the control folders (maintenance thread): updates the bypass state, logging one INFO line
   * per change, and returns the eviction commands found, deleting their files, and the listing
   * requests. A command line that does not parse is logged and skipped.
   */
  public Commands poll() {
    boolean on = false;
    List<Eviction> out = new ArrayList<>();
    List<Path> requests = new ArrayList<>();
    for (Path c : controlDirs) {
      if (!Files.isDirectory(c)) {
        continue;
      }
      on |= Files.exists(c.resolve(ControlFiles.BYPASS_FILE));
      try (DirectoryStream<Path> files =
          Files.newDirectoryStream(c, ControlFiles.EVICT_PREFIX + "*")) {
        for (Path f : files) {
          out.addAll(parse(f));
          Files.deleteIfExists(f);
        }
      } catch (IOException e) {
        LOG.warn("hdfs-local-cache: cannot read control folder {}: {}", c, e.toString());
      }
      try (DirectoryStream<Path> files =
          Files.newDirectoryStream(c, ControlFiles.LIST_PREFIX + "*")) {
        for (Path f : files) {
          requests.add(f);
        }
      } catch (IOException e) {
        LOG.warn("hdfs-local-cache: cannot read control folder {}: {}", c, e.toString());
      }
    }
    if (on != bypass) {
      bypass = on;
      LOG.info(
          "hdfs-local-cache: bypass {} ({} in a cache directory's {} folder): {}",
          on ? "ON" : "OFF",
          ControlFiles.BYPASS_FILE,
          ControlFiles.CONTROL_DIR,
          on
              ? "every read goes to the HDD, nothing is admitted, cached blocks are kept"
              : "reads are served from the cache again");
    }
    return new Commands(out, requests);
  }

  /** Each line of {@code f}; a line that does not parse is logged and skipped. */
  private static List<Eviction> parse(Path f) {
    List<String> lines;
    try {
      lines = Files.readAllLines(f, StandardCharsets.UTF_8);
    } catch (IOException e) {
      LOG.warn("hdfs-local-cache: cannot read control file {}: {}", f, e.toString());
      return Collections.emptyList();
    }
    List<Eviction> out = new ArrayList<>();
    for (String line : lines) {
      String s = line.trim();
      if (s.isEmpty()) {
        continue;
      }
      Eviction e = parseLine(s);
      if (e == null) {
        LOG.warn(
            "hdfs-local-cache: ignoring line '{}' of control file {}: expected '{}' or"
                + " '<blockPoolId> <blockId>'",
            s,
            f,
            ControlFiles.EVICT_ALL);
      } else {
        out.add(e);
      }
    }
    return out;
  }

  private static Eviction parseLine(String s) {
    if (s.equals(ControlFiles.EVICT_ALL)) {
      return new Eviction(null);
    }
    String[] w = s.split("\\s+");
    if (w.length == 2) {
      try {
        return new Eviction(new BlockId(w[0], Long.parseLong(w[1])));
      } catch (NumberFormatException e) {
        return null;
      }
    }
    return null;
  }
}
