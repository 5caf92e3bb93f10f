package io.hdfslocalcache.ops.admin;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hdfslocalcache.admin.ControlFiles;
import java.nio.file.Path;
import java.util.List;

/**
 * What one {@code admin evict} asks the DataNode: the lines of its command file ({@link
 * ControlFiles#EVICT_PREFIX}) and how to say so. Evicting a block that is not cached does nothing,
 * so a path's blocks are all named, whether this DataNode holds a replica or not.
 */
record Eviction(
    String what, String path, List<PathBlocks.Block> blocks, int files, boolean everything) {
  static Eviction all() {
    return new Eviction("every cached block", null, List.of(), 0, true);
  }

  static Eviction one(String blockPoolId, String blockId) {
    long id;
    try {
      id = Long.parseLong(blockId);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("block id must be a number, got '" + blockId + "'");
    }
    return new Eviction(
        blockPoolId + ":blk_" + id, null, List.of(new PathBlocks.Block(blockPoolId, id)), 0, false);
  }

  static Eviction of(PathBlocks.Found found) {
    return new Eviction(
        found.blocks().size() + " block(s) of " + found.files() + " file(s) under " + found.path(),
        found.path(),
        found.blocks(),
        found.files(),
        false);
  }

  /** The command file's lines; empty: nothing to ask. */
  List<String> lines() {
    if (everything) {
      return List.of(ControlFiles.EVICT_ALL);
    }
    return blocks.stream().map(b -> b.blockPoolId() + " " + b.blockId()).toList();
  }

  String text(Path control) {
    return lines().isEmpty()
        ? "nothing to evict: " + what
        : "eviction of "
            + what
            + " requested in "
            + control
            + ": the DataNode drops it within ~2 s, or, if it is down, at its next start";
  }

  String json(Path control) {
    ObjectNode n = ListingView.object();
    n.put("all", everything);
    if (path != null) {
      n.put("path", path);
    }
    n.put("files", files);
    ArrayNode a = n.putArray("blocks");
    for (PathBlocks.Block b : blocks) {
      a.addObject().put("blockPoolId", b.blockPoolId()).put("blockId", b.blockId());
    }
    n.put("requested", !lines().isEmpty());
    n.put("control", control.toString());
    return ListingView.write(n);
  }
}
