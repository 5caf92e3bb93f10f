package io.hdfslocalcache.admin;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The format of a listing file ({@link ControlFiles#LISTING_PREFIX}): what one DataNode has cached,
 * written by its maintenance thread and read by {@code admin list} (or by an operator: it is plain
 * text). Tab-separated lines:
 *
 * <pre>
 * # hdfs-local-cache listing 1
 * dir   &lt;dir&gt;/&lt;datanodeUuid&gt;
 * block &lt;dir&gt;/&lt;datanodeUuid&gt; &lt;blockPoolId&gt; &lt;blockId&gt; &lt;genStamp&gt; &lt;bytes&gt; &lt;pages&gt; &lt;pagesOfBlock&gt; &lt;lastReadMillis&gt;
 * end
 * </pre>
 *
 * One {@code dir} line per directory (so an empty directory is listed too), one {@code block} line
 * per cached block version: {@code bytes} is what it holds on the SSD (meta and present pages),
 * {@code pages} its data pages there out of {@code pagesOfBlock}, {@code lastReadMillis} the last
 * read served from it (epoch milliseconds; its fill time until then). {@code end} closes a complete
 * listing. Paths hold no tab or newline (the DataNode refuses none, but HDFS directories never do).
 */
public final class CacheListing {
  /** The first line. */
  public static final String HEADER = "# hdfs-local-cache listing 1";

  static final String DIR = "dir";
  static final String BLOCK = "block";
  static final String END = "end";
  private static final char TAB = '\t';

  /** One cached block version, as listed. */
  public static final class Block {
    public final String directory;
    public final String blockPoolId;
    public final long blockId;
    public final long genStamp;
    public final long bytes;
    public final int pages;
    public final int pagesOfBlock;
    public final long lastReadMillis;

    public Block(
        String directory,
        String blockPoolId,
        long blockId,
        long genStamp,
        long bytes,
        int pages,
        int pagesOfBlock,
        long lastReadMillis) {
      this.directory = directory;
      this.blockPoolId = blockPoolId;
      this.blockId = blockId;
      this.genStamp = genStamp;
      this.bytes = bytes;
      this.pages = pages;
      this.pagesOfBlock = pagesOfBlock;
      this.lastReadMillis = lastReadMillis;
    }
  }

  /** The directories, in the DataNode's order, and the blocks. */
  public final List<String> directories;

  public final List<Block> blocks;

  public CacheListing(List<String> directories, List<Block> blocks) {
    this.directories = Collections.unmodifiableList(new ArrayList<>(directories));
    this.blocks = Collections.unmodifiableList(new ArrayList<>(blocks));
  }

  /** The listing as the file holds it, {@code end} line included. */
  public String format() {
    StringBuilder s = new StringBuilder(HEADER).append('\n');
    for (String d : directories) {
      s.append(DIR).append(TAB).append(d).append('\n');
    }
    for (Block b : blocks) {
      s.append(BLOCK)
          .append(TAB)
          .append(b.directory)
          .append(TAB)
          .append(b.blockPoolId)
          .append(TAB)
          .append(b.blockId)
          .append(TAB)
          .append(b.genStamp)
          .append(TAB)
          .append(b.bytes)
          .append(TAB)
          .append(b.pages)
          .append(TAB)
          .append(b.pagesOfBlock)
          .append(TAB)
          .append(b.lastReadMillis)
          .append('\n');
    }
    return s.append(END).append('\n').toString();
  }

  /** Reads {@code text}; a listing without its header or {@code end}, or a bad line, is refused. */
  public static CacheListing parse(String text) {
    String[] lines = text.split("\n");
    if (lines.length < 2 || !lines[0].equals(HEADER)) {
      throw new IllegalArgumentException("not a listing: its first line is not '" + HEADER + "'");
    }
    if (!lines[lines.length - 1].equals(END)) {
      throw new IllegalArgumentException("listing incomplete: no '" + END + "' line");
    }
    List<String> dirs = new ArrayList<>();
    List<Block> blocks = new ArrayList<>();
    for (int i = 1; i < lines.length - 1; i++) {
      String[] w = lines[i].split(String.valueOf(TAB), -1);
      try {
        if (w.length == 2 && w[0].equals(DIR)) {
          dirs.add(w[1]);
        } else if (w.length == 9 && w[0].equals(BLOCK)) {
          blocks.add(
              new Block(
                  w[1],
                  w[2],
                  Long.parseLong(w[3]),
                  Long.parseLong(w[4]),
                  Long.parseLong(w[5]),
                  Integer.parseInt(w[6]),
                  Integer.parseInt(w[7]),
                  Long.parseLong(w[8])));
        } else {
          throw new IllegalArgumentException("unknown line");
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("listing line " + (i + 1) + " unreadable: " + lines[i]);
      }
    }
    return new CacheListing(dirs, blocks);
  }
}
