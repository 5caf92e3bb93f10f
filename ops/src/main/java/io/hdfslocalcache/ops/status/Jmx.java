package io.hdfslocalcache.ops.status;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hdfslocalcache.metrics.DirectoryBeans;
import io.hdfslocalcache.metrics.MetricSources;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What status reads from Hadoop's {@code /jmx} JSON (Jackson). Pure: tested on captured answers.
 */
final class Jmx {
  /** The cache's bean on a DataNode, and its directories' beans ({@code LocalCacheDirectory-*}). */
  static final String CACHE_QUERY = "Hadoop:service=DataNode,name=LocalCache*";

  /** The NameNode's bean listing DataNodes (Hadoop 3.3 to 3.5 alike). */
  static final String NAMENODE_INFO = "Hadoop:service=NameNode,name=NameNodeInfo";

  static final ObjectMapper JSON = new ObjectMapper();

  private static final TypeReference<Map<String, Object>> BEAN = new TypeReference<>() {};

  private Jmx() {}

  /**
   * The cache bean in a DataNode's answer to {@link #CACHE_QUERY}, empty when there is none (the
   * cache is not active there). Several DataNodes in one JVM (a MiniDFSCluster) all show up on each
   * HTTP port; the bean whose HttpPort tag is this port is the one asked for.
   */
  static Optional<Map<String, Object>> cacheBean(String json, URI base) {
    List<Map<String, Object>> all = new ArrayList<>();
    for (JsonNode b : beans(json, base, "is it a DataNode?")) {
      all.add(JSON.convertValue(b, BEAN));
    }
    // The DataNode-wide beans; each one's directory beans are folded back in under store.dirN.*.
    List<Map<String, Object>> beans = new ArrayList<>();
    for (Map<String, Object> b : all) {
      if (String.valueOf(b.get("name")).contains("name=" + MetricSources.SOURCE_PREFIX)) {
        beans.add(b);
      }
    }
    if (beans.size() <= 1) {
      return beans.stream().findFirst().map(b -> DirectoryBeans.flatten(b, all));
    }
    String port = String.valueOf(base.getPort());
    for (Map<String, Object> b : beans) {
      if (port.equals(String.valueOf(b.get("tag." + MetricSources.TAG_HTTP_PORT)))) {
        return Optional.of(DirectoryBeans.flatten(b, all));
      }
    }
    throw new Failure(
        beans.size() + " LocalCache beans at " + base + " and none reports HttpPort " + port);
  }

  /**
   * The live DataNodes in the NameNode's answer to {@link #NAMENODE_INFO}, by name. {@code
   * LiveNodes} is a JSON string: {@code "<hostname>:<xferPort>" -> {infoAddr: "<ip>:<port>",
   * infoSecureAddr: ...}}. The web address is the hostname (Kerberos names the service
   * HTTP/&lt;hostname&gt;, never an IP) with the HTTP port, or the HTTPS port when the NameNode was
   * asked over https.
   */
  static List<LiveDataNode> liveDataNodes(String json, URI nameNode) {
    List<JsonNode> beans = beans(json, nameNode, "is it a NameNode?");
    if (beans.size() != 1 || !beans.get(0).path("LiveNodes").isTextual()) {
      throw new Failure(nameNode + " has no NameNodeInfo bean with LiveNodes (is it a NameNode?)");
    }
    JsonNode nodes;
    try {
      nodes = JSON.readTree(beans.get(0).get("LiveNodes").asText());
    } catch (JsonProcessingException e) {
      throw new Failure(nameNode + ": LiveNodes is not JSON: " + e.getOriginalMessage());
    }
    boolean https = nameNode.getScheme().equals("https");
    List<LiveDataNode> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = nodes.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String address = e.getValue().path(https ? "infoSecureAddr" : "infoAddr").asText("");
      String host = hostOf(e.getKey());
      int port = portOf(address);
      if (host.isEmpty() || port <= 0) {
        throw new Failure(nameNode + ": DataNode " + e.getKey() + " has no web address");
      }
      out.add(
          new LiveDataNode(
              host + ":" + port,
              URI.create((https ? "https" : "http") + "://" + authority(host, port))));
    }
    out.sort(Comparator.comparing(LiveDataNode::name));
    return out;
  }

  /** A DataNode the NameNode lists: how rows name it and its web UI's base URL. */
  record LiveDataNode(String name, URI web) {}

  private static List<JsonNode> beans(String json, URI base, String hint) {
    JsonNode beans;
    try {
      beans = JSON.readTree(json).get("beans");
    } catch (JsonProcessingException e) {
      beans = null;
    }
    if (beans == null || !beans.isArray()) {
      throw new Failure(base + " did not answer with Hadoop JMX JSON (" + hint + ")");
    }
    List<JsonNode> out = new ArrayList<>();
    beans.forEach(out::add);
    return out;
  }

  private static String hostOf(String hostPort) {
    int colon = hostPort.lastIndexOf(':');
    String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  private static int portOf(String hostPort) {
    try {
      return Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String authority(String host, int port) {
    return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
  }
}
