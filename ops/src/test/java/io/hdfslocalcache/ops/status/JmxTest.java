package io.hdfslocalcache.ops.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hdfslocalcache.metrics.AdminMetrics;
import io.hdfslocalcache.metrics.CandidateNames;
import io.hdfslocalcache.metrics.DirectoryMetrics;
import io.hdfslocalcache.metrics.DirectoryNames;
import io.hdfslocalcache.metrics.ReadPathMetrics;
import io.hdfslocalcache.metrics.ShadowMetrics;
import io.hdfslocalcache.ops.status.Jmx.LiveDataNode;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JmxTest {
  /** LiveNodes as a Hadoop 3.x NameNode writes it (fields trimmed), keyed by hostname:xferPort. */
  private static final String NAMENODE_INFO =
      "{\"beans\":[{\"name\":\"Hadoop:service=NameNode,name=NameNodeInfo\",\"LiveNodes\":"
          + "\"{\\\"dn2.example:9866\\\":{\\\"infoAddr\\\":\\\"10.0.0.2:9864\\\","
          + "\\\"infoSecureAddr\\\":\\\"10.0.0.2:9865\\\",\\\"xferaddr\\\":\\\"10.0.0.2:9866\\\"},"
          + "\\\"dn1.example:9866\\\":{\\\"infoAddr\\\":\\\"10.0.0.1:9864\\\","
          + "\\\"infoSecureAddr\\\":\\\"10.0.0.1:9865\\\",\\\"xferaddr\\\":\\\"10.0.0.1:9866\\\"}}\""
          + "}]}";

  @Test
  void liveDataNodes_http_hostnameWithHttpPortInNameOrder() {
    List<LiveDataNode> nodes = Jmx.liveDataNodes(NAMENODE_INFO, URI.create("http://nn:9870"));
    assertEquals(
        List.of(
            new LiveDataNode("dn1.example:9864", URI.create("http://dn1.example:9864")),
            new LiveDataNode("dn2.example:9864", URI.create("http://dn2.example:9864"))),
        nodes);
  }

  @Test
  void liveDataNodes_https_secureAddressesOverHttps() {
    List<LiveDataNode> nodes = Jmx.liveDataNodes(NAMENODE_INFO, URI.create("https://nn:9871"));
    assertEquals(URI.create("https://dn1.example:9865"), nodes.get(0).web());
  }

  @Test
  void liveDataNodes_notANameNode_failureSaysSo() {
    Failure f =
        assertThrows(
            Failure.class,
            () -> Jmx.liveDataNodes("{\"beans\":[]}", URI.create("http://dn1:9864")));
    assertTrue(f.getMessage().contains("is it a NameNode?"), f.getMessage());
  }

  @Test
  void cacheBean_shadowCandidateBeans_foldedUnderTheirRegistryNames() {
    String json =
        "{\"beans\":[{\"name\":\"Hadoop:service=DataNode,name=LocalCache-u1\","
            + "\"tag.DatanodeUuid\":\"u1\",\"shadow.feed.events\":5},"
            + "{\"name\":\"Hadoop:service=DataNode,name=LocalCacheShadow-u1-t4\","
            + "\"tag.DatanodeUuid\":\"u1\",\"tag.Candidate\":\"t4\",\"hits\":2},"
            + "{\"name\":\"Hadoop:service=DataNode,name=LocalCacheShadow-u2-t4\","
            + "\"tag.DatanodeUuid\":\"u2\",\"tag.Candidate\":\"t4\",\"hits\":9}]}";
    Map<String, Object> bean = Jmx.cacheBean(json, URI.create("http://dn1:9864")).orElseThrow();
    assertEquals(
        2,
        bean.get(CandidateNames.of("t4", ShadowMetrics.HITS)),
        "the other DataNode's bean is not ours");
    assertEquals(5, bean.get(ShadowMetrics.FEED_EVENTS));
  }

  @Test
  void cacheBean_noBean_empty() {
    assertTrue(Jmx.cacheBean("{\"beans\":[]}", URI.create("http://dn1:9864")).isEmpty());
  }

  @Test
  void figures_errorsAreTheDirectoryErrorCausesOfReadsAndFills() {
    Map<String, Object> bean = new java.util.LinkedHashMap<>();
    bean.put("read.fallback.io_error", 1);
    bean.put("read.fallback.timeout", 2);
    bean.put("read.fallback.busy", 100); // not a directory error
    bean.put("read.fallback.missing_page", 100);
    bean.put("fill.failed.checksum_mismatch", 4);
    bean.put("fill.failed.no_space", 100);
    bean.put(DirectoryNames.of(0, DirectoryMetrics.IN_SERVICE), 1);
    bean.put(DirectoryNames.of(0, DirectoryMetrics.READ_ROUTE), 2); // in service, slow
    bean.put(DirectoryNames.of(1, DirectoryMetrics.IN_SERVICE), 0);
    bean.put(
        DirectoryNames.of(1, DirectoryMetrics.READ_ROUTE),
        2); // out of service: counted there, not as slow
    bean.put(DirectoryNames.of(2, DirectoryMetrics.IN_SERVICE), 1);
    bean.put(
        DirectoryNames.of(2, DirectoryMetrics.READ_ROUTE), 1); // read.bound=strict: not a symptom
    bean.put(AdminMetrics.BYPASS, 1);
    CacheFigures f = CacheFigures.of(bean);
    assertEquals(7, f.errors());
    assertEquals(3, f.dirs());
    assertEquals(1, f.dirsOutOfService());
    assertEquals(1, f.dirsSlow());
    assertEquals(1, f.bypassed());
    assertTrue(Double.isNaN(f.hitRatio()), "no reads: no ratio");
  }

  @Test
  void figures_since_counterWentDownIsNoInterval() {
    CacheFigures before =
        CacheFigures.of(Map.of(ReadPathMetrics.HITS, 10, ReadPathMetrics.BYTES_CACHE, 100));
    CacheFigures after =
        CacheFigures.of(Map.of(ReadPathMetrics.HITS, 15, ReadPathMetrics.BYTES_CACHE, 50));
    assertTrue(after.since(before).isEmpty());
    assertEquals(
        5,
        CacheFigures.of(Map.of(ReadPathMetrics.HITS, 15))
            .since(CacheFigures.of(Map.of(ReadPathMetrics.HITS, 10)))
            .orElseThrow()
            .hits());
  }
}
