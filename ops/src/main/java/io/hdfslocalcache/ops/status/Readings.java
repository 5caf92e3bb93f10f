package io.hdfslocalcache.ops.status;

import io.hdfslocalcache.ops.status.Jmx.LiveDataNode;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads the cache figures of one DataNode, or of every live DataNode the NameNode lists (listed
 * again on each reading, so DataNodes that join or leave during a watch show up). DataNodes are
 * read in parallel, at most {@link #PARALLEL} at a time, each bounded by the web client's timeout:
 * a dead DataNode costs its line one timeout, not the whole fleet's.
 */
final class Readings implements AutoCloseable {
  static final int PARALLEL = 16;

  private final WebUi web;
  private final Target target;
  private final Pacing pacing;
  private final ExecutorService pool;

  /** Where the DataNodes come from: one given, or the NameNode's list. */
  record Target(Optional<URI> nameNode, Optional<URI> dataNode) {
    static Target fleet(URI nameNode) {
      return new Target(Optional.of(nameNode), Optional.empty());
    }

    static Target single(URI dataNode) {
      return new Target(Optional.empty(), Optional.of(dataNode));
    }

    boolean isFleet() {
      return nameNode.isPresent();
    }
  }

  /** One reading: when it started and a row per DataNode, in name order. */
  record Reading(long nanos, Instant at, List<Row> rows) {}

  Readings(WebUi web, Target target, Pacing pacing) {
    this.web = web;
    this.target = target;
    this.pacing = pacing;
    this.pool =
        Executors.newFixedThreadPool(
            PARALLEL,
            r -> {
              Thread t = new Thread(r, "status-read");
              t.setDaemon(true);
              return t;
            });
  }

  Reading read() throws InterruptedException {
    long nanos = pacing.nanoTime();
    Instant at = pacing.now();
    List<LiveDataNode> nodes = dataNodes();
    List<Future<Row>> futures = new ArrayList<>();
    for (LiveDataNode n : nodes) {
      futures.add(pool.submit(() -> row(n)));
    }
    List<Row> rows = new ArrayList<>();
    for (Future<Row> f : futures) {
      try {
        rows.add(f.get());
      } catch (ExecutionException e) {
        throw new IllegalStateException(e.getCause());
      }
    }
    return new Reading(nanos, at, rows);
  }

  private List<LiveDataNode> dataNodes() {
    if (target.dataNode().isPresent()) {
      URI dn = target.dataNode().get();
      return List.of(new LiveDataNode(HttpAddress.name(dn), dn));
    }
    URI nn = target.nameNode().orElseThrow();
    List<LiveDataNode> nodes = Jmx.liveDataNodes(web.jmx(nn, Jmx.NAMENODE_INFO), nn);
    if (nodes.isEmpty()) {
      throw new Failure(nn + " lists no live DataNode");
    }
    return nodes;
  }

  private Row row(LiveDataNode n) {
    try {
      Optional<Map<String, Object>> bean =
          Jmx.cacheBean(web.jmx(n.web(), Jmx.CACHE_QUERY), n.web());
      return bean.map(
              b -> new ShadowLines(b).shadowMode() ? Row.shadow(n.name(), b) : Row.ok(n.name(), b))
          .orElseGet(
              () ->
                  Row.without(
                      n.name(),
                      Row.State.NO_CACHE,
                      "cache not active (disabled, or no usable SSD directory: see its log)"));
    } catch (Failure e) {
      return Row.without(n.name(), Row.State.UNREACHABLE, e.getMessage());
    }
  }

  /** Why a single DataNode has no figures, when it has no cache bean. */
  static String noCache(URI base) {
    return "no LocalCache bean at "
        + base
        + ": the cache is not active on this DataNode (disabled, or no usable SSD directory; see"
        + " the DataNode log), or it is not a DataNode";
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
