package io.hdfslocalcache.datanode.admin;

import io.hdfslocalcache.admin.ControlFiles;
import io.hdfslocalcache.datanode.block.BlockId;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
 *   <li>{@code evict-<anything>} (a file, consumed): {@code all}, or {@code <blockPoolId>
 *       <blockId>}: drops those cached copies.
 * </ul>
 *
 * <p>Who may do it: whoever can write the cache directory, which the DataNode creates 0700 for its
 * own user: the same people who could already delete the cache. Why that is safe: bypass only sends
 * reads to the HDD copy, which is the truth, and eviction only drops copies.
 */
public final class AdminControl {
  private static final Logger LOG = LoggerFactory.getLogger(AdminControl.class);

  private final List<Path> controlDirs;
  private volatile boolean bypass;

  /** {@code dataNodeDirs}: each opened directory's {@code <dir>/<datanodeUuid>}. */
  public AdminControl(List<Path> dataNodeDirs) {
    List<Path> c = new ArrayList<>();
    for (Path d : dataNodeDirs) {
      c.add(d.resolve(ControlFiles.CONTROL_DIR));
    }
    this.controlDirs = Collections.unmodifiableList(c);
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

  /**
   * Reads the control folders (maintenance thread): updates the bypass state, logging one INFO line
   * per change, and returns the eviction commands found, deleting their files. A command that does
   * not parse is logged and deleted.
   */
  public List<Eviction> poll() {
    boolean on = false;
    List<Eviction> out = new ArrayList<>();
    for (Path c : controlDirs) {
      if (!Files.isDirectory(c)) {
        continue;
      }
      on |= Files.exists(c.resolve(ControlFiles.BYPASS_FILE));
      try (DirectoryStream<Path> files =
          Files.newDirectoryStream(c, ControlFiles.EVICT_PREFIX + "*")) {
        for (Path f : files) {
          Eviction e = parse(f);
          if (e != null) {
            out.add(e);
          }
          Files.deleteIfExists(f);
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
    return out;
  }

  private static Eviction parse(Path f) {
    try {
      String s = new String(Files.readAllBytes(f), StandardCharsets.UTF_8).trim();
      if (s.equals(ControlFiles.EVICT_ALL)) {
        return new Eviction(null);
      }
      String[] w = s.split("\\s+");
      if (w.length == 2) {
        return new Eviction(new BlockId(w[0], Long.parseLong(w[1])));
      }
    } catch (IOException | NumberFormatException e) {
      // falls through to the warning
    }
    LOG.warn(
        "hdfs-local-cache: ignoring control file {}: expected '{}' or '<blockPoolId>"
            + " <blockId>'",
        f,
        ControlFiles.EVICT_ALL);
    return null;
  }
}
