package io.hdfslocalcache.datanode.status;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UnsupportedEncodingException;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code hdfs-local-cache status --datanode host:9864}: reads the DataNode's {@code
 * LocalCache-<uuid>} bean from {@code /jmx} and prints a one-screen summary. Only the JDK on the
 * classpath. Errors are one line on stderr: exit 2 for bad arguments, 1 for a DataNode that cannot
 * be read or has no active cache.
 */
public final class StatusCommand {
  static final String QUERY = "Hadoop:service=DataNode,name=LocalCache-*";
  private static final String USAGE =
      "usage: hdfs-local-cache status --datanode <host:port>"
          + " [--timeout <seconds>]\n"
          + "  --datanode  the DataNode's HTTP address (dfs.datanode.http.address, default port"
          + " 9864),\n"
          + "              or a base URL such as https://dn1:9865\n"
          + "  --timeout   seconds to wait for the DataNode (default 10)\n";

  private StatusCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; returns the exit code. Never throws. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    String datanode = null;
    long timeoutSeconds = 10;
    try {
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        String v = null;
        int eq = a.indexOf('=');
        if (a.startsWith("--") && eq > 0) {
          v = a.substring(eq + 1);
          a = a.substring(0, eq);
        }
        switch (a) {
          case "-h":
          case "--help":
            out.print(USAGE);
            return 0;
          case "--datanode":
            datanode = v != null ? v : value(args, ++i, a);
            break;
          case "--timeout":
            {
              String t = v != null ? v : value(args, ++i, a);
              try {
                timeoutSeconds = Long.parseLong(t);
              } catch (NumberFormatException e) {
                throw new Usage("--timeout must be a whole number of seconds, not '" + t + "'");
              }
              if (timeoutSeconds <= 0) {
                throw new Usage("--timeout must be positive");
              }
              break;
            }
          default:
            throw new Usage("unknown argument '" + args[i] + "'");
        }
      }
      if (datanode == null) {
        throw new Usage("--datanode <host:port> is required");
      }
      URI base = baseUri(datanode);
      Map<String, Object> bean = fetch(base, Duration.ofSeconds(timeoutSeconds));
      out.print(new StatusReport(bean).render(base.getHost() + ":" + base.getPort()));
      return 0;
    } catch (Usage e) {
      err.println("hdfs-local-cache status: " + e.getMessage() + " (try --help)");
      return 2;
    } catch (Failure e) {
      err.println("hdfs-local-cache status: " + e.getMessage());
      return 1;
    } catch (RuntimeException e) {
      err.println("hdfs-local-cache status: unexpected error: " + e);
      return 1;
    }
  }

  private static String value(String[] args, int i, String flag) {
    if (i >= args.length || args[i].startsWith("--")) {
      throw new Usage(flag + " needs a value");
    }
    return args[i];
  }

  /** {@code host:port} or a base URL, with an explicit port either way. */
  static URI baseUri(String datanode) {
    String text = datanode.contains("://") ? datanode : "http://" + datanode;
    URI u;
    try {
      u = new URI(text);
    } catch (java.net.URISyntaxException e) {
      throw new Usage("--datanode '" + datanode + "' is not host:port or a URL");
    }
    String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase();
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new Usage("--datanode '" + datanode + "': only http and https are supported");
    }
    if (u.getHost() == null || u.getHost().isEmpty()) {
      throw new Usage("--datanode '" + datanode + "' is not host:port or a URL");
    }
    if (u.getPort() < 1) {
      if (datanode.contains("://")) {
        int port = scheme.equals("https") ? 9865 : 9864;
        return URI.create(scheme + "://" + u.getRawAuthority() + ":" + port);
      }
      throw new Usage("--datanode '" + datanode + "' needs a port, e.g. " + u.getHost() + ":9864");
    }
    return URI.create(scheme + "://" + u.getRawAuthority());
  }

  /** The cache bean of the DataNode serving {@code base}. */
  static Map<String, Object> fetch(URI base, Duration timeout) {
    URI uri;
    try {
      uri = URI.create(base + "/jmx?qry=" + URLEncoder.encode(QUERY, "UTF-8"));
    } catch (UnsupportedEncodingException e) {
      throw new AssertionError(e);
    }
    // HttpURLConnection, not java.net.http (Java 11+): this class is compiled for Java 8. It
    // speaks HTTP/1.1 (the DataNode's Netty front end answers an h2c upgrade request with 400) and
    // follows redirects within one scheme.
    int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    long seconds = timeout.getSeconds();
    HttpURLConnection c = null;
    int status;
    String body;
    try {
      c = (HttpURLConnection) uri.toURL().openConnection();
      c.setConnectTimeout(ms);
      c.setReadTimeout(ms);
      try {
        c.connect();
      } catch (SocketTimeoutException e) {
        throw new Failure("cannot connect to " + base + ": timed out after " + seconds + " s");
      }
      status = c.getResponseCode();
      InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      if (in != null) {
        try (InputStream i = in) {
          byte[] buf = new byte[8192];
          for (int n; (n = i.read(buf)) > 0; ) {
            b.write(buf, 0, n);
          }
        }
      }
      body = new String(b.toByteArray(), StandardCharsets.UTF_8);
    } catch (SocketTimeoutException e) {
      throw new Failure(base + " did not answer within " + seconds + " s");
    } catch (UnknownHostException e) {
      throw new Failure(
          "cannot connect to "
              + base
              + ": unknown host"
              + " (is the DataNode's HTTP server at this address?)");
    } catch (ConnectException e) {
      throw new Failure(
          "cannot connect to "
              + base
              + ": connection refused"
              + " (is the DataNode's HTTP server at this address?)");
    } catch (IOException e) {
      throw new Failure("cannot read " + uri + ": " + e);
    } catch (IllegalArgumentException e) {
      throw new Failure("cannot read " + uri + ": " + e.getMessage());
    } finally {
      if (c != null) {
        c.disconnect();
      }
    }
    if (status == 401 || status == 403) {
      throw new Failure(
          "HTTP "
              + status
              + " from "
              + base
              + ": the DataNode's web UI requires authentication (not supported)");
    }
    if (status != 200) {
      throw new Failure("HTTP " + status + " from " + uri);
    }
    return select(body, base);
  }

  /**
   * The cache bean in a {@code /jmx} answer. Several DataNodes in one JVM (a MiniDFSCluster) all
   * show up on each HTTP port; the bean whose HttpPort tag is this port is the one asked for.
   */
  @SuppressWarnings("unchecked")
  static Map<String, Object> select(String json, URI base) {
    List<Map<String, Object>> beans = new ArrayList<>();
    try {
      Object root = Json.parse(json);
      for (Object o : (List<Object>) ((Map<String, Object>) root).get("beans")) {
        beans.add((Map<String, Object>) o);
      }
    } catch (IllegalArgumentException | ClassCastException | NullPointerException e) {
      throw new Failure(base + " did not answer with Hadoop JMX JSON (is it a DataNode?)");
    }
    if (beans.isEmpty()) {
      throw new Failure(
          "no LocalCache bean at "
              + base
              + ": the cache is not active on this"
              + " DataNode (disabled, or no usable SSD directory; see the DataNode log), or it is"
              + " not a DataNode");
    }
    if (beans.size() == 1) {
      return beans.get(0);
    }
    String port = String.valueOf(base.getPort());
    for (Map<String, Object> b : beans) {
      if (port.equals(String.valueOf(b.get("tag.HttpPort")))) {
        return b;
      }
    }
    throw new Failure(
        beans.size() + " LocalCache beans at " + base + " and none reports HttpPort " + port);
  }

  /** Bad arguments: exit 2. */
  static final class Usage extends RuntimeException {
    Usage(String message) {
      super(message, null, false, false);
    }
  }

  /** The DataNode could not be read: exit 1. */
  static final class Failure extends RuntimeException {
    Failure(String message) {
      super(message, null, false, false);
    }
  }
}
