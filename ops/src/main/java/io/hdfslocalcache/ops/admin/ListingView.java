package io.hdfslocalcache.ops.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hdfslocalcache.admin.CacheListing;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code admin list} as an operator reads it (per directory: its blocks, bytes and pages, then one
 * line per block, most recently read first) or, with {@code --json}, as a script does (the same
 * figures, stable field names, times as ISO-8601 UTC).
 */
final class ListingView {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Comparator<CacheListing.Block> RECENT_FIRST =
      Comparator.comparingLong((CacheListing.Block b) -> b.lastReadMillis).reversed();

  private ListingView() {}

  /** Blocks per directory, every directory of the listing present (possibly empty). */
  private static Map<String, List<CacheListing.Block>> byDirectory(CacheListing l) {
    Map<String, List<CacheListing.Block>> out = new LinkedHashMap<>();
    for (String d : l.directories) {
      out.put(d, new ArrayList<>());
    }
    for (CacheListing.Block b : l.blocks) {
      out.computeIfAbsent(b.directory, d -> new ArrayList<>()).add(b);
    }
    out.values().forEach(bs -> bs.sort(RECENT_FIRST));
    return out;
  }

  static String text(CacheListing l) {
    StringBuilder s = new StringBuilder();
    Map<String, List<CacheListing.Block>> dirs = byDirectory(l);
    s.append(
        String.format(
            "%d block(s) cached, %d bytes, in %d director%s%n",
            l.blocks.size(), bytes(l.blocks), dirs.size(), dirs.size() == 1 ? "y" : "ies"));
    for (Map.Entry<String, List<CacheListing.Block>> d : dirs.entrySet()) {
      List<CacheListing.Block> bs = d.getValue();
      s.append(
          String.format(
              "%s: %d block(s), %d bytes, %d page(s)%n",
              d.getKey(), bs.size(), bytes(bs), pages(bs)));
      if (bs.isEmpty()) {
        continue;
      }
      s.append(String.format("  %-48s %14s %13s  %s%n", "BLOCK", "BYTES", "PAGES", "LAST READ"));
      for (CacheListing.Block b : bs) {
        s.append(
            String.format(
                "  %-48s %14d %13s  %s%n",
                b.blockPoolId + ":blk_" + b.blockId + "_" + b.genStamp,
                b.bytes,
                b.pages + "/" + b.pagesOfBlock,
                Instant.ofEpochMilli(b.lastReadMillis)));
      }
    }
    return s.toString();
  }

  static String json(CacheListing l) {
    ObjectNode root = JSON.createObjectNode();
    root.put("blocks", l.blocks.size());
    root.put("bytes", bytes(l.blocks));
    ArrayNode dirs = root.putArray("directories");
    for (Map.Entry<String, List<CacheListing.Block>> d : byDirectory(l).entrySet()) {
      List<CacheListing.Block> bs = d.getValue();
      ObjectNode dir = dirs.addObject();
      dir.put("directory", d.getKey());
      dir.put("blocks", bs.size());
      dir.put("bytes", bytes(bs));
      dir.put("pages", pages(bs));
      ArrayNode cached = dir.putArray("cached");
      for (CacheListing.Block b : bs) {
        ObjectNode n = cached.addObject();
        n.put("blockPoolId", b.blockPoolId);
        n.put("blockId", b.blockId);
        n.put("genStamp", b.genStamp);
        n.put("bytes", b.bytes);
        n.put("pages", b.pages);
        n.put("pagesOfBlock", b.pagesOfBlock);
        n.put("lastRead", Instant.ofEpochMilli(b.lastReadMillis).toString());
      }
    }
    return write(root);
  }

  static String write(ObjectNode n) {
    try {
      return JSON.writeValueAsString(n);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ObjectNode object() {
    return JSON.createObjectNode();
  }

  private static long bytes(List<CacheListing.Block> bs) {
    return bs.stream().mapToLong(b -> b.bytes).sum();
  }

  private static long pages(List<CacheListing.Block> bs) {
    return bs.stream().mapToLong(b -> b.pages).sum();
  }
}
