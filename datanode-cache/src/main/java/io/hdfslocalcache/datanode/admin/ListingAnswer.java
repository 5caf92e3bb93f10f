package io.hdfslocalcache.datanode.admin;

import io.hdfslocalcache.admin.CacheListing;
import io.hdfslocalcache.admin.ControlFiles;
import io.hdfslocalcache.datanode.block.BlockMap;
import io.hdfslocalcache.datanode.block.CachedReplica;
import io.hdfslocalcache.datanode.dir.CacheDirectory;
import io.hdfslocalcache.datanode.dir.ServingDirectories;
import io.hdfslocalcache.datanode.files.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers {@code admin list}: the block map as it is now, written beside the request as a {@link
 * CacheListing}. Why a file the maintenance round writes, and not the tool reading the cache
 * itself: the block index is RocksDB, locked by the live DataNode and behind it by up to a round of
 * access-time writes, and JMX carries gauges, not a row per block (nor should it: a scrape every 15
 * s would copy the map each time). The block map is the truth a read meets; the request costs one
 * pass over it, once per request, on the maintenance thread, and needs no port and no permission
 * but the control folder's.
 */
public final class ListingAnswer {
  private static final Logger LOG = LoggerFactory.getLogger(ListingAnswer.class);

  private final BlockMap map;
  private final ServingDirectories dirs;

  public ListingAnswer(BlockMap map, ServingDirectories dirs) {
    this.map = map;
    this.dirs = dirs;
  }

  /** What is cached now, every directory listed. */
  public CacheListing listing() {
    List<String> paths = new ArrayList<>();
    for (CacheDirectory d : dirs.all()) {
      paths.add(d.path().toString());
    }
    List<CacheListing.Block> blocks = new ArrayList<>();
    for (CachedReplica e : map.entries()) {
      if (e.retired()) {
        continue;
      }
      blocks.add(
          new CacheListing.Block(
              dirs.of(e.home()).path().toString(),
              e.id.poolId(),
              e.id.blockId(),
              e.genStamp,
              e.bytes(),
              e.pages.count(),
              e.pages.pages(),
              e.lastAccessMillis));
    }
    return new CacheListing(paths, blocks);
  }

  /**
   * Writes {@code listing-<token>} beside {@code request} ({@code list-<token>}), renamed into
   * place whole, then deletes the request. A failure is logged; the tool times out naming it.
   */
  public void answer(List<Path> requests) {
    if (requests.isEmpty()) {
      return;
    }
    byte[] text = listing().format().getBytes(StandardCharsets.UTF_8);
    for (Path request : requests) {
      String token = request.getFileName().toString().substring(ControlFiles.LIST_PREFIX.length());
      Path answer = request.resolveSibling(ControlFiles.LISTING_PREFIX + token);
      try {
        OwnerOnlyFiles.writeWhole(answer, text);
        Files.deleteIfExists(request);
      } catch (IOException e) {
        LOG.warn("hdfs-local-cache: cannot answer listing request {}: {}", request, e.toString());
      }
    }
  }
}
